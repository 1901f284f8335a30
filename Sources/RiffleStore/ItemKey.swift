public import RiffleCore

/// What a read mark belongs to: an item of a source in one version (its time). The same id with a newer
/// time is another version, unread again.
public struct ItemKey: Sendable, Hashable {
    /// The source's configured name.
    public var source: String
    public var id: String
    public var time: Timestamp

    public init(source: String, id: String, time: Timestamp) {
        self.source = source
        self.id = id
        self.time = time
    }
}
