import RiffleBytes
import RiffleCore

/// Turns one JSON object into an `Item`, collecting why an item could not be used.
struct ItemMapping {
    var notes = PageNotes()

    /// Records an unusable item (the first reason is kept).
    mutating func skip(_ position: Int, _ reason: String) {
        notes.skip(item: position, because: reason)
    }

    /// Text that is present and not empty, read in place (`JSONValue.scalarText`'s text of the node).
    static func text(_ node: JSONNode?) -> String? {
        nonEmpty(node?.scalarText)
    }

    /// Text that is present and not empty.
    static func text(_ text: String?) -> String? {
        nonEmpty(text)
    }

    /// Text that is present and not empty at what a dotted path found, read in place.
    static func text(_ selection: JSONNode.Selection?) -> String? {
        nonEmpty(selection?.scalarText)
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
