public import RiffleConfig
import RiffleCore
internal import RiffleSystem

extension PluginCatalog {
    /// Loads the configuration together with the plugins it may use: the standard directories and the
    /// configuration's own `plugins:` directories are searched, then the file is decoded against that
    /// catalogue and every manifest-typed source is instantiated (without fetching).
    ///
    /// Throws every problem as one `ConfigError` (exit 78): the configuration's, the instantiation's, and,
    /// when the configuration has problems, the plugin files' errors too (a broken manifest explains an
    /// "unknown type"). On success, `problems` holds the plugin files' errors and warnings for the caller
    /// to print (`riffle check` fails on an error; reading only warns).
    public static func loadConfiguration(
        path: String, environment: [String: String], includeStandard: Bool = true,
        describeTimeout: Duration = .seconds(5), describeAll: Bool = false
    ) async throws(ConfigError) -> (configuration: Configuration, catalog: PluginCatalog, problems: [PluginProblem]) {
        var extra = configuredDirectories(path: path, environment: environment)
        let used = describeAll ? nil : configuredTypes(path: path)
        for _ in 0..<2 {
            let (catalog, problems) = await discover(
                directories: extra, environment: environment, includeStandard: includeStandard,
                describeTimeout: describeTimeout, describing: used)
            let configuration: Configuration
            do {
                configuration = try Configuration.load(path: path, environment: environment, plugins: catalog.types)
            } catch {
                let pluginErrors = problems.filter { $0.severity == .error }.map(\.diagnostic)
                throw ConfigError(diagnostics: pluginErrors + naming(error.diagnostics, catalog))
            }
            guard configuration.pluginDirectories == extra else {
                // `plugins:` said more than a plain reading saw (a `${VAR}` in it): search again.
                extra = configuration.pluginDirectories
                continue
            }
            let invalid = catalog.validate(configuration.sources)
            guard invalid.isEmpty else { throw ConfigError(diagnostics: invalid) }
            return (configuration, catalog, problems)
        }
        throw ConfigError(diagnostics: [
            ConfigDiagnostic(file: path, mark: nil, path: "plugins", message: "the plugin directories keep changing")
        ])
    }

    /// The `plugins:` directories of the configuration at `path`, read plainly (resolved against the
    /// file's directory, `~` against `$HOME`) so that discovery can run before the full decoding.
    /// The `type:` of every source as written (a plain reading, before decoding), so that only the
    /// executable plugins a configuration uses are started to describe themselves; `nil` when the file
    /// cannot be read that way (then every plugin is described and decoding reports the problem).
    static func configuredTypes(path: String) -> Set<String>? {
        guard let bytes = try? FileSystem.readFile(path, limit: ParseLimits.standard.maxBytes).bytes,
            let root = try? YAMLDocument.parse(bytes, file: path)
        else { return nil }
        guard let entry = root.mapping?.first(where: { $0.key.scalar?.value == "sources" }),
            let sources = entry.value.sequence
        else { return [] }
        var types: Set<String> = []
        for source in sources {
            guard let pairs = source.mapping else { continue }
            for pair in pairs where pair.key.scalar?.value == "type" {
                guard let type = pair.value.scalar?.value else { return nil }
                types.insert(type)
            }
        }
        return types
    }

    static func configuredDirectories(path: String, environment: [String: String]) -> [String] {
        guard let bytes = try? FileSystem.readFile(path, limit: ParseLimits.standard.maxBytes).bytes,
            let root = try? YAMLDocument.parse(bytes, file: path),
            let entry = root.mapping?.first(where: { $0.key.scalar?.value == "plugins" }),
            let elements = entry.value.sequence
        else { return [] }
        var base = ""
        if let slash = path.lastIndex(of: "/") { base = slash == path.startIndex ? "/" : String(path[..<slash]) }
        let home = environment["HOME"]
        return elements.compactMap(\.scalar?.value).map { directory in
            if let home, !home.isEmpty, directory == "~" || directory.hasPrefix("~/") {
                return home + directory.dropFirst()
            }
            if directory.hasPrefix("/") || base.isEmpty { return directory }
            var relative = Substring(directory)
            while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
            if relative.isEmpty || relative == "." { return base }
            return base == "/" ? "/" + relative : base + "/" + relative
        }
    }

    /// Adds the defining file to "unknown param of plugin type" messages (missing ones already name it).
    static func naming(_ diagnostics: [ConfigDiagnostic], _ catalog: PluginCatalog) -> [ConfigDiagnostic] {
        diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            let prefix = "unknown param of plugin type \""
            guard diagnostic.message.hasPrefix(prefix) else { return diagnostic }
            let rest = diagnostic.message.dropFirst(prefix.count)
            guard let close = rest.firstIndex(of: "\""), let plugin = catalog.plugins[String(rest[..<close])] else {
                return diagnostic
            }
            let head = diagnostic.message[..<rest.index(after: close)]
            diagnostic.message = head + " (defined in \(plugin.file))" + rest[rest.index(after: close)...]
            return diagnostic
        }
    }
}
