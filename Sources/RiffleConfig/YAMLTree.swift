/// The nodes of one parsed YAML document, flattened: every node an entry of one array, a collection's
/// children a range of one index array, every scalar's text a range of one byte buffer (decoded into a
/// `String` only when asked for), every position two integers.
///
/// `TreeBuilder` appends to it; once built it is shared, unchanged, by every `YAMLNode` of the document
/// (`Shared`), a node being an index into it. A tree of enums, each mapping an array of pairs and each
/// scalar a `String`, cost an allocation (and reference counting) per node, which was most of parsing a
/// large file; this one costs a few arrays for the whole file.
struct YAMLTree: Sendable {
    /// What an entry holds.
    enum Kind: UInt8, Sendable {
        case scalar
        case sequence
        case mapping
        /// An alias: `start` is the anchored node's entry, whose content (tag and anchor too) it shares.
        case alias
    }

    /// One node.
    struct Entry: Sendable {
        var kind: Kind
        /// How a scalar was written (`.plain` for the other kinds).
        var style: YAMLScalarStyle
        /// A scalar whose bytes are all ASCII: comparing bytes is comparing strings then.
        var isASCII: Bool
        /// A scalar with a `$` byte: only such a value can hold a `${…}` or `$$` to substitute, and
        /// looking for one in every value read was a search through its text.
        var hasDollar = false
        /// Where the node starts, as libyaml counts (1-based line, column in characters).
        var line: Int32
        var column: Int32
        /// A scalar's first byte in `bytes`; a collection's first child in `children`; an alias's target.
        var start: Int32
        /// A scalar's bytes; a collection's children (a mapping's keys and values alternate); 0 for an alias.
        var count: Int32
        /// The tag and the anchor as indices in `names`, -1 when not written.
        var tag: Int32
        var anchor: Int32

        var mark: Mark { Mark(line: Int(line), column: Int(column)) }
    }

    /// A built tree, shared by the nodes of one document.
    final class Shared: Sendable {
        let tree: YAMLTree

        init(_ tree: YAMLTree) {
            self.tree = tree
        }
    }

    var entries: [Entry] = []
    var children: [Int32] = []
    var bytes: [UInt8] = []
    /// Tags and anchors (few files have any).
    var names: [String] = []

    /// The entry that holds the content of the node at `index`: the target's for an alias.
    func contentIndex(of index: Int32) -> Int32 {
        let entry = entries[Int(index)]
        return entry.kind == .alias ? entry.start : index
    }

    /// What the node at `index` holds (an alias: what its target holds).
    func kind(of index: Int32) -> Kind {
        entries[Int(contentIndex(of: index))].kind
    }

    /// The text of the node at `index` (an alias: its target's) when it is a scalar.
    func text(of index: Int32) -> String? {
        let entry = entries[Int(contentIndex(of: index))]
        guard entry.kind == .scalar else { return nil }
        let start = Int(entry.start)
        return String(decoding: bytes[start..<(start + Int(entry.count))], as: UTF8.self)
    }

    /// The name at `index` in `names`, `nil` for -1.
    func name(_ index: Int32) -> String? {
        index < 0 ? nil : names[Int(index)]
    }

    /// Whether the node at `index` is a scalar of exactly the UTF-8 length of `key` and equal to it — the
    /// rule `MappingReader` compares keys by. Compares bytes, and strings only when the bytes differ and
    /// are not ASCII (two strings of one length can be equal in other bytes only then).
    func has(_ index: Int32, sameTextAs key: String) -> Bool {
        // Asked for every key read against every key of its mapping: the entry is read once (a key is
        // seldom an alias) and the lengths compared before anything else.
        var content = index
        var entry = entries[Int(index)]
        if entry.kind == .alias {
            content = entry.start
            entry = entries[Int(content)]
        }
        guard Int(entry.count) == key.utf8.count, entry.kind == .scalar else { return false }
        let start = Int(entry.start)
        let equalBytes =
            key.utf8.withContiguousStorageIfAvailable { keyBytes in
                bytes.withUnsafeBufferPointer { all in
                    // A loop of its own: the generic `elementsEqual` was not inlined here.
                    var offset = 0
                    while offset < keyBytes.count, keyBytes[offset] == all[start + offset] { offset += 1 }
                    return offset == keyBytes.count
                }
            } ?? key.utf8.elementsEqual(bytes[start..<(start + Int(entry.count))])
        if equalBytes { return true }
        return !entry.isASCII && self.text(of: content) == key
    }

    /// The position of the first of `pairs` pairs, whose keys are every other child from `first` in
    /// `children` (a mapping's), whose key has the same text as `key` by `has(_:sameTextAs:)`'s rule. Asked
    /// for every key read: one loop over the arrays in place, where asking `has` pair by pair copied each
    /// entry out of a bounds-checked array and took the key's bytes again for every pair.
    func firstPair(withKey key: String, first: Int, pairs: Int) -> Int? {
        let found: Int?? = key.utf8.withContiguousStorageIfAvailable { keyBytes in
            firstPair(among: children, first: first, pairs: pairs, withBytes: keyBytes) { has($0, sameTextAs: key) }
        }
        if let found { return found }
        return (0..<pairs).first { has(children[first + 2 * $0], sameTextAs: key) }
    }

