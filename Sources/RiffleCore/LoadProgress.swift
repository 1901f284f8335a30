import Synchronization

/// How one source's load in flight is getting on: when it began, and which HTTP attempt it is on (of how
/// many the request may make). The merge keeps one per source and sets it around each of the source's
/// loads (`SourceContext.progress`); the HTTP client notes each attempt in it, and the reader's prompt
/// and export's waiting notice read it (`news waiting 12s (attempt 2 of 4)`). Safe from any thread.
package final class LoadProgress: Sendable {
    /// A load's progress as plain data.
    package struct Snapshot: Sendable, Hashable {
        /// When the load began; nil while none is in flight.
        package var began: ContinuousClock.Instant?
        /// The HTTP attempt under way (1 for the first), and how many the request may make; 0 before the
        /// first request is sent.
        package var attempt = 0
        package var attempts = 0

        package init(began: ContinuousClock.Instant? = nil, attempt: Int = 0, attempts: Int = 0) {
            self.began = began
            self.attempt = attempt
            self.attempts = attempts
        }
    }

    private let state = Mutex(Snapshot())

    package init() {}

    package var snapshot: Snapshot { state.withLock { $0 } }

    /// A load begins at `now`.
    package func began(at now: ContinuousClock.Instant) {
        state.withLock { $0 = Snapshot(began: now) }
    }

    /// The load ended.
    package func ended() {
        state.withLock { $0 = Snapshot() }
    }

    /// An HTTP attempt is sent: number `attempt` of at most `attempts`.
    package func attemptStarted(_ attempt: Int, of attempts: Int) {
        state.withLock {
            $0.attempt = attempt
            $0.attempts = max(attempt, attempts)
        }
    }
}
