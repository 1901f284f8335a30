import RiffleBytes
import RiffleCore

extension GraphQLSettings {
    /// Decodes the generic adapter's keys from a YAML mapping, on its own.
    ///
    /// For callers outside a config file, such as a plugin manifest's `source:` once its `${param.…}` are
    /// substituted. `keyPath` prefixes every key path in messages (`source`, `sources[2]`). Non-empty values
    /// taken from the environment are added to `secrets`.
    package static func decode(
        from node: YAMLNode, file: String, keyPath: String = "", environment: [String: String],
        secrets: inout Set<String>
    ) throws(ConfigError) -> GraphQLSettings {
        let context = DecodingContext(file: file, environment: environment)
        let settings = MappingReader(node, ConfigPath(keyPath), context).flatMap { reader in
            reader.rejectUnknownKeys(keys)
            return decode(reader)
        }
        secrets.formUnion(context.secrets)
        guard context.diagnostics.isEmpty, let settings else { throw context.diagnostics.error }
        return settings
    }

    /// Decodes a `type: graphql` source's keys (RiffleSources' `GraphQLAdapter` is the generic adapter;
    /// its decoding lives here because plugin manifests decode the same keys).
    package static func decode(_ keys: SourceKeys) -> GraphQLSettings? {
        decode(keys.reader)
    }

    /// Decodes from a mapping whose unknown keys the caller has already checked.
    static func decode(_ reader: MappingReader) -> GraphQLSettings? {
        let context = reader.context
        let endpoint = reader.webURL("endpoint", required: true)
        let headers = reader.value("headers").flatMap { decodeHeaders($0, reader.path.key("headers"), context) } ?? []
        let query = reader.string("query", required: true)
        let variables =
            reader.value("variables").flatMap { node -> [String: JSONValue]? in
                guard let mapping = MappingReader(node, reader.path.key("variables"), context) else { return nil }
                return decodeObject(mapping)
            } ?? [:]
        let items = reader.fieldPath("items", required: true)
        let cursor = reader.fieldPath("cursor")
        let hasMore = reader.fieldPath("has_more")
        let cursorVariable = reader.graphQLName("cursor_variable") ?? "after"
        let pageSizeVariable = reader.graphQLName("page_size_variable") ?? "first"
        let offsetVariable = reader.graphQLName("offset_variable")
        if reader.value("offset_variable") != nil, reader.value("cursor") != nil, let key = reader.keyNode("cursor") {
            context.error(
                "not allowed with offset_variable (offset pagination has no cursor)", at: key.mark,
                reader.path.key("cursor"))
        }
        let fields = reader.required("fields").flatMap { node -> Fields? in
            guard let mapping = MappingReader(node, reader.path.key("fields"), context) else { return nil }
            mapping.rejectUnknownKeys(Fields.keys)
            let id = mapping.fieldPath("id", required: true)
            let time = mapping.fieldPath("time", required: true)
            let title = mapping.fieldPath("title", required: true)
            let url = mapping.fieldPath("url")
            let author = mapping.fieldPath("author")
            let summary = mapping.fieldPath("summary")
            let tags = mapping.fieldPath("tags")
            guard let id, let time, let title else { return nil }
            return Fields(id: id, time: time, title: title, url: url, author: author, summary: summary, tags: tags)
        }
        guard let endpoint, let query, let items, let fields else { return nil }
        return GraphQLSettings(
            endpoint: endpoint, headers: headers, query: query.text, variables: variables, items: items,
            cursor: cursor, hasMore: hasMore, cursorVariable: cursorVariable, pageSizeVariable: pageSizeVariable,
            offsetVariable: offsetVariable, fields: fields)
    }

    static func decodeHeaders(_ node: YAMLNode, _ path: ConfigPath, _ context: DecodingContext) -> [HTTPHeader]? {
        guard let mapping = MappingReader(node, path, context) else { return nil }
        var headers: [HTTPHeader] = []
        for pair in mapping.pairs {
            guard let name = pair.key.scalar?.value else { continue }
            let valuePath = path.key(name)
            guard ValueSyntax.isHeaderName(name) else {
                context.error(
                    "not a header name (letters, digits and !#$%&'*+-.^_`|~; no CR, LF or spaces)", at: pair.key.mark,
                    valuePath)
                continue
            }
            guard let value = context.headerValue(pair.value, valuePath) else { continue }
            if SecretPosition.isSecretHeader(name) && value.isLiteral && !value.text.isEmpty {
                context.literalTokens.append(valuePath.description)
            }
            headers.append(HTTPHeader(name: name, value: value.text))
        }
        return headers
    }

    /// A YAML mapping as a JSON object (for `variables`).
    private static func decodeObject(_ mapping: MappingReader) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        object.reserveCapacity(mapping.pairs.count)
        for pair in mapping.pairs {
            guard let key = pair.key.scalar?.value else { continue }
            if let value = decodeJSON(pair.value, mapping.path.key(key), mapping.context) { object[key] = value }
        }
        return object
    }

    /// A YAML node as JSON: plain `true`/`false` are booleans, plain integers and floats numbers, plain
    /// `null`/`~`/nothing null; quoted (or `!!str`) scalars are always strings.
    private static func decodeJSON(_ node: YAMLNode, _ path: ConfigPath, _ context: DecodingContext) -> JSONValue? {
        switch node.content {
        case .sequence(let elements):
            var array: [JSONValue] = []
            for (index, element) in elements.enumerated() {
                if let value = decodeJSON(element, path.index(index), context) { array.append(value) }
            }
            return .array(array)
        case .mapping:
            return MappingReader(node, path, context).map { .object(decodeObject($0)) }
        case .scalar(let scalar):
            if node.isNull { return .null }
            guard let value = context.scalar(node, path, expecting: "a value") else { return nil }
            if scalar.style != .plain || node.tag == "tag:yaml.org,2002:str" { return .string(value.text) }
            return typedPlainScalar(value.text)
        }
    }

    /// YAML 1.2 core schema resolution of a plain scalar.
    static func typedPlainScalar(_ text: String) -> JSONValue {
        switch text {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null", "Null", "NULL", "~", "": return .null
        default: break
        }
        if let number = ValueSyntax.wholeNumber(text) { return .int(Int64(number)) }
        if isFloat(text), let number = Double(text), number.isFinite { return .double(number) }
        return .string(text)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isFloat(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let digit: (Character) -> Bool = { $0.isASCII && $0.isNumber }
        let whole = rest.prefix(while: digit)
        rest = rest.dropFirst(whole.count)
        var fraction = Substring()
        if rest.first == "." {
            rest = rest.dropFirst()
            fraction = rest.prefix(while: digit)
            rest = rest.dropFirst(fraction.count)
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return false }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
            let exponent = rest.prefix(while: digit)
            guard !exponent.isEmpty else { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty
    }
}
