/// One node of a parsed YAML document: a scalar, a sequence or an ordered mapping, with its position.
///
/// The tree is built from libyaml's event stream (see `YAMLDocument`), not from libyaml's document API,
/// so that duplicate keys, alias expansion and nesting depth are under our control. Aliases are resolved
/// while building: an alias becomes a copy of the anchored node (copies share storage).
package struct YAMLNode: Sendable, Hashable {
    /// What the node holds.
    enum Content: Sendable, Hashable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        /// Entries in document order. Keys are unique: the builder reports a duplicate and keeps the first.
        case mapping([YAMLPair])
    }

    var content: Content
    /// Where the node starts (for an alias: where the alias is written).
    package var mark: Mark
    /// The resolved tag when one was written (`!!str` becomes `tag:yaml.org,2002:str`), else `nil`.
    var tag: String?
    /// The anchor name when the node was written with `&name`.
    package var anchor: String?

    init(content: Content, mark: Mark, tag: String? = nil, anchor: String? = nil) {
        self.content = content
        self.mark = mark
        self.tag = tag
        self.anchor = anchor
    }

    /// The scalar, when this node is one.
    package var scalar: YAMLScalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    /// The entries, when this node is a mapping.
    package var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The elements, when this node is a sequence.
    package var sequence: [YAMLNode]? {
        if case .sequence(let nodes) = content { return nodes }
        return nil
    }

    /// True for the YAML null forms: an empty plain scalar, `~`, `null`, `Null`, `NULL`.
    var isNull: Bool {
        // Asked of every value read: looked at in place, and only short values compared.
        guard tag == nil, case .scalar(let scalar) = content, scalar.style == .plain, scalar.value.utf8.count <= 4
        else { return false }
        switch scalar.value {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// A short noun for messages: "a string", "a mapping", "a list", "nothing".
    var kindDescription: String {
        switch content {
        case .scalar: return isNull ? "nothing" : "a string"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
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
