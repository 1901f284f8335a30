/// A sequence's elements in document order, read from the flattened `YAMLTree`: each node made when asked for.
package struct YAMLSequence: RandomAccessCollection, Sendable {
    private let shared: YAMLTree.Shared
    /// The first element in `tree.children`.
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
}
