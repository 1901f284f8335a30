extension SourceSettings {
    /// Decodes one entry of `sources:`; `nil` when it has problems (all reported).
    static func decode(
        _ node: YAMLNode, _ path: ConfigPath, _ context: DecodingContext, defaults: DefaultSettings,
        plugins: [String: PluginTypeInfo]
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

        var kind: Kind?
        switch type?.text {
        case nil:
            break
        case "gitlab":
            reader.rejectUnknownKeys(commonKeys + GitLabSettings.keys)
            kind = GitLabSettings.decode(reader).map(Kind.gitlab)
        case "spacex":
            reader.rejectUnknownKeys(commonKeys + SpaceXSettings.keys)
            kind = SpaceXSettings.decode(reader).map(Kind.spacex)
        case "graphql":
            reader.rejectUnknownKeys(commonKeys + GraphQLSettings.keys)
            kind = GraphQLSettings.decode(reader).map(Kind.graphql)
        case let type?:
            if let info = plugins[type] {
                kind = PluginSourceSettings.decode(reader, type: type, info: info).map(Kind.plugin)
            } else if let typeNode, let why = context.unavailablePluginTypes[type] {
                context.error("type \(Quote.text(type)) is not available: \(why)", at: typeNode.mark, path.key("type"))
            } else if let typeNode {
                let available = builtInTypes + plugins.keys.filter { !builtInTypes.contains($0) }.sorted()
                var message = "unknown type \(Quote.text(type))"
                if let match = Suggestion.closest(to: type, among: available) {
                    message += "; did you mean \"\(match)\"?"
                }
                message += " (available: \(available.joined(separator: ", ")))"
                context.error(message, at: typeNode.mark, path.key("type"))
            }
        }
        guard let name, let type, let kind else { return (nil, name) }
        let settings = SourceSettings(
            name: name.text, type: type.text, pageSize: pageSize, timeout: timeout, retries: retries, mark: node.mark,
            kind: kind)
        return (settings, name)
    }
}

extension GitLabSettings {
    static func decode(_ reader: MappingReader) -> GitLabSettings? {
        let context = reader.context
        let url = reader.webURL("url").map(trimmingTrailingSlash) ?? defaultURL
        let project = reader.string("project")
        let group = reader.string("group")
        let state = reader.choice("state", among: State.allCases.map(\.rawValue)).flatMap(State.init) ?? .opened
        let token = reader.value("token").flatMap { context.headerValue($0, reader.path.key("token")) }
        if let token, token.isLiteral, !token.text.isEmpty {
            context.literalTokens.append(reader.path.key("token").description)
        }
        let scope: Scope
        switch (reader.value("project"), reader.value("group")) {
        case (.some, .some):
            let later = [reader.keyNode("project"), reader.keyNode("group")].compactMap { $0 }.max { $0.mark < $1.mark }
            let key = later?.scalar?.value ?? "group"
            context.error("give project or group, not both", at: later?.mark, reader.path.key(key))
            return nil
        case (nil, nil):
            context.error("needs a project (e.g. gitlab-org/gitlab) or a group", at: reader.node.mark, reader.path)
            return nil
        case (.some, nil):
            guard let project else { return nil }
            scope = .project(project.text)
        case (nil, .some):
            guard let group else { return nil }
            scope = .group(group.text)
        }
        return GitLabSettings(url: url, scope: scope, state: state, token: token?.text)
    }
}

extension SpaceXSettings {
    static func decode(_ reader: MappingReader) -> SpaceXSettings? {
        let url = reader.webURL("url").map(trimmingTrailingSlash) ?? defaultURL
        let upcoming =
            reader.choice("upcoming", among: Upcoming.allCases.map(\.rawValue)).flatMap(Upcoming.init) ?? .pastOnly
        return SpaceXSettings(url: url, upcoming: upcoming)
    }
}

extension PluginSourceSettings {
    /// The params of a plugin-type source: only declared ones, every required one, defaults filled in.
    static func decode(_ reader: MappingReader, type: String, info: PluginTypeInfo) -> PluginSourceSettings? {
        let context = reader.context
        let declared = info.params.keys.sorted()
        var noun = "param of plugin type \(Quote.text(type))"
        if context.namesPluginFiles { noun += " (defined in \(info.file))" }
        reader.rejectUnknownKeys(SourceSettings.commonKeys + declared, suggesting: declared, noun: noun)
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

/// `https://gitlab.com/` → `https://gitlab.com`, so that `{url}/api/graphql` has one slash.
func trimmingTrailingSlash(_ url: String) -> String {
    var url = Substring(url)
    while url.hasSuffix("/") && !url.hasSuffix("://") { url = url.dropLast() }
    return String(url)
}
