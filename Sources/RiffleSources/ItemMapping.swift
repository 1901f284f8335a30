import RiffleCore

/// Turns one JSON object into an `Item`, collecting why an item could not be used.
struct ItemMapping {
    var notes = PageNotes()

    /// Records an unusable item (the first reason is kept).
    mutating func skip(_ position: Int, _ reason: String) {
        notes.skip(item: position, because: reason)
    }

    /// Strings of a value that may be a string, a number or an array of them.
    static func strings(_ value: JSONValue?) -> [String] {
        switch value {
        case .array(let elements)?: return elements.compactMap(\.scalarText)
        case let value?: return value.scalarText.map { [$0] } ?? []
        case nil: return []
        }
    }

    /// Text that is present and not empty.
    static func text(_ value: JSONValue?) -> String? {
        guard let text = value?.scalarText, !text.isEmpty else { return nil }
        return text
    }
}
