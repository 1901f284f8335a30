/// HTTP header fields: ordered `(name, value)` pairs with case-insensitive name lookup.
///
/// Order and duplicates are kept as given (they matter for `Set-Cookie`-like fields); lookups compare
/// names ASCII case-insensitively, as HTTP requires.
package struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    package typealias Element = (name: String, value: String)

    private var fields: [Element]

    /// No fields.
    package init() {
        fields = []
    }

    /// The given fields, in order.
    init(_ fields: [(String, String)]) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    package init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value of the field `name` (case-insensitive), or `nil`.
    package subscript(name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Every value of the field `name` (case-insensitive), in order.
    package func values(for name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// Whether a field `name` (case-insensitive) is present.
    package func contains(name: String) -> Bool {
        fields.contains { Self.sameName($0.name, name) }
    }

    /// Appends a field, keeping any earlier ones of the same name.
    package mutating func add(name: String, value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every field `name` with one field carrying `value`.
    package mutating func replaceOrAdd(name: String, value: String) {
        remove(name: name)
        add(name: name, value: value)
    }

    /// Removes every field `name` (case-insensitive).
    mutating func remove(name: String) {
        fields.removeAll { Self.sameName($0.name, name) }
    }

    /// The number of fields.
    var count: Int { fields.count }

    /// Whether there are no fields.
    package var isEmpty: Bool { fields.isEmpty }

    package func makeIterator() -> IndexingIterator<[Element]> {
        fields.makeIterator()
    }

    /// ASCII case-insensitive comparison of two field names.
    static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.utf8
        let right = rhs.utf8
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { asciiLower($0) == asciiLower($1) }
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 {
        (byte >= 65 && byte <= 90) ? byte + 32 : byte
    }
}
