/// A collection's children in document order, read from the flattened `YAMLTree`: each node made when
/// asked for. A sequence's elements, and under `YAMLMapping` a mapping's keys and values.
package struct YAMLSequence: RandomAccessCollection, Sendable {
    private let shared: YAMLTree.Shared
    /// The first child in `shared.tree.children`.
    private let first: Int
    package let count: Int

    init(_ shared: YAMLTree.Shared, first: Int, count: Int) {
        self.shared = shared
        self.first = first
        self.count = count
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    package subscript(position: Int) -> YAMLNode {
        YAMLNode(shared, at: shared.tree.children[first + position])
    }

    /// The first `n` such that child `2 n` is the scalar `key` (see `YAMLNode.hasText`): where a
    /// mapping's children, keys and values alternating, hold the pair of that key.
    func firstPair(withKey key: String) -> Int? {
        shared.tree.firstPair(withKey: key, first: first, pairs: count / 2)
    }

    /// Whether child `position` is the scalar text of one of `texts`, its entry read once for all.
    func element(at position: Int, isAnyOf texts: [String]) -> Bool {
        shared.tree.has(shared.tree.children[first + position], sameTextAsAnyOf: texts)
    }
}
