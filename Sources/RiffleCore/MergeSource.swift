/// A source handed to the merge: its configured name, its adapter, and its page size.
package struct MergeSource: Sendable {
    package var name: String
    package var pageable: any Pageable
    package var pageSize: Int

    package init(name: String, pageable: any Pageable, pageSize: Int) {
        self.name = name
        self.pageable = pageable
        self.pageSize = pageSize
    }
}
