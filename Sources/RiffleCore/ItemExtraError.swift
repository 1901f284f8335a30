/// An item's `extra` held as JSON text that does not read back as an object of values. The text is written
/// only by `ItemBuilder.appendExtra` (through `JSONValue.write` and the page's own checked JSON), so this
/// names a bug in that writer, reported rather than read as an empty `extra`.
package struct ItemExtraError: Error, Sendable, CustomStringConvertible {
    /// The item's id.
    package var id: String
    /// Why the text does not read: the parser's error, or that it is not an object.
    package var reason: String

    package var description: String { "item \(id): its extra does not read back as a JSON object (\(reason))" }
}
