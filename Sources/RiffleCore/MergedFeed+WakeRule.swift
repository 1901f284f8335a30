extension MergedFeed {
    /// When the consumer's page requests wake the task that starts loads (`Requests`). Each wake of a
    /// sleeping taker is a thread wake-up (a futex call) on the consumer's own thread, once per page; so a
    /// request made while its source still holds plenty of items waits, without a wake, until a batch is
    /// worth one. Nothing waits for long: a request is sent at once when its source holds less than
    /// `lowWater(pageSize:)` items (a first page, a source running low), when `batch` requests are waiting,
    /// when a loading source's buffer falls below that low water (`MergeState.loadsToStart()` reports it),
    /// when a load finishes (its task wakes the taker, off the consumer's thread), before the consumer waits
    /// for a page, and when a consumer pauses (`Reader.sendRequests()`). So the consumer never waits on a
    /// request that was not sent, and a source keeps at least that low water ahead while its page loads.
    package struct WakeRule: Sendable, Hashable {
        /// Requests that wake the taker even while every requesting source holds plenty.
        package var batch = 8

        package init(batch: Int = 8) {
            self.batch = max(1, batch)
        }

        /// Whether sending the waiting requests wakes a sleeping taker now: `waiting` requests are queued
        /// (those just made included), and `urgent` when one of them (or a loading source) runs low.
        package func wakes(waiting: Int, urgent: Bool) -> Bool {
            waiting > 0 && (urgent || waiting >= batch)
        }

        /// Items below which a source's page is asked for at once: half a page, at least one. A request is
        /// made below the prefetch threshold (two pages or more), so a deferred one still has a page and a
        /// half ahead, and is sent before half a page is left.
        package static func lowWater(pageSize: Int) -> Int {
            max(1, pageSize / 2)
        }
    }
}
