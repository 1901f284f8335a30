import RiffleConfig
import RifflePlugins
import RiffleTerminal

/// Where the CLI meets the plugin layer: `riffle plugins` output, and process shutdown on exit.
enum PluginSupport {
    /// `riffle plugins`: every adapter type with its description, params and origin. Plugin directories
    /// are the standard ones plus, when a configuration is found and loads, its `plugins:` list; the
    /// configuration is read once, and its catalogue is the one listed.
    static func listing(configFlag: String?, environment: [String: String]) async -> (
        lines: [String], problems: [PluginProblem]
    ) {
        var found: (catalog: PluginCatalog, problems: [PluginProblem])?
        if let location = ConfigLocator.resolve(flag: configFlag, environment: environment),
            ConfigLocator.fileExists(location.path),
            let loaded = try? await PluginCatalog.loadConfiguration(
                path: location.path, environment: environment, describeAll: true)
        {
            found = (loaded.catalog, loaded.problems)
        }
        let (catalog, problems): (PluginCatalog, [PluginProblem])
        if let found {
            (catalog, problems) = found
        } else {
            (catalog, problems) = await PluginCatalog.discover(directories: [], environment: environment)
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
