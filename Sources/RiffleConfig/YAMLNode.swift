/// One node of a parsed YAML document: a scalar, a sequence or an ordered mapping, with its position.
///
/// The tree is built from libyaml's event stream (see `YAMLDocument`), not from libyaml's document API,
/// so that duplicate keys, alias expansion and nesting depth are under our control. A node is a position
/// in the document's flattened `YAMLTree`; its text, children, tag and anchor are read from there when
/// asked for. An alias is a node of its own (its position) that reads the anchored node's content.
package struct YAMLNode: Sendable, Hashable {
    /// What the node holds.
    enum Content {
        case scalar(YAMLScalar)
        case sequence(YAMLSequence)
        /// Entries in document order. Keys are unique: the builder reports a duplicate and keeps the first.
        case mapping(YAMLMapping)
    }

    let shared: YAMLTree.Shared
    /// The node's own entry: where it is written (for an alias, the alias).
    let position: Int32
    /// The entry holding its content (for an alias, the anchored node).
    let index: Int32

    /// The node at entry `position` of `shared`.
    init(_ shared: YAMLTree.Shared, at position: Int32) {
        self.shared = shared
        self.position = position
        self.index = shared.tree.contentIndex(of: position)
    }

    /// An empty mapping at `mark`: what an empty file decodes as.
    static func emptyMapping(at mark: Mark) -> YAMLNode {
        let entry = YAMLTree.Entry(
            kind: .mapping, style: .plain, isASCII: true, line: Int32(clamping: mark.line),
            column: Int32(clamping: mark.column), start: 0, count: 0, tag: -1, anchor: -1)
        return YAMLNode(YAMLTree.Shared(YAMLTree(entries: [entry])), at: 0)
    }

    private var entry: YAMLTree.Entry { shared.tree.entries[Int(index)] }

    /// Where the node starts (for an alias: where the alias is written).
    package var mark: Mark { shared.tree.entries[Int(position)].mark }

    /// The resolved tag when one was written (`!!str` becomes `tag:yaml.org,2002:str`), else `nil`.
    var tag: String? { shared.tree.name(entry.tag) }

    /// The anchor name when the node was written with `&name`.
    package var anchor: String? { shared.tree.name(entry.anchor) }

    /// What the node holds.
    var content: Content {
        let entry = entry
        switch entry.kind {
        case .mapping: return .mapping(YAMLMapping(children(of: entry)))
        case .sequence: return .sequence(children(of: entry))
        case .scalar, .alias: return .scalar(YAMLScalar(value: shared.tree.text(of: index) ?? "", style: entry.style))
        }
    }

    /// The scalar, when this node is one (its text decoded now).
    package var scalar: YAMLScalar? {
        let entry = entry
        guard entry.kind == .scalar else { return nil }
        return YAMLScalar(value: shared.tree.text(of: index) ?? "", style: entry.style)
    }

    /// The entries, when this node is a mapping.
    package var mapping: YAMLMapping? {
        let entry = entry
        guard entry.kind == .mapping else { return nil }
        return YAMLMapping(children(of: entry))
    }

    /// The elements, when this node is a sequence.
    package var sequence: YAMLSequence? {
        let entry = entry
        guard entry.kind == .sequence else { return nil }
        return children(of: entry)
    }

    /// The children of a collection entry of this node's tree.
    private func children(of entry: YAMLTree.Entry) -> YAMLSequence {
        YAMLSequence(shared, first: Int(entry.start), count: Int(entry.count))
    }

    /// Whether this node is a scalar whose text is `key`, of the same UTF-8 length (see `YAMLTree.has`),
    /// found without making a `String` of the node.
    func hasText(_ key: String) -> Bool { shared.tree.has(index, sameTextAs: key) }

    /// Whether this node is a scalar with a `$` in its text: one without can hold nothing to substitute.
    var hasDollar: Bool { entry.hasDollar }

    /// True for the YAML null forms: an empty plain scalar, `~`, `null`, `Null`, `NULL`.
    var isNull: Bool {
        // Asked of every value read: looked at in the byte buffer, and only short values compared.
        let entry = entry
        guard entry.kind == .scalar, entry.tag < 0, entry.style == .plain, entry.count <= 4 else { return false }
        switch entry.count {
        case 0: return true
        case 1: return shared.tree.bytes[Int(entry.start)] == UInt8(ascii: "~")
        case 4: return hasText("null") || hasText("Null") || hasText("NULL")
        default: return false
        }
    }

    /// A short noun for messages: "a string", "a mapping", "a list", "nothing".
    var kindDescription: String {
        switch entry.kind {
        case .scalar, .alias: return isNull ? "nothing" : "a string"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    /// Equal when written at the same position with the same tag, anchor and content (children compared
    /// in order), as the tree of values this replaced compared.
    package static func == (left: YAMLNode, right: YAMLNode) -> Bool {
        if left.shared === right.shared && left.position == right.position { return true }
        guard left.mark == right.mark, left.tag == right.tag, left.anchor == right.anchor else { return false }
        switch (left.content, right.content) {
        case (.scalar(let one), .scalar(let other)): return one == other
        case (.sequence(let one), .sequence(let other)): return one.elementsEqual(other)
        case (.mapping(let one), .mapping(let other)): return one.elementsEqual(other)
        default: return false
        }
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(mark)
        hasher.combine(entry.kind)
        if let scalar { hasher.combine(scalar) }
    }
}

/// A scalar's text exactly as libyaml delivered it, and how it was written.
///
/// libyaml resolves no types; booleans, numbers and nulls are ours to define (YAML 1.2 core rules).
package struct YAMLScalar: Sendable, Hashable {
    package var value: String
    package var style: YAMLScalarStyle

    init(value: String, style: YAMLScalarStyle) {
        self.value = value
        self.style = style
    }
}

/// How a scalar was written. Quoting matters: a quoted `"true"` is a string, a plain `true` a boolean.
package enum YAMLScalarStyle: Sendable, Hashable {
    case plain
    case singleQuoted
    case doubleQuoted
    /// A `|` block.
    case literal
    /// A `>` block.
    case folded

    /// True for single- and double-quoted scalars.
    var isQuoted: Bool { self == .singleQuoted || self == .doubleQuoted }
}

/// One entry of a mapping.
package struct YAMLPair: Sendable, Hashable {
    package var key: YAMLNode
    package var value: YAMLNode

    init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}
