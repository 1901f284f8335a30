/// The keys of one source entry, as a `SourceTypeDecoder` reads them.
///
/// Each getter decodes the value under one key, reports what is wrong with it at its position and key
/// path (`config.yaml:5:12: sources[0].url: …`), and returns `nil` then, so that one run reports every
/// problem. Unknown keys have been reported before the decoder runs. Not `Sendable`: it writes to the
/// record of one decoding pass, which never leaves the pass.
package struct SourceKeys {
    let reader: MappingReader

    init(_ reader: MappingReader) {
        self.reader = reader
    }

    /// Whether `key` has a value (a key with nothing after it has none).
    func contains(_ key: String) -> Bool {
        reader.value(key) != nil
    }

    /// A non-empty string; with `required`, its absence is reported too.
    package func string(_ key: String, required: Bool = false) -> String? {
        reader.string(key, required: required)?.text
    }

    /// One of `Choice`'s raw values, such as `state: opened`.
    package func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, as _: Choice.Type) -> Choice?
    where Choice.RawValue == String {
        reader.value(key).flatMap { reader.context.choice($0, reader.path.key(key), as: Choice.self) }
    }

    /// An http or https base URL, trailing slashes removed so that `{url}/api/graphql` has one slash
    /// (`https://gitlab.com/` → `https://gitlab.com`); with `required`, its absence is reported too.
    package func baseURL(_ key: String, required: Bool = false) -> String? {
        reader.webURL(key, required: required).map { url in
            var url = Substring(url)
            while url.hasSuffix("/") && !url.hasSuffix("://") { url = url.dropLast() }
            return String(url)
        }
    }

    /// An http or https URL kept exactly as written (a feed's address, where a trailing slash matters);
    /// with `required`, its absence is reported too.
    package func webURL(_ key: String, required: Bool = false) -> String? {
        reader.webURL(key, required: required)
    }

    /// A mapping of HTTP header names to values (the generic adapter's `headers`), in order; values that
    /// name credentials (`Authorization`, `Private-Token`) written literally earn the permission warning.
    package func headers(_ key: String) -> [HTTPHeader]? {
        reader.value(key).flatMap { GraphQLSettings.decodeHeaders($0, reader.path.key(key), reader.context) }
    }

    /// A credential sent in an HTTP header (no CR, LF or NUL; may be empty). One written literally in the
    /// file earns the warning about a configuration file others can read.
    package func credential(_ key: String) -> String? {
        let path = reader.path.key(key)
        guard let node = reader.value(key), let value = reader.context.headerValue(node, path) else { return nil }
        if value.isLiteral && !value.text.isEmpty { reader.context.literalTokens.append(path.description) }
        return value.text
    }

    /// Which one of `keys` the source gives; when it gives none, `none` is reported at the source, and
    /// when it gives several, `several` at the last of them.
    package func exactlyOne(of keys: [String], none: String, several: String) -> String? {
        let given = keys.filter(contains)
        if given.count == 1 { return given[0] }
        if given.isEmpty {
            reader.context.error(none, at: reader.node.mark, reader.path)
            return nil
        }
        let last = given.compactMap { key in reader.keyNode(key).map { (key: key, mark: $0.mark) } }
            .max { $0.mark < $1.mark }
        reader.context.error(several, at: last?.mark, reader.path.key(last?.key ?? given[given.count - 1]))
        return nil
    }
}
