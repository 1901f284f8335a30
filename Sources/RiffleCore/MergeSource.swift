/// A source handed to the merge: its configured name, its adapter, and its page size.
public struct MergeSource: Sendable {
    public var name: String
    public var pageable: any Pageable
    public var pageSize: Int

    public init(name: String, pageable: any Pageable, pageSize: Int) {
        self.name = name
        self.pageable = pageable
        self.pageSize = pageSize
    }
}
