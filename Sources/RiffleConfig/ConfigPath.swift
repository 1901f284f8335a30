/// A key path into a document, rendered the way users write it: `sources[2].page_size`.
///
/// Kept as its parent's rendered path and its last step, and rendered whole only when asked for
/// (`description`): a path is made for every value read, and shown only for a problem, so making one
/// must not build a string. A reader that makes many child paths renders its own once (`rendered`).
struct ConfigPath: Sendable, Hashable, CustomStringConvertible {
    private enum Step: Sendable {
        case key(String)
        case index(Int)
    }

    /// The rendered path of the parent; the whole path when `last` is `nil`.
    private let parent: String
    private let last: Step?

    init(_ prefix: String = "") {
        parent = prefix
        last = nil
    }

    private init(parent: String, last: Step) {
        self.parent = parent
        self.last = last
    }

    /// The rendered path; empty at the root.
    var description: String {
        switch last {
        case nil: parent
        case .key(let key): parent.isEmpty ? key : parent + "." + key
        case .index(let index): parent + "[\(index)]"
        }
    }

    /// The same path rendered whole: the paths of its children then cost no rendering.
    var rendered: ConfigPath { last == nil ? self : ConfigPath(description) }

    /// The path of the value under `key`.
    func key(_ key: String) -> ConfigPath {
        ConfigPath(parent: last == nil ? parent : description, last: .key(key))
    }

    /// The path of the element at `index`.
    func index(_ index: Int) -> ConfigPath {
        ConfigPath(parent: last == nil ? parent : description, last: .index(index))
    }

    static func == (left: ConfigPath, right: ConfigPath) -> Bool { left.description == right.description }

    func hash(into hasher: inout Hasher) { hasher.combine(description) }
}
