/// Reads one YAML mapping by key: rejects unknown keys with a did-you-mean, reports missing ones, and
/// treats a null value (`key:` with nothing after it) as absent.
struct MappingReader {
    let context: DecodingContext
    let node: YAMLNode
    let path: ConfigPath
    /// The entries in document order (keys are unique: the tree builder dropped repeats).
    let pairs: YAMLMapping
    /// Where the first pair of each key is, for a large mapping; `nil` for a small one, which is searched in
    /// order (hashing every key of every small mapping cost more than the searches it saved).
    private let index: [String: Int]?

    /// `nil` (reported) when `node` is neither a mapping nor null; a null reads as an empty mapping.
    init?(_ node: YAMLNode, _ path: ConfigPath, _ context: DecodingContext, expecting noun: String = "a mapping") {
        self.context = context
        self.node = node
        // Readied once here: every key read below makes a child path of it.
        self.path = path.readyForChildren
        if node.isNull {
            pairs = YAMLMapping(YAMLSequence(node.shared, first: 0, count: 0))
        } else if let mapping = node.mapping {
            pairs = mapping
        } else {
            context.error("expected \(noun), got \(node.kindDescription)", at: node.mark, path)
            return nil
        }
        guard pairs.count > Self.searchedInOrder else {
            index = nil
            return
        }
        var index: [String: Int] = [:]
        for position in pairs.indices {
            if let key = pairs.key(at: position).scalar?.value, index[key] == nil { index[key] = position }
        }
        self.index = index
    }

    /// Mappings up to this size are searched in order rather than indexed.
    private static let searchedInOrder = 16

    /// The position in `pairs` of the first pair whose key is `key`. A position, not the pair: copying a
    /// pair out (two nodes) for every key read was a good part of decoding.
    private func position(_ key: String) -> Int? {
        if let index { return index[key] }
        return pairs.position(ofKey: key)
    }

    /// The keys in document order.
    var keys: [String] { pairs.indices.compactMap { pairs.key(at: $0).scalar?.value } }

    /// Reports every key in neither `allowed` nor `also`, suggesting the closest of `suggestions` (default:
    /// both, in that order). Two lists rather than one joined: a source's keys are the common ones and its
    /// type's, and joining them for every source cost an array each.
    func rejectUnknownKeys(
        _ allowed: [String], also more: [String] = [], suggesting suggestions: [String]? = nil, noun: String = "key"
    ) {
        for position in pairs.indices {
            // Compared in the tree's bytes: the key's `String` is made only for one that is unknown.
            guard !pairs.key(at: position, isAnyOf: allowed), !pairs.key(at: position, isAnyOf: more) else { continue }
            let node = pairs.key(at: position)
            guard let key = node.scalar?.value else { continue }
            context.error(
                "unknown \(noun)\(Suggestion.hint(for: key, among: suggestions ?? allowed + more))", at: node.mark,
                path.key(key))
        }
    }

    /// The value under `key`, `nil` when absent or null.
    func value(_ key: String) -> YAMLNode? {
        guard let position = position(key) else { return nil }
        let value = pairs.value(at: position)
        return value.isNull ? nil : value
    }

    /// The key node of `key`, when present.
    func keyNode(_ key: String) -> YAMLNode? { position(key).map { pairs.key(at: $0) } }

    /// The value under `key`, reporting its absence.
    func required(_ key: String) -> YAMLNode? {
        if let value = value(key) { return value }
        if let position = position(key) {
            context.error("missing value", at: pairs.key(at: position).mark, path.key(key))
        } else {
            context.error("missing required key", at: node.mark, path.key(key))
        }
        return nil
    }

    // Typed shorthands: the value under a key, decoded, or `nil` when absent or invalid.

    func string(_ key: String, required: Bool = false, allowEmpty: Bool = false) -> ScalarValue? {
        (required ? self.required(key) : value(key)).flatMap {
            context.string($0, path.key(key), allowEmpty: allowEmpty)
        }
    }

    func int(_ key: String, in range: ClosedRange<Int>) -> Int? {
        value(key).flatMap { context.int($0, path.key(key), in: range) }
    }

    func bool(_ key: String) -> Bool? {
        value(key).flatMap { context.bool($0, path.key(key)) }
    }

    func duration(_ key: String, in range: ClosedRange<Duration>) -> Duration? {
        value(key).flatMap { context.duration($0, path.key(key), in: range) }
    }

    func choice(_ key: String, among options: [String]) -> String? {
        value(key).flatMap { context.choice($0, path.key(key), among: options) }
    }

    func webURL(_ key: String, required: Bool = false) -> String? {
        (required ? self.required(key) : value(key)).flatMap { context.webURL($0, path.key(key)) }
    }

    func fieldPath(_ key: String, required: Bool = false) -> FieldPath? {
        (required ? self.required(key) : value(key)).flatMap { context.fieldPath($0, path.key(key)) }
    }

    func graphQLName(_ key: String) -> String? {
        value(key).flatMap { context.graphQLName($0, path.key(key)) }
    }
}
