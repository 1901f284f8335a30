internal import RiffleSystem

/// A configuration file read and parsed once per run.
///
/// Start-up needs two things from the file before it can be decoded: the `plugins:` directories to search,
/// and the `type:` of every source (so that only the executable plugins in use are started). Both are
/// read from this one parse, and `decode` turns the same tree into a `Configuration`.
package struct ConfigDocument: Sendable {
    /// The file it was read from, as given.
    let path: String
    /// The root node; `nil` for an empty file.
    let root: YAMLNode?
    /// The file's permission bits, when it was read from disk.
    let mode: UInt32?
    /// Problems the parse found without failing (a repeated key): decoding reports them with its own.
    let parseDiagnostics: Diagnostics

    /// Reads and parses the file at `path`; throws when it cannot be read or is not YAML.
    package static func read(path: String, limits: ParseLimits = .standard) throws(ConfigError) -> ConfigDocument {
        let file = try ConfigFile.contents(path, limits: limits)
        return try parse(bytes: file.bytes, file: path, limits: limits, mode: file.mode)
    }

    /// Parses configuration bytes (which need not be UTF-8: that is checked), as if read from `file`.
    package static func parse(
        bytes: [UInt8], file: String, limits: ParseLimits = .standard
    ) throws(ConfigError) -> ConfigDocument {
        try parse(bytes: bytes, file: file, limits: limits, mode: nil)
    }

    private static func parse(
        bytes: [UInt8], file: String, limits: ParseLimits, mode: UInt32?
    ) throws(ConfigError) -> ConfigDocument {
        var diagnostics = Diagnostics(file: file)
        guard case .parsed(let root) = YAMLDocument.parse(bytes, limits: limits, diagnostics: &diagnostics) else {
            throw diagnostics.error
        }
        return ConfigDocument(path: file, root: root, mode: mode, parseDiagnostics: diagnostics)
    }

    /// The `plugins:` directories, resolved as decoding resolves them (`${VAR}` substituted, relative to
    /// the file's directory, `~` against `$HOME`). Entries with problems are left out here; `decode`
    /// reports them.
    package func pluginDirectories(environment: [String: String]) -> [String] {
        let context = DecodingContext(file: path, environment: environment)
        guard let root, let reader = MappingReader(root, ConfigPath(), context), let node = reader.value("plugins")
        else { return [] }
        return Configuration.decodePluginDirectories(node, context, file: path) ?? []
    }

    /// The `plugins:` directories (as `pluginDirectories(environment:)`) that are not directories, each as an
    /// error at its entry: a directory named in the file that is not there is a mistake to speak of (a
    /// typo, a checkout without its plugins), not a place to skip.
    package func missingPluginDirectories(environment: [String: String]) -> [ConfigDiagnostic] {
        let context = DecodingContext(file: path, environment: environment)
        guard let root, let reader = MappingReader(root, ConfigPath(), context), let node = reader.value("plugins"),
            let entries = node.sequence,
            let resolved = Configuration.decodePluginDirectories(node, context, file: path),
            resolved.count == entries.count
        else { return [] }
        return zip(entries, resolved).enumerated().compactMap { index, pair in
            let (entry, directory) = pair
            guard !FileSystem.isDirectory(directory) else { return nil }
            let written = entry.scalar?.value ?? directory
            let shown = written == directory ? Quote.text(directory) : "\(Quote.text(written)) (\(directory))"
            return ConfigDiagnostic(
                file: path, mark: entry.mark, path: ConfigPath("plugins").index(index).description,
                message: "plugin directory \(shown) does not exist: create it, or remove it from plugins:")
        }
    }

    /// `defaults.describe_timeout` when the file gives a valid one: how long a plugin's `--describe` may take,
    /// needed before the file is decoded (the catalogue is built first); `decode` reports a bad value.
    package func describeTimeout(environment: [String: String]) -> Duration? {
        let context = DecodingContext(file: path, environment: environment)
        guard let root, let reader = MappingReader(root, ConfigPath(), context), let node = reader.value("defaults"),
            let defaults = MappingReader(node, ConfigPath("defaults"), context)
        else { return nil }
        return defaults.duration("describe_timeout", in: DefaultSettings.timeoutRange)
    }

    /// The `type:` of every source as written: the plugin types whose executables may be started. A type
    /// that is not a plain string names none (decoding reports it); nothing else in the file, and nothing
    /// in the directories, adds to this set.
    package var sourceTypes: Set<String> {
        guard let entry = root?.mapping?.first(where: { $0.key.scalar?.value == "sources" }),
            let sources = entry.value.sequence
        else { return [] }
        var types: Set<String> = []
        for source in sources {
            guard let pairs = source.mapping else { continue }
            for pair in pairs where pair.key.scalar?.value == "type" {
                if let type = pair.value.scalar?.value { types.insert(type) }
            }
        }
        return types
    }

    /// Decodes the document against the built-in types in `adapters` (RiffleSources' `BuiltInAdapters.all`)
    /// and the plugin types in `plugins`, throwing every problem found.
    ///
    /// With `namingPluginFiles`, a source's unknown param names the file that defines its plugin type
    /// (missing ones always do), which helps when plugins come from several directories. `unavailable`
    /// maps a type that a plugin file would define, but cannot (not executable, unreadable), to why: a
    /// source of that type is told so instead of "unknown type".
    package func decode(
        environment: [String: String], adapters: [any SourceTypeDecoder.Type],
        plugins: [String: PluginTypeInfo] = [:], unavailable: [String: String] = [:],
        namingPluginFiles: Bool = false
    ) throws(ConfigError) -> Configuration {
        try Configuration.decode(
            self, environment: environment, adapters: adapters, plugins: plugins, unavailable: unavailable,
            namingPluginFiles: namingPluginFiles)
    }
}
