/// A configured source as the store knows it: its unique configured name (the key) and its adapter type.
///
/// When a name comes back with another adapter type, it is another source: what the store held under the
/// name (items, read marks, position, feed state) is forgotten by the next `beginRun`.
package struct StoreSource: Sendable, Hashable {
    package var name: String
    package var type: String
    /// A fingerprint of what decides the source's pages besides the cursor and page size (its adapter's
    /// page identity, host and port included: `PageRequest.shape`), kept with the position a run leaves,
    /// so that a moved or edited source never pages on from a cursor of what it was. `nil`: not known.
    package var identity: Int64?

    package init(name: String, type: String, identity: Int64? = nil) {
        self.name = name
        self.type = type
        self.identity = identity
    }
}
