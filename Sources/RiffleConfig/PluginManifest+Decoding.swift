extension PluginManifest {
    /// Reads and checks the manifest at `path`; its type may not be one of `adapters` (the built-in types,
    /// RiffleSources' `BuiltInAdapters.all`).
    package static func load(
        path: String, environment: [String: String], adapters: [any SourceTypeDecoder.Type],
        limits: ParseLimits = .standard
    ) throws(ConfigError) -> PluginManifest {
        let file = try ConfigFile.contents(path, limits: limits)
        return try decode(
            bytes: file.bytes, file: path, environment: environment, adapters: adapters, limits: limits)
    }

    /// Checks manifest text, as if read from `file` (whose name gives the type).
    package static func parse(
        text: String, file: String, environment: [String: String] = [:], adapters: [any SourceTypeDecoder.Type],
        limits: ParseLimits = .standard
    ) throws(ConfigError) -> PluginManifest {
        try decode(bytes: Array(text.utf8), file: file, environment: environment, adapters: adapters, limits: limits)
    }

    private static let keys = ["description", "params", "source"]
    private static let paramKeys = ["required", "default", "description"]

    private static func decode(
        bytes: [UInt8], file: String, environment: [String: String], adapters: [any SourceTypeDecoder.Type],
        limits: ParseLimits
    ) throws(ConfigError) -> PluginManifest {
        let context = DecodingContext(file: file, environment: environment, defersPlaceholders: true)
        guard case .parsed(let parsed) = YAMLDocument.parse(bytes, limits: limits, diagnostics: &context.diagnostics)
        else { throw context.diagnostics.error }
        let type = typeName(ofFile: file)
        if adapters.contains(where: { $0.type == type }) {
            context.error(
                "plugin type \(Quote.text(type)) clashes with the built-in type; rename the file", at: nil, ConfigPath()
            )
        }
        let root = parsed ?? YAMLNode.emptyMapping(at: Mark(line: 1, column: 1))
        guard let reader = MappingReader(root, ConfigPath(), context, expecting: "a mapping with a source key") else {
            throw context.diagnostics.error
        }
        reader.rejectUnknownKeys(keys)
        let description = reader.string("description")?.text
        let params = reader.value("params").flatMap { decodeParams($0, context) } ?? [:]
        let source = reader.required("source")
        if let source, let mapping = MappingReader(source, ConfigPath("source"), context) {
            mapping.rejectUnknownKeys(GraphQLSettings.keys)
            _ = GraphQLSettings.decode(mapping)
            checkReferences(source, ConfigPath("source"), params: params.keys.sorted(), context)
        }
        guard context.diagnostics.isEmpty, let source else { throw context.diagnostics.error }
        return PluginManifest(type: type, file: file, description: description, params: params, source: source)
    }

    private static func decodeParams(_ node: YAMLNode, _ context: DecodingContext) -> [String: PluginParam]? {
        let path = ConfigPath("params")
        guard let reader = MappingReader(node, path, context) else { return nil }
        var params: [String: PluginParam] = [:]
        for pair in reader.pairs {
            guard let name = pair.key.scalar?.value else { continue }
            let paramPath = path.key(name)
            if !ValueSyntax.isSourceName(name) || name.contains(".") {
                context.error("a param name is letters, digits, \"_\" and \"-\"", at: pair.key.mark, paramPath)
                continue
            }
            if SourceSettings.commonKeys.contains(name) {
                context.error(
                    "clashes with the source key \(Quote.text(name)) every source has; rename the param",
                    at: pair.key.mark, paramPath)
                continue
            }
            guard let fields = MappingReader(pair.value, paramPath, context) else { continue }
            fields.rejectUnknownKeys(paramKeys)
            let required = fields.value("required").flatMap { context.bool($0, paramPath.key("required")) } ?? false
            let fallback = fields.value("default").flatMap {
                context.string($0, paramPath.key("default"), allowEmpty: true)
            }
            let description = fields.string("description")?.text
            if required, fallback != nil, let key = fields.keyNode("default") {
                context.error("a required param cannot have a default", at: key.mark, paramPath.key("default"))
            }
            params[name] = PluginParam(required: required, defaultValue: fallback?.text, description: description)
        }
        return params
    }

    /// Reports every `${param.NAME}` under `node` that names no declared param.
    private static func checkReferences(
        _ node: YAMLNode, _ path: ConfigPath, params: [String], _ context: DecodingContext
    ) {
        switch node.content {
        case .scalar(let scalar):
            for name in Substitution.paramReferences(in: scalar.value) where !params.contains(name) {
                context.error(
                    "${param.\(name)} names no declared param\(Suggestion.hint(for: name, among: params))",
                    at: node.mark, path)
            }
        case .sequence(let elements):
            for (index, element) in elements.enumerated() {
                checkReferences(element, path.index(index), params: params, context)
            }
        case .mapping(let pairs):
            for pair in pairs {
                checkReferences(pair.value, path.key(pair.key.scalar?.value ?? "?"), params: params, context)
            }
        }
    }

    /// The generic adapter's settings for a source of this type: `${param.NAME}` replaced by the source's
    /// params (declared defaults fill the gaps), `${VAR}` by the environment, then decoded and checked.
    ///
    /// Problems are reported against the manifest file. Returns the non-empty values taken from the
    /// environment as secrets.
    package func instantiate(
        params given: [String: String], environment: [String: String]
    ) throws(ConfigError) -> (settings: GraphQLSettings, secrets: Set<String>) {
        var values: [String: String] = [:]
        var missing: [String] = []
        for (name, param) in params {
            if let value = given[name] ?? param.defaultValue {
                values[name] = value
            } else if param.required {
                missing.append(name)
            } else {
                values[name] = ""
            }
        }
        let context = DecodingContext(file: file, environment: environment, params: values)
        for name in missing.sorted() {
            context.error("missing required param \(Quote.text(name))", at: nil, ConfigPath())
        }
        let settings = MappingReader(source, ConfigPath("source"), context).flatMap { reader in
            reader.rejectUnknownKeys(GraphQLSettings.keys)
            return GraphQLSettings.decode(reader)
        }
        guard context.diagnostics.isEmpty, let settings else { throw context.diagnostics.error }
        return (settings, context.secrets)
    }
}
