/// Bounds that keep a hostile or broken body from costing more than a feed should.
///
/// The body size is checked before parsing; depth, entry count and text length while reading, so that a
/// document of ten thousand nested elements or a million entries is refused (or cut) quickly.
package struct FeedLimits: Sendable, Hashable {
    /// The largest accepted body, in bytes: the HTTP client's own cap.
    var maxBytes: Int
    /// The deepest accepted element (or JSON) nesting.
    var maxDepth: Int
    /// The most entries one body may hold.
    var maxEntries: Int
    /// The most UTF-8 bytes kept of any one text (a title, a summary); the rest is dropped.
    var maxTextBytes: Int
    /// The most UTF-8 bytes kept of an entry's HTML content (`FeedEntry.contentHTML`): an article, not a
    /// site; a longer one is cut (at a character) and marked so (`contentHTMLCut`).
    var maxHTMLBytes: Int

    package init(
        maxBytes: Int = 64 << 20, maxDepth: Int = 128, maxEntries: Int = 50_000, maxTextBytes: Int = 1 << 20,
        maxHTMLBytes: Int = 256 << 10
    ) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxEntries = maxEntries
        self.maxTextBytes = maxTextBytes
        self.maxHTMLBytes = maxHTMLBytes
    }

    /// 64 MiB, 128 levels, 50,000 entries, 1 MiB per text, 256 KiB of HTML per entry.
    package static let standard = FeedLimits()
}
