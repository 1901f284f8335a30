package import RiffleConfig
package import RiffleCore
package import RiffleHTTP
import RiffleSources
internal import RiffleSystem

/// The plugin types found in the plugin directories, and how to build a source of each.
///
///     let (catalog, problems) = await PluginCatalog.discover(directories: extra, environment: env)
///     let config = try Configuration.load(
///         path: path, environment: env, adapters: BuiltInAdapters.all, plugins: catalog.types)
///     let pageable = try SourceFactory.make(source, client: client, plugins: catalog.makeSource)
///
/// `loadConfiguration(path:environment:)` does the first two steps, including the `plugins:`
/// directories the configuration itself names.
package struct PluginCatalog: Sendable {
    /// One loaded plugin.
    package struct Plugin: Sendable {
        package enum Kind: Sendable {
            case manifest(PluginManifest)
            case executable
            /// An executable whose `--describe` failed: its sources fail with the problem.
            case undescribed(PluginProblem)
        }

        var type: String
        /// The file that defines it, as found (directory + name).
        package var file: String
        package var kind: Kind
        package var info: PluginTypeInfo
    }

    /// Every usable plugin, by type.
    package private(set) var plugins: [String: Plugin]
    /// Files that look like plugins but cannot be used (not executable, unreadable), by the type they
    /// would define: the problem reported for each, kept to explain a source that uses the type.
    private(set) var unusable: [String: PluginProblem] = [:]
    /// The directories searched, in order (existing or not).
    private(set) var directories: [String]
    /// riffle's environment: `${VAR}` in manifests, and where `PATH`, `HOME`, `LANG` of executables come from.
    package let environment: [String: String]

    package init(plugins: [String: Plugin] = [:], directories: [String] = [], environment: [String: String] = [:]) {
        self.plugins = plugins
        self.directories = directories
        self.environment = environment
    }

    /// The catalogue `Configuration.load(path:environment:adapters:plugins:)` checks sources against.
    package var types: [String: PluginTypeInfo] { plugins.mapValues(\.info) }

    /// Why a type a source names is not available, for the types that only unusable files define: the
    /// hint decoding puts in place of a bare "unknown type" (`ConfigDocument.decode`'s `unavailable`).
    package var unavailableTypes: [String: String] {
        unusable.filter { plugins[$0.key] == nil }.mapValues(\.description)
    }

    /// The directories always searched (contract section 5): `plugins` beside the configuration file in
    /// use (when there is one), then `$XDG_CONFIG_HOME/riffle/plugins` (XDG's default being
    /// `$HOME/.config`). Never the working directory as such: a directory someone else filled (a cloned
    /// repository) must not choose what riffle runs.
    package static func standardDirectories(configurationPath: String?, environment: [String: String]) -> [String] {
        var directories: [String] = []
        if let configurationPath {
            directories.append(directory(of: configurationPath) + "plugins")
        }
        if let home = ConfigLocator.configHome(environment: environment) {
            directories.append(home + "/riffle/plugins")
        }
        return directories
    }

    /// The directory part of `path` with its trailing `/` (`""` for a bare file name, which is then
    /// relative to the working directory only because the user named the file so).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// A type name: letters, digits, `-`, `_` and `.`, not starting with `.` or `-`.
    static func isTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != ".", first != "-", name.utf8.count <= 64 else {
            return false
        }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
        }
    }

    /// A name a plugin may define: a type name that is not a built-in type's. (A file that could not
    /// define one is not worth a "chmod +x it" hint.)
    static func isPluginType(_ name: String) -> Bool {
        isTypeName(name) && BuiltInAdapters.adapter(for: name) == nil
    }

    private struct Candidate {
        var type: String
        var file: String
        var isManifest: Bool
    }

    /// Finds the plugins in the standard directories for `configurationPath` (unless `includeStandard` is
    /// false) followed by `directories` (the configuration's `plugins:`), each real directory once.
    ///
    /// `NAME.yaml`/`NAME.yml` is a manifest of type `NAME`; any other executable regular file `NAME` or
    /// `NAME.EXT` is an executable plugin of type `NAME`, described by running `NAME --describe` (all at
    /// once, each within `describeTimeout`). Hidden files and names ending in `~` are skipped. A type that
    /// clashes with a built-in one, or a broken plugin, is an error; a type defined again later is a
    /// warning (the first one found wins). A configured directory that does not exist is a warning, and so
    /// is a file that looks like a program but is not executable, or cannot be read (`unusable`).
    ///
    /// With `describing`, only executables of those types are run (`--describe` starts a process: reading
    /// a feed or checking a configuration runs only the plugins its sources use); `nil` describes every
    /// one, which only `riffle plugins` asks for. `clock` measures `describeTimeout` (a test's clock moves
    /// when the test says). With `describeCache`, an answer kept for a file as it is now is used instead of
    /// running it, and good answers are kept.
    package static func discover(
        directories: [String], configurationPath: String? = nil, environment: [String: String],
        includeStandard: Bool = true, describeTimeout: Duration = .seconds(5), describing: Set<String>? = nil,
        clock: any Clock<Duration> = ContinuousClock(), describeCache: DescribeCache? = nil
    ) async -> (catalog: PluginCatalog, problems: [PluginProblem]) {
        let standard =
            includeStandard ? standardDirectories(configurationPath: configurationPath, environment: environment) : []
        let searched = standard + directories
        var problems: [PluginProblem] = []
        var seen: Set<String> = []
        var candidates: [Candidate] = []
        var unusable: [String: PluginProblem] = [:]
        for (index, directory) in searched.enumerated() {
            guard FileSystem.isDirectory(directory), let real = FileSystem.realPath(directory),
                let names = FileSystem.listDirectory(directory)
            else {
                if index >= standard.count {
                    problems.append(PluginProblem(.warning, file: directory, "plugin directory not found"))
                }
                continue
            }
            guard seen.insert(real).inserted else { continue }
            let base = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
            for name in names where !name.hasPrefix(".") && !name.hasSuffix("~") {
                let file = base == "/" ? "/" + name : base + "/" + name
                if name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
                    candidates.append(
                        Candidate(type: PluginManifest.typeName(ofFile: name), file: file, isManifest: true))
                } else {
                    // One look at the file (its mode, its first bytes) decides between a plugin and a warning.
                    let type = executableType(name)
                    let executable = FileSystem.isExecutableFile(file)
                    let reason =
                        executable || isPluginType(type)
                        ? UnusablePluginFile.reason(file: file, type: type, executable: executable) : nil
                    if executable, reason == nil {
                        candidates.append(Candidate(type: type, file: file, isManifest: false))
                    } else if isPluginType(type), let reason {
                        let problem = PluginProblem(.warning, file: file, reason)
                        problems.append(problem)
                        if unusable[type] == nil { unusable[type] = problem }
                    }
                }
            }
        }

        // Claim types in order: the first file of a type wins, whether or not it loads.
        var claimed: [String: String] = [:]
        var accepted: [Candidate] = []
        for candidate in candidates {
            let quoted = "\"\(PluginText.message(candidate.type, limit: 64))\""
            if BuiltInAdapters.adapter(for: candidate.type) != nil {
                problems.append(
                    PluginProblem(
                        .error, file: candidate.file,
                        "plugin type \(quoted) clashes with the built-in type; rename the file"))
                continue
            }
            guard isTypeName(candidate.type) else {
                problems.append(
                    PluginProblem(
                        .error, file: candidate.file,
                        "plugin type \(quoted) is not a type name (letters, digits, \"-\", \"_\" and \".\"); rename the file"
                    ))
                continue
            }
            if let first = claimed[candidate.type] {
                problems.append(
                    PluginProblem(
                        .warning, file: candidate.file,
                        "plugin type \(quoted) is already defined by \(first), which wins; this file is ignored"))
                continue
            }
            claimed[candidate.type] = candidate.file
            accepted.append(candidate)
        }

        // Describe every executable at once; each runs on its own I/O thread.
        let descriptions = await withTaskGroup(of: (Int, Result<PluginTypeInfo, PluginProblem>).self) { group in
            for (index, candidate) in accepted.enumerated()
            where !candidate.isManifest && (describing.map { $0.contains(candidate.type) } ?? true) {
                group.addTask {
                    (
                        index,
                        await ExecutableDescription.describe(
                            path: candidate.file, environment: environment, timeout: describeTimeout,
                            clock: clock, cache: describeCache)
                    )
                }
            }
            var results: [Int: Result<PluginTypeInfo, PluginProblem>] = [:]
            for await (index, result) in group { results[index] = result }
            return results
        }

        var plugins: [String: Plugin] = [:]
        for (index, candidate) in accepted.enumerated() {
            if candidate.isManifest {
                do {
                    let manifest = try PluginManifest.load(
                        path: candidate.file, environment: environment, adapters: BuiltInAdapters.all)
                    plugins[candidate.type] = Plugin(
                        type: candidate.type, file: candidate.file, kind: .manifest(manifest), info: manifest.typeInfo)
                } catch {
                    problems += error.diagnostics.map { PluginProblem(.error, $0) }
                }
            } else {
                switch descriptions[index] {
                case .success(let info)?:
                    plugins[candidate.type] = Plugin(
                        type: candidate.type, file: candidate.file, kind: .executable, info: info)
                case .failure(let problem)?:
                    problems.append(problem)
                    // Only this type's sources fail, naming the plugin, rather than every run on "unknown type".
                    plugins[candidate.type] = Plugin(
                        type: candidate.type, file: candidate.file, kind: .undescribed(problem),
                        info: PluginTypeInfo(file: candidate.file, unavailable: problem.diagnostic.message))
                case nil:
                    break
                }
            }
        }
        var catalog = PluginCatalog(plugins: plugins, directories: searched, environment: environment)
        catalog.unusable = unusable
        return (catalog, problems)
    }

    /// The type an executable file defines: its name without the last extension (`rest-events.py`).
    static func executableType(_ name: String) -> String {
        var type = Substring(name)
        if let dot = type.lastIndex(of: "."), dot != type.startIndex { type = type[..<dot] }
        return String(type)
    }

    // MARK: Building sources

    /// The adapter for a source whose type a plugin defines: the generic GraphQL adapter over the
    /// manifest's instantiated settings, or an `ExecutablePluginSource`. Matches `SourceFactory.make`'s
    /// `plugins` closure (`plugins: catalog.makeSource`). Throws `ConfigError` (the manifest's file and
    /// position, naming the source) when the params do not make valid settings, `SourceError` for a type
    /// no plugin provides.
    func makeSource(for source: SourceSettings, plugin: PluginSourceSettings, client: HTTPClient) throws
        -> any Pageable
    {
        guard let entry = plugins[plugin.type] else {
            throw SourceError("no plugin provides type \(plugin.type)")
        }
        switch entry.kind {
        case .manifest(let manifest):
            let settings = try graphQLSettings(manifest, source: source, plugin: plugin).settings
            return GraphQLSource(settings: settings, client: client, timeout: source.timeout, retries: source.retries)
        case .executable:
            let log = client.configuration.log.map { sink in
                PluginLog(source: source.name, type: plugin.type) { line in sink(client.redact(line)) }
            }
            return ExecutablePluginSource(
                executable: entry.file, params: plugin.params, timeout: source.timeout, environment: environment,
                log: log)
        case .undescribed(let problem):
            return UndescribedPluginSource(executable: entry.file, problem: problem.diagnostic.message)
        }
    }

    /// `makeSource(for:plugin:client:)` in the shape of `SourceFactory.make`'s `plugins` closure.
    package func makeSource(client: HTTPClient)
        -> @Sendable (SourceSettings, PluginSourceSettings) throws -> any Pageable
    {
        { source, plugin in try self.makeSource(for: source, plugin: plugin, client: client) }
    }

    /// The generic adapter's settings for a manifest-typed source: `${param.NAME}` and `${VAR}` substituted,
    /// and headers whose value is empty after substitution left out (an optional token that was not given
    /// sends no header). Problems name the manifest and the source.
    func graphQLSettings(
        _ manifest: PluginManifest, source: SourceSettings, plugin: PluginSourceSettings
    ) throws(ConfigError) -> (settings: GraphQLSettings, secrets: Set<String>) {
        do {
            var (settings, secrets) = try manifest.instantiate(params: plugin.params, environment: environment)
            settings.headers.removeAll { $0.value.trimmingWhitespace.isEmpty }
            return (settings, secrets)
        } catch {
            throw ConfigError(
                diagnostics: error.diagnostics.map { diagnostic in
                    var diagnostic = diagnostic
                    diagnostic.message += " (for source \"\(source.name)\" of type \"\(plugin.type)\")"
                    return diagnostic
                })
        }
    }

    /// Instantiates every manifest-typed source without fetching: what `riffle check` adds to the
    /// configuration's own checks. Empty when all is well.
    package func validate(_ sources: [SourceSettings]) -> [ConfigDiagnostic] {
        var diagnostics: [ConfigDiagnostic] = []
        for source in sources {
            guard let plugin = source.plugin else { continue }
            guard let entry = plugins[plugin.type] else {
                diagnostics.append(
                    ConfigDiagnostic(
                        file: plugin.pluginFile, mark: nil, path: "",
                        message: "plugin type \"\(plugin.type)\" is not loaded (for source \"\(source.name)\")"))
                continue
            }
            guard case .manifest(let manifest) = entry.kind else { continue }
            do {
                _ = try graphQLSettings(manifest, source: source, plugin: plugin)
            } catch {
                diagnostics += error.diagnostics
            }
        }
        return diagnostics
    }

    /// Values manifests take from the environment for these sources: add them to the HTTP log's secrets.
    package func secrets(for sources: [SourceSettings]) -> Set<String> {
        var secrets: Set<String> = []
        for source in sources {
            guard let plugin = source.plugin, let entry = plugins[plugin.type],
                case .manifest(let manifest) = entry.kind,
                let instantiated = try? graphQLSettings(manifest, source: source, plugin: plugin)
            else { continue }
            secrets.formUnion(instantiated.secrets)
            secrets.formUnion(SecretPosition.secrets(in: instantiated.settings.headers))
        }
        return secrets
    }
}