    /// Over a mapping's keys — every other one of `nodes` from `first`, `pairs` of them — the position of
    /// the first that is a scalar of exactly the bytes `key`, or, when its own bytes are not ASCII, for
    /// which `equalText` holds (such text may equal another in other bytes). The arrays are read in place.
    private func firstPair(
        among nodes: [Int32], first: Int, pairs: Int, withBytes key: UnsafeBufferPointer<UInt8>,
        orNonASCII equalText: (Int32) -> Bool
    ) -> Int? {
        entries.withUnsafeBufferPointer { entries in
            nodes.withUnsafeBufferPointer { nodes in
                bytes.withUnsafeBufferPointer { all -> Int? in
                    for pair in 0..<pairs {
                        let position = nodes[first + 2 * pair]
                        var entry = entries[Int(position)]
                        if entry.kind == .alias { entry = entries[Int(entry.start)] }
                        guard entry.kind == .scalar else { continue }
                        if Int(entry.count) == key.count {
                            let start = Int(entry.start)
                            var offset = 0
                            while offset < key.count, key[offset] == all[start + offset] { offset += 1 }
                            if offset == key.count { return pair }
                        }
                        if !entry.isASCII, equalText(position) { return pair }
                    }
                    return nil
                }
            }
        }
    }

    /// Whether the node at `index` has the same text as one of `keys`, by `has(_:sameTextAs:)`'s rule: its
    /// entry read once for all of them (a source's keys are checked against a dozen allowed ones, and
    /// reading the entry again for each was most of that check).
    func has(_ index: Int32, sameTextAsAnyOf keys: [String]) -> Bool {
        var entry = entries[Int(index)]
        if entry.kind == .alias { entry = entries[Int(entry.start)] }
        guard entry.kind == .scalar else { return false }
        // A non-ASCII key can equal a string of other bytes: that rare case takes the general rule.
        guard entry.isASCII else { return keys.contains { has(index, sameTextAs: $0) } }
        let start = Int(entry.start)
        let count = Int(entry.count)
        return bytes.withUnsafeBufferPointer { all in
            keys.contains { key in
                guard key.utf8.count == count else { return false }
                return key.utf8.withContiguousStorageIfAvailable { keyBytes in
                    var offset = 0
                    while offset < count, keyBytes[offset] == all[start + offset] { offset += 1 }
                    return offset == count
                } ?? key.utf8.elementsEqual(all[start..<(start + count)])
            }
        }
    }

    /// The first of `pairs` nodes, every other one of `nodes` from `first` (a mapping's keys so far), that
    /// has the same text as the node `key` by `sameText`'s rule. Asked for every key of every mapping:
    /// the key's entry is read once and the candidates' in place, where `sameText` read both entries of
    /// every pair out of bounds-checked arrays.
    func firstSameText(as key: Int32, among nodes: [Int32], first: Int, pairs: Int) -> Int32? {
        let one = entries[Int(contentIndex(of: key))]
        guard one.kind == .scalar else { return nil }
        guard one.isASCII else {
            return (0..<pairs).lazy.map { nodes[first + 2 * $0] }.first { sameText($0, key) }
        }
        let start = Int(one.start)
        // An ASCII key: equal bytes are equal text, and a candidate whose bytes are not ASCII is compared
        // as a string.
        let pair = bytes.withUnsafeBufferPointer { all in
            firstPair(
                among: nodes, first: first, pairs: pairs,
                withBytes: UnsafeBufferPointer(rebasing: all[start..<(start + Int(one.count))])
            ) { sameText($0, key) }
        }
        return pair.map { nodes[first + 2 * $0] }
    }

    /// Whether the nodes at `left` and `right` are scalars with equal text (`String`'s equality): bytes
    /// compared when both are ASCII, where that is the same.
    func sameText(_ left: Int32, _ right: Int32) -> Bool {
        let one = entries[Int(contentIndex(of: left))]
        let other = entries[Int(contentIndex(of: right))]
        guard one.kind == .scalar, other.kind == .scalar else { return false }
        guard one.isASCII && other.isASCII else { return text(of: left) == text(of: right) }
        guard one.count == other.count else { return false }
        let first = Int(one.start)
        let second = Int(other.start)
        let count = Int(one.count)
        // A loop over the buffer in place: the slices' `elementsEqual` was not specialized here.
        return bytes.withUnsafeBufferPointer { all in
            var offset = 0
            while offset < count, all[first + offset] == all[second + offset] { offset += 1 }
            return offset == count
        }
    }
}
