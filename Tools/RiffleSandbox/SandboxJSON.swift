/// A JSON value with ordered object members.
///
/// The sandbox writes its REST responses with this type so that member order is the order a real API
/// uses (`docs` before `totalDocs`, `id` first), and so that output is byte-for-byte reproducible from a
/// seed. That order is the one reason it exists beside RiffleBytes' `JSONValue`, whose objects are
/// dictionaries: it parses with `JSONValue`'s parser and escapes strings with its writer.
enum SandboxJSON: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([SandboxJSON])
    case object([(key: String, value: SandboxJSON)])

    /// The member `key` of an object, else `nil`.
    subscript(key: String) -> SandboxJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string, when this is one.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The integer, when this is a number with an integral value.
    var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value.rounded() == value && abs(value) < 9e15: return Int(value)
        default: return nil
        }
    }

    /// The members, when this is an object.
    var members: [(key: String, value: SandboxJSON)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// Whether this is `null`.
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// An object built from members, dropping those whose value is `nil` (absent, not null).
    static func object(_ members: KeyValuePairs<String, SandboxJSON?>) -> SandboxJSON {
        .object(members.compactMap { member in member.value.map { (key: member.key, value: $0) } })
    }

    /// A string, or `null` when absent.
    static func string(_ text: String?) -> SandboxJSON {
        text.map { .string($0) } ?? .null
    }
}
