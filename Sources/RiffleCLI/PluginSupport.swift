import RiffleConfig
import RifflePlugins
import RiffleTerminal

/// Where the CLI meets the plugin layer: `riffle plugins` output, and process shutdown on exit.
enum PluginSupport {
    /// `riffle plugins`: every adapter type with its description, params and origin. Plugin directories
    /// are the standard ones (beside the configuration file, when one is found, and XDG's) plus, when it
    /// loads, the configuration's `plugins:` list; the configuration is read once, and its catalogue is the
    /// one listed. The one command that describes every executable plugin in those directories.
    static func listing(configFlag: String?, environment: [String: String]) async -> (
        lines: [String], problems: [PluginProblem]
    ) {
        let location = try? ConfigLocator.resolve(flag: configFlag, environment: environment)
        var found: (catalog: PluginCatalog, problems: [PluginProblem])?
        if let location,
            let loaded = try? await PluginCatalog.loadConfiguration(
                path: location.path, environment: environment, describeAll: true)
        {
            found = (loaded.catalog, loaded.problems)
        }
        let (catalog, problems): (PluginCatalog, [PluginProblem])
        if let found {
            (catalog, problems) = found
        } else {
            // The configuration does not load (an unset variable, say): its `plugins:` still count.
            let document = location.flatMap { try? ConfigDocument.read(path: $0.path) }
            (catalog, problems) = await PluginCatalog.discover(
                directories: document?.pluginDirectories(environment: environment) ?? [],
                configurationPath: location?.path, environment: environment,
                describeCache: DescribeCache.standard(environment: environment))
        }
        var lines: [String] = []
        for type in catalog.adapterTypes {
            lines.append("\(UntrustedText.sanitize(type.name))  (\(UntrustedText.sanitize(type.origin.description)))")
            if let description = type.description { lines.append("    \(UntrustedText.sanitize(description))") }
            for param in type.params.sorted(by: { $0.name < $1.name }) {
                var line = "    \(UntrustedText.sanitize(param.name))"
                if param.required { line += " (required)" }
                if let value = param.defaultValue { line += " [default: \(UntrustedText.sanitize(value))]" }
                if let description = param.description { line += " — \(UntrustedText.sanitize(description))" }
                lines.append(line)
            }
        }
        return (lines, problems)
    }
}

/// Stops plugin processes on exit.
enum PluginShutdown {
    static func run() async { await PluginProcesses.shutdownAll() }
}
