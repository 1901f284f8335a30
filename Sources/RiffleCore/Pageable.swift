/// A source that can be read one page at a time.
///
/// `cursor` is `nil` for the first page, else a `nextCursor` this source returned earlier. Cursors are
/// opaque strings: an offset adapter keeps its offset in one. An implementation makes one request per
/// call (plus retries), and throws `SourceError` (or any error) when the page cannot be had.
package protocol Pageable: Sendable {
    func loadPage(after cursor: String?, pageSize: Int) async throws -> Page
}
