/// A configured source as the store knows it: its unique configured name (the key) and its adapter type.
///
/// When a name comes back with another adapter type, it is another source: what the store held under the
/// name (items, read marks, position, feed state) is forgotten by the next `beginRun`.
package struct StoreSource: Sendable, Hashable {
    package var name: String
    package var type: String

    package init(name: String, type: String) {
        self.name = name
        self.type = type
    }
}
