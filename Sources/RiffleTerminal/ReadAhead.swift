/// How far ahead of the screen the reader keeps the merged order decided (items pulled from the merge,
/// their newest-first order settled), counted in items: the contract's `reader.prefetch` pages, each page
/// counted as the screen's lines but never as fewer than ``minimumPageItems``.
///
/// Why items: a page turn waits when the items after the screen are not decided yet, which takes about a
/// round trip (a source's next page) whatever the screen's height; a reader goes through items at a
/// speed in lines per second, so the read-ahead that covers that time is a number of items. Counted in
/// screens, `prefetch: 2` on a 10-line screen kept 20 items ahead — half the reading time a 20-line
/// screen kept. The same count is kept per source (`MergeOptions.sourceReadAhead`, at least two of its
/// pages): any one source may hold all the next items, and a source's pages come one round trip apart, so
/// a source of 10-item pages keeps four of them, not two. Each page is folded in as it lands and the
/// source's next one asked for then (`FeedPump`), from the first page on, not at the next turn.
///
/// The first screen never waits for the read-ahead: it is drawn as soon as its own items are decided
/// (`ReaderModel.isPageReady`); the read-ahead is pulled beside and after it.
package struct ReadAhead: Sendable, Hashable {
    /// The fewest items a page of read-ahead counts for: the 20-line screen (a 21-row terminal), at which
    /// `prefetch: 2` was measured to keep page turns at reading speed from waiting.
    static let minimumPageItems = 20

    /// `reader.prefetch`: pages of items kept ahead (0: none beyond the screen).
    var prefetchPages: Int

    package init(prefetchPages: Int) { self.prefetchPages = max(0, prefetchPages) }

    /// Items to keep decided beyond the last item of a screen of `screenLines` items.
    package func items(screenLines: Int) -> Int { prefetchPages * max(screenLines, Self.minimumPageItems) }
}
