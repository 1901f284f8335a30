package import RiffleCore

/// When the reader retries each failed source, as a pure value: it watches the merge's statuses, gives
/// every new failure that may pass (`PageFault`) a retry time (exponential backoff with jitter, growing while the source keeps
/// failing, reset once it loads a page again), and hands out the sources whose time has come. No I/O
/// and no clock of its own: the interactive loop passes `now` and the jitter, and keeps one timer for
/// `nextDue`.
///
/// A failure is new when the source's `failedLoads` has moved past what was seen: a status snapshot
/// taken before a retry's outcome was known shows the old failure again, and is not a new one.
package struct RetrySchedule: Sendable, Equatable {
    /// What the schedule knows about one source.
    struct Entry: Sendable, Equatable {
        /// `failedLoads` already scheduled (or retried by `r`).
        var failuresSeen = 0
        /// `pagesLoaded` when last seen: a rise means the source works again.
        var pagesSeen = 0
        /// Failures in a row since the source last loaded a page: the backoff's exponent.
        var consecutive = 0
        /// When to retry; nil when no retry is pending.
        var due: ContinuousClock.Instant?
    }

    /// The backoff: `backoffBase` doubling per failure in a row, up to `backoffCap`.
    let policy: RetryPolicy
    private(set) var entries: [Int: Entry] = [:]

    /// The reader's backoff: 2 s, doubling up to 5 minutes, for as long as the reader is open.
    package static let readerPolicy = RetryPolicy(
        backoffBase: .seconds(2), backoffCap: .seconds(300), maxTotalWait: .seconds(86_400))

    package init(policy: RetryPolicy = RetrySchedule.readerPolicy) {
        self.policy = policy
    }

    /// Takes the latest statuses: schedules a retry for each source that failed anew, and cancels the
    /// pending retry of a source that is no longer failed. `random` (in `0..<1`) is the jitter: the wait
    /// is between half and all of the backoff ceiling, so it never collapses to a busy retry. Returns
    /// whether anything changed.
    @discardableResult
    package mutating func observe(_ statuses: [SourceStatus], now: ContinuousClock.Instant, random: Double) -> Bool {
        var changed = false
        for (index, status) in statuses.enumerated() {
            var entry = entries[index] ?? Entry()
            let before = entry
            if status.pagesLoaded > entry.pagesSeen {
                entry.pagesSeen = status.pagesLoaded
                entry.consecutive = 0
            }
            if let error = status.lastError {
                if status.failedLoads > entry.failuresSeen {
                    entry.failuresSeen = status.failedLoads
                }
                // A failure that cannot pass (a refused token, a bad query) waits for `r`.
                if entry.failuresSeen > before.failuresSeen, PageFault(error).isTransient {
                    entry.due = now + policy.backoff(retry: entry.consecutive, random: 0.5 + min(max(random, 0), 1) / 2)
                    entry.consecutive += 1
                }
            } else {
                entry.due = nil
            }
            if entry != before {
                entries[index] = entry
                changed = true
            }
        }
        return changed
    }

    /// The sources whose retry is due at `now`, in order; they wait for their outcome from then on.
    package mutating func takeDue(now: ContinuousClock.Instant) -> [Int] {
        let due = entries.filter { $0.value.due.map { $0 <= now } ?? false }.keys.sorted()
        for index in due { entries[index]?.due = nil }
        return due
    }

    /// `r` retries these sources now: their pending automatic retries are dropped.
    package mutating func retriedNow(_ sources: [Int]) {
        for index in sources { entries[index]?.due = nil }
    }

    /// The earliest pending retry.
    package var nextDue: ContinuousClock.Instant? { entries.values.compactMap(\.due).min() }

    /// How long until the source's retry, when one is pending.
    package func wait(source index: Int, now: ContinuousClock.Instant) -> Duration? {
        entries[index]?.due.map { max(.zero, $0 - now) }
    }
}
