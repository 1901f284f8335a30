public import RiffleCore

/// One item an export wrote: what `--mark-read` marks once the output is committed.
public struct WrittenItem: Sendable, Hashable {
    public var source: String
    public var id: String
    public var time: Timestamp

    public init(source: String, id: String, time: Timestamp) {
        self.source = source
        self.id = id
        self.time = time
    }
}
