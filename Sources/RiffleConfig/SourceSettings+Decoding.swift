extension SourceSettings {
    /// Decodes one entry of `sources:`; `nil` when it has problems (all reported).
    ///
    /// The `type:` picks the decoder: one of `adapters` (the built-in types), else one of `plugins`.
    static func decode(
        _ node: YAMLNode, _ path: ConfigPath, _ context: DecodingContext, defaults: DefaultSettings,
        adapters: [any SourceTypeDecoder.Type], plugins: [String: PluginTypeInfo]
    ) -> (settings: SourceSettings?, name: ScalarValue?) {
        guard let reader = MappingReader(node, path, context, expecting: "a mapping (one source)") else {
            return (nil, nil)
        }
        let name = reader.required("name").flatMap { node -> ScalarValue? in
            guard let value = context.string(node, path.key("name")) else { return nil }
            guard ValueSyntax.isSourceName(value.text) else {
                context.error(
                    "expected a name of letters, digits, \".\", \"_\" and \"-\", got \(value.display)", at: node.mark,
                    path.key("name"))
                return nil
            }
            return value
        }
        let typeNode = reader.required("type")
        let type = typeNode.flatMap { context.string($0, path.key("type")) }
        let pageSize = reader.int("page_size", in: DefaultSettings.pageSizeRange) ?? defaults.pageSize
        let timeout = reader.duration("timeout", in: DefaultSettings.timeoutRange) ?? defaults.timeout
        let retries = reader.int("retries", in: DefaultSettings.retriesRange) ?? defaults.retries
        let refresh = reader.duration("refresh", in: DefaultSettings.refreshRange) ?? defaults.refresh

        var settings: (any AdapterSettings)?
        // `group` is the label unless the type's own keys have it (then the type reads it).
        var labelled = false
        if let type = type?.text {
            if let adapter = adapters.first(where: { $0.type == type }) {
                labelled = !adapter.keys.contains(groupKey)
                reader.rejectUnknownKeys(labelled ? commonKeys + [groupKey] : commonKeys, also: adapter.keys)
                settings = adapter.decode(SourceKeys(reader))
            } else if let info = plugins[type] {
                labelled = info.params[groupKey] == nil
                settings = PluginSourceSettings.decode(reader, type: type, info: info, label: labelled ? groupKey : nil)
            } else if let typeNode, let why = context.unavailablePluginTypes[type] {
                context.error("type \(Quote.text(type)) is not available: \(why)", at: typeNode.mark, path.key("type"))
            } else if let typeNode {
                let builtIn = adapters.map { $0.type }
                let available = builtIn + plugins.keys.filter { !builtIn.contains($0) }.sorted()
                var message = "unknown type \(Quote.text(type))"
                if let match = Suggestion.closest(to: type, among: available) {
                    message += "; did you mean \"\(match)\"?"
                }
                message += " (available: \(available.joined(separator: ", ")))"
                context.error(message, at: typeNode.mark, path.key("type"))
            }
        }
        let group = labelled ? reader.string(groupKey)?.text : nil
        guard let name, let type, let settings else { return (nil, name) }
        let source = SourceSettings(
            name: name.text, type: type.text, pageSize: pageSize, timeout: timeout, retries: retries, mark: node.mark,
            settings: settings, refresh: refresh, group: group)
        return (source, name)
    }
}
