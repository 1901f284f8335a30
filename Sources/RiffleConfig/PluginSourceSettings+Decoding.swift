extension PluginSourceSettings {
    /// The params of a plugin-type source: only declared ones, every required one, defaults filled in.
    /// `label`, when given, is a key the source may have besides them (the `group` label), not a param.
    static func decode(
        _ reader: MappingReader, type: String, info: PluginTypeInfo, label: String? = nil
    ) -> PluginSourceSettings? {
        let common = label.map { SourceSettings.commonKeys + [$0] } ?? SourceSettings.commonKeys
        let context = reader.context
        if let why = info.unavailable {
            // The plugin could not say what it takes: the source stays (and fails, saying why, when read)
            // rather than the whole configuration failing on "unknown type"; its keys are its params.
            let given = reader.keys.filter { !common.contains($0) }
            reader.rejectUnknownKeys(common, also: given)
            var params: [String: String] = [:]
            for name in given {
                guard let node = reader.value(name),
                    let value = context.string(node, reader.path.key(name), allowEmpty: true)
                else { return nil }
                params[name] = value.text
            }
            return PluginSourceSettings(type: type, params: params, pluginFile: info.file, unavailable: why)
        }
        let declared = info.params.keys.sorted()
        var noun = "param of plugin type \(Quote.text(type))"
        if context.namesPluginFiles { noun += " (defined in \(info.file))" }
        reader.rejectUnknownKeys(common, also: declared, suggesting: declared, noun: noun)
        var params: [String: String] = [:]
        var complete = true
        for name in declared {
            guard let param = info.params[name] else { continue }
            if let node = reader.value(name) {
                guard let value = context.string(node, reader.path.key(name), allowEmpty: true) else {
                    complete = false
                    continue
                }
                if name.lowercased().contains("token") && value.isLiteral && !value.text.isEmpty {
                    context.literalTokens.append(reader.path.key(name).description)
                }
                params[name] = value.text
            } else if let fallback = param.defaultValue {
                params[name] = fallback
            } else if param.required {
                context.error(
                    "missing required param of plugin type \(Quote.text(type)) (defined in \(info.file))",
                    at: reader.node.mark, reader.path.key(name))
                complete = false
            }
        }
        return complete ? PluginSourceSettings(type: type, params: params, pluginFile: info.file) : nil
    }
}
