/// A JSON value: what adapters keep in an item's `extra`, and what the generic adapter walks with
/// dotted paths. Numbers keep integers exact (`flight_number` stays `12`, not `12.0`).
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The member `key` of an object, else `nil`.
    package subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The string, when this is one.
    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
