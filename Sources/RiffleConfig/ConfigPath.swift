/// A key path into a document, rendered the way users write it: `sources[2].page_size`.
///
/// Kept as a rendered path and up to two steps after it, and rendered whole only when asked for
/// (`description`): a path is made for every value read, and shown only for a problem, so making one
/// must not build a string. A reader that makes many child paths readies its own once
/// (`readyForChildren`).
struct ConfigPath: Sendable, Hashable, CustomStringConvertible {
    /// A step, or none: a case of its own rather than an optional, whose copies went through generic
    /// value witnesses on every path made.
    private enum Step: Sendable {
        case none
        case key(String)
        case index(Int)
    }

    /// The rendered path up to the steps below; the whole path when both are `.none`.
    private let parent: String
    /// The step before `last`, when the path has two (`.none` with one: it is in `last`).
    private let first: Step
    private let last: Step

    init(_ prefix: String = "") {
        parent = prefix
        first = .none
        last = .none
    }

    private init(parent: String, first: Step, last: Step) {
        self.parent = parent
        self.first = first
        self.last = last
    }

    /// The rendered path; empty at the root.
    var description: String {
        var text = parent
        Self.append(first, to: &text)
        Self.append(last, to: &text)
        return text
    }

    private static func append(_ step: Step, to text: inout String) {
        switch step {
        case .none: break
        case .key(let key): text = text.isEmpty ? key : text + "." + key
        case .index(let index): text += "[\(index)]"
        }
    }

    /// The same path in a form whose children are made without rendering it: itself with up to one step,
    /// rendered whole with two. A source's path (`sources` and an index) is then never rendered unless a
    /// problem shows it, where rendering it for every source cost more than reading its name.
    var readyForChildren: ConfigPath {
        if case .none = first { return self }
        return ConfigPath(description)
    }

    /// The path of the value under `key`.
    func key(_ key: String) -> ConfigPath { child(.key(key)) }

    /// The path of the element at `index`.
    func index(_ index: Int) -> ConfigPath { child(.index(index)) }

    /// Two steps are kept unrendered; a third renders the path so far.
    private func child(_ step: Step) -> ConfigPath {
        if case .none = last { return ConfigPath(parent: parent, first: .none, last: step) }
        if case .none = first { return ConfigPath(parent: parent, first: last, last: step) }
        return ConfigPath(parent: description, first: .none, last: step)
    }

    static func == (left: ConfigPath, right: ConfigPath) -> Bool { left.description == right.description }

    func hash(into hasher: inout Hasher) { hasher.combine(description) }
}
