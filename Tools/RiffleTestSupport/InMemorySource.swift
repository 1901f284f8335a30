package import RiffleCore

/// A `Pageable` over items held in memory, paged by offset (the cursor is the offset as text). For
/// tests and the reader fixture (test scaffolding, so it lives here and not in RiffleCore); it shows the
/// smallest complete adapter.
package struct InMemorySource: Pageable {
    let items: [Item]

    package init(items: [Item]) { self.items = items }

    package func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
        let start = cursor.flatMap { Int($0) } ?? 0
        guard start >= 0, start <= items.count else { throw SourceError.invalidCursor("bad cursor \(cursor ?? "")") }
        let end = min(items.count, start + max(1, pageSize))
        return Page(items: Array(items[start..<end]), nextCursor: String(end), hasMore: end < items.count)
    }
}
