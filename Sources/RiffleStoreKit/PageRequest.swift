/// What a page of a source was asked with, as far as it decides what the page holds: the cursor (`nil`
/// for the head page), the page size, and `shape`, a fingerprint of everything else that does (the
/// source's settings, a `--since` filter). A stored page is given back only for the same request.
package struct PageRequest: Sendable, Hashable {
    package var cursor: String?
    package var pageSize: Int
    package var shape: Int64

    /// Cursor text longer than this is not kept as a page key (such a page is always asked again).
    package static let maxCursorLength = 4_096

    package init(cursor: String?, pageSize: Int, shape: Int64) {
        self.cursor = cursor
        self.pageSize = pageSize
        self.shape = shape
    }

    /// The `page.request` column: `h` for the head page, `c` and the cursor for another; `nil` when the
    /// cursor is too long to keep.
    package var key: String? {
        guard let cursor else { return "h" }
        return cursor.utf8.count <= Self.maxCursorLength ? "c" + cursor : nil
    }
}
