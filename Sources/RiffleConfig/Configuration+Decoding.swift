extension Configuration {
    /// Reads and decodes the configuration file at `path`.
    ///
    /// `environment` supplies `${VAR}`; `adapters` decode the built-in types (RiffleSources'
    /// `BuiltInAdapters.all`) and `plugins` is the catalogue of plugin types a source may use. Throws
    /// every problem found (up to a cap), each as `FILE:LINE:COLUMN: KEY.PATH: message`. A literal token in a
    /// file readable by group or others is not an error but a warning in `warnings`.
    package static func load(
        path: String, environment: [String: String], adapters: [any SourceTypeDecoder.Type],
        plugins: [String: PluginTypeInfo] = [:], limits: ParseLimits = .standard
    ) throws(ConfigError) -> Configuration {
        try ConfigDocument.read(path: path, limits: limits).decode(
            environment: environment, adapters: adapters, plugins: plugins)
    }

    /// Decodes configuration text, as if read from `file` (used in messages and to resolve `plugins:`).
    package static func parse(
        text: String, file: String = "config.yaml", environment: [String: String] = [:],
        adapters: [any SourceTypeDecoder.Type], plugins: [String: PluginTypeInfo] = [:],
        limits: ParseLimits = .standard
    ) throws(ConfigError) -> Configuration {
        try parse(
            bytes: Array(text.utf8), file: file, environment: environment, adapters: adapters, plugins: plugins,
            limits: limits)
    }

    /// Decodes configuration bytes (which need not be UTF-8: that is checked), as if read from `file`.
    package static func parse(
        bytes: [UInt8], file: String = "config.yaml", environment: [String: String] = [:],
        adapters: [any SourceTypeDecoder.Type], plugins: [String: PluginTypeInfo] = [:],
        limits: ParseLimits = .standard
    ) throws(ConfigError) -> Configuration {
        try ConfigDocument.parse(bytes: bytes, file: file, limits: limits).decode(
            environment: environment, adapters: adapters, plugins: plugins)
    }

    private static let keys = ["reader", "defaults", "store", "serve", "plugins", "sources"]

    /// Decodes a parsed file (see `ConfigDocument.decode`).
    static func decode(
        _ document: ConfigDocument, environment: [String: String], adapters: [any SourceTypeDecoder.Type],
        plugins: [String: PluginTypeInfo], unavailable: [String: String] = [:], namingPluginFiles: Bool
    ) throws(ConfigError) -> Configuration {
        let file = document.path
        let context = DecodingContext(file: file, environment: environment)
        context.diagnostics = document.parseDiagnostics
        context.namesPluginFiles = namingPluginFiles
        context.unavailablePluginTypes = unavailable
        let root = document.root ?? YAMLNode.emptyMapping(at: Mark(line: 1, column: 1))
        guard let reader = MappingReader(root, ConfigPath(), context, expecting: "a mapping with a sources key") else {
            throw context.diagnostics.error
        }
        reader.rejectUnknownKeys(keys)
        let readerSettings = reader.value("reader").flatMap { decodeReader($0, context) } ?? ReaderSettings()
        let defaults = reader.value("defaults").flatMap { decodeDefaults($0, context) } ?? DefaultSettings()
        let store = reader.value("store").flatMap { decodeStore($0, context, file: file) } ?? StoreSettings()
        let serve = reader.value("serve").flatMap { decodeServe($0, context, file: file) } ?? ServeSettings()
        let directories = reader.value("plugins").flatMap { decodePluginDirectories($0, context, file: file) } ?? []
        let sources = reader.required("sources").map {
            decodeSources($0, context, defaults: defaults, adapters: adapters, plugins: plugins)
        }
        guard context.diagnostics.isEmpty, let sources else { throw context.diagnostics.error }

        var warnings: [String] = []
        if let mode = document.mode, mode & 0o044 != 0, let first = context.literalTokens.first {
            warnings.append(
                "\(file): \(first) holds a literal token and the file is readable by group or others; "
                    + "run chmod 600 \(file) (or take the token from the environment with ${VAR})")
        }
        return Configuration(
            path: file, reader: readerSettings, defaults: defaults, store: store, serve: serve,
            pluginDirectories: directories,
            sources: sources,
            secrets: context.secrets, warnings: warnings)
    }

    private static func decodeReader(_ node: YAMLNode, _ context: DecodingContext) -> ReaderSettings? {
        let path = ConfigPath("reader")
        guard let reader = MappingReader(node, path, context) else { return nil }
        reader.rejectUnknownKeys(["lines", "prefetch", "links", "unread_only"])
        var settings = ReaderSettings()
        if let node = reader.value("lines"), let value = context.scalar(node, path.key("lines"), expecting: "auto") {
            let range = ReaderSettings.linesRange
            if value.text != "auto" {
                if let lines = ValueSyntax.wholeNumber(value.text), range.contains(lines) {
                    settings.lines = lines
                } else {
                    context.error(
                        "expected auto or a whole number from \(range.lowerBound) to \(range.upperBound), "
                            + "got \(value.display)", at: node.mark, path.key("lines"))
                }
            }
        }
        settings.prefetch = reader.int("prefetch", in: ReaderSettings.prefetchRange) ?? settings.prefetch
        settings.links = reader.bool("links") ?? settings.links
        settings.unreadOnly = reader.bool("unread_only") ?? settings.unreadOnly
        return settings
    }

    private static func decodeDefaults(_ node: YAMLNode, _ context: DecodingContext) -> DefaultSettings? {
        guard let reader = MappingReader(node, ConfigPath("defaults"), context) else { return nil }
        reader.rejectUnknownKeys(["page_size", "timeout", "retries", "describe_timeout", "refresh"])
        var settings = DefaultSettings()
        settings.pageSize = reader.int("page_size", in: DefaultSettings.pageSizeRange) ?? settings.pageSize
        settings.timeout = reader.duration("timeout", in: DefaultSettings.timeoutRange) ?? settings.timeout
        settings.retries = reader.int("retries", in: DefaultSettings.retriesRange) ?? settings.retries
        settings.describeTimeout =
            reader.duration("describe_timeout", in: DefaultSettings.timeoutRange) ?? settings.describeTimeout
        settings.refresh = reader.duration("refresh", in: DefaultSettings.refreshRange) ?? settings.refresh
        return settings
    }

    private static func decodeStore(_ node: YAMLNode, _ context: DecodingContext, file: String) -> StoreSettings? {
        let path = ConfigPath("store")
        guard let reader = MappingReader(node, path, context) else { return nil }
        reader.rejectUnknownKeys(["path", "max_items", "keep"])
        var settings = StoreSettings()
        if let value = reader.string("path") {
            settings.path = resolve(value.text, base: directory(of: file), home: context.environment["HOME"])
        }
        settings.maxItems = reader.int("max_items", in: StoreSettings.maxItemsRange) ?? settings.maxItems
        if let node = reader.value("keep") {
            // `keep: 0` (the contract's spelling of "keep everything") has no unit.
            if node.scalar?.value == "0" {
                settings.keep = .zero
            } else if let keep = context.duration(node, path.key("keep"), in: StoreSettings.keepRange) {
                settings.keep = keep
            }
        }
        return settings
    }

    /// The `serve:` section. `user` and `password` (the sync APIs) are refused: they are not built yet,
    /// and a setting that silently did nothing would leave the user believing the APIs were on.
    private static func decodeServe(_ node: YAMLNode, _ context: DecodingContext, file: String) -> ServeSettings? {
        let path = ConfigPath("serve")
        guard let reader = MappingReader(node, path, context) else { return nil }
        reader.rejectUnknownKeys(ServeSettings.keys)
        var settings = ServeSettings()
        if let node = reader.value("listen"), let value = context.string(node, path.key("listen")) {
            switch ListenAddress.parse(value.text) {
            case .success(let address): settings.listen = address
            case .failure(let problem): context.error(problem.message, at: node.mark, path.key("listen"))
            }
        }
        if let node = reader.value("token"), let value = context.headerValue(node, path.key("token")) {
            if value.text.isEmpty {
                context.error(
                    "the token is empty (an unset variable with an empty default?); set it or remove the key",
                    at: node.mark, path.key("token"))
            } else {
                if value.isLiteral { context.literalTokens.append(path.key("token").description) }
                settings.token = value.text
            }
        }
        if let value = reader.string("token_file") {
            settings.tokenFile = resolve(value.text, base: directory(of: file), home: context.environment["HOME"])
            if let tokenKey = reader.keyNode("token"), settings.token != nil {
                context.error(
                    "give token or token_file, not both", at: tokenKey.mark, path.key("token"))
            }
        }
        for key in ["user", "password"] {
            guard let keyNode = reader.keyNode(key) else { continue }
            context.error(
                "the sync APIs (Google Reader, Fever) that \(key) is for are not built yet; remove serve.\(key) "
                    + "(riffle serve would otherwise start without them)", at: keyNode.mark, path.key(key))
        }
        return settings
    }

    /// The `plugins:` list, each directory resolved against `file`'s directory (`~` against `$HOME`).
    static func decodePluginDirectories(_ node: YAMLNode, _ context: DecodingContext, file: String) -> [String]? {
        let base = directory(of: file)
        let home = context.environment["HOME"]
        let path = ConfigPath("plugins")
        guard let elements = node.sequence else {
            context.error("expected a list of directories, got \(node.kindDescription)", at: node.mark, path)
            return nil
        }
        return elements.enumerated().compactMap { index, element in
            context.string(element, path.index(index)).map { resolve($0.text, base: base, home: home) }
        }
    }

    private static func decodeSources(
        _ node: YAMLNode, _ context: DecodingContext, defaults: DefaultSettings,
        adapters: [any SourceTypeDecoder.Type], plugins: [String: PluginTypeInfo]
    ) -> [SourceSettings] {
        let path = ConfigPath("sources")
        guard let elements = node.sequence else {
            context.error("expected a list of sources, got \(node.kindDescription)", at: node.mark, path)
            return []
        }
        if elements.isEmpty { context.error("expected at least one source", at: node.mark, path) }
        // Sized once: growing the dictionary of names rehashed every name so far, 1,000 sources cost ten
        // resizes.
        var sources: [SourceSettings] = []
        sources.reserveCapacity(elements.count)
        var names: [String: Mark] = [:]
        names.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let (settings, name) = SourceSettings.decode(
                element, path.index(index), context, defaults: defaults, adapters: adapters, plugins: plugins)
            if let name {
                if let first = names[name.text] {
                    context.error(
                        "duplicate source name \(name.display) (first at \(first))", at: name.mark,
                        path.index(index).key("name"))
                    continue
                }
                names[name.text] = name.mark
            }
            if let settings { sources.append(settings) }
        }
        return sources
    }

    /// The directory part of `file` (`""` for a bare file name).
    static func directory(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "" }
        return slash == file.startIndex ? "/" : String(file[..<slash])
    }

    /// `dir` resolved against `base`; `~` and `~/…` against `home`.
    static func resolve(_ dir: String, base: String, home: String?) -> String {
        if let home, !home.isEmpty, dir == "~" || dir.hasPrefix("~/") { return home + dir.dropFirst() }
        if dir.hasPrefix("/") || base.isEmpty { return dir }
        var relative = Substring(dir)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        if relative.isEmpty || relative == "." { return base }
        return base == "/" ? "/" + relative : base + "/" + relative
    }
}
