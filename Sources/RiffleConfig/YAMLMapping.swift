/// A mapping's entries in document order, read from the flattened `YAMLTree`: each pair made when asked for.
package struct YAMLMapping: RandomAccessCollection, Sendable {
    private let shared: YAMLTree.Shared
    /// The mapping's first key in `tree.children` (its value follows, then the next key).
    private let first: Int
    package let count: Int

    init(_ shared: YAMLTree.Shared, first: Int, count: Int) {
        self.shared = shared
        self.first = first
        self.count = count
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    package subscript(position: Int) -> YAMLPair {
        YAMLPair(key: key(at: position), value: value(at: position))
    }

    /// The key of pair `position`.
    func key(at position: Int) -> YAMLNode {
        YAMLNode(shared, at: shared.tree.children[first + 2 * position])
    }

    /// The value of pair `position`.
    func value(at position: Int) -> YAMLNode {
        YAMLNode(shared, at: shared.tree.children[first + 2 * position + 1])
    }

    /// Whether the key of pair `position` is the scalar `key` (see `YAMLNode.hasText`), asked without
    /// making the key's node or its `String`.
    func key(at position: Int, is key: String) -> Bool {
        shared.tree.has(shared.tree.children[first + 2 * position], sameTextAs: key)
    }
}
