/// A mapping's entries in document order: its children (keys and values alternating) read as pairs, each
/// pair made when asked for.
package struct YAMLMapping: RandomAccessCollection, Sendable {
    /// The keys and values, alternating.
    private let nodes: YAMLSequence

    init(_ nodes: YAMLSequence) {
        self.nodes = nodes
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { nodes.count / 2 }

    package subscript(position: Int) -> YAMLPair {
        YAMLPair(key: key(at: position), value: value(at: position))
    }

    /// The key of pair `position`.
    func key(at position: Int) -> YAMLNode { nodes[2 * position] }

    /// The value of pair `position`.
    func value(at position: Int) -> YAMLNode { nodes[2 * position + 1] }

    /// The position of the first pair whose key is the scalar `key` (see `YAMLNode.hasText`), found
    /// without making the keys' nodes or `String`s.
    func position(ofKey key: String) -> Int? { nodes.firstPair(withKey: key) }

    /// Whether the key of pair `position` is one of `keys`, its entry read once for all of them.
    func key(at position: Int, isAnyOf keys: [String]) -> Bool { nodes.element(at: 2 * position, isAnyOf: keys) }
}
