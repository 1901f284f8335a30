package import RiffleCore
package import ServiceLifecycle

/// The service that refreshes each source into the store when `RefreshSchedule` says it is due, one
/// source at a time, through `refresh` (the CLI's: the export's own way of reading a source's head into
/// the store). Ends at a graceful shutdown: the wait is cancelled, a refresh in flight is let finish.
package struct Refresher: Service {
    /// What one refresh of a source did.
    package struct Report: Sendable {
        package var outcome: RefreshSchedule.Outcome
        /// Items found newer than what the store held.
        package var newItems: Int
        /// The error, when it failed (already free of secrets).
        package var error: String?

        package init(outcome: RefreshSchedule.Outcome, newItems: Int, error: String?) {
            self.outcome = outcome
            self.newItems = newItems
            self.error = error
        }
    }

    let sources: [(name: String, refresh: Duration)]
    let refresh: @Sendable (Int) async -> Report
    let board: RefreshBoard
    let clock: @Sendable () -> Timestamp
    let seed: UInt64
    /// `-v`: one line per refresh.
    let log: (@Sendable (String) -> Void)?

    package init(
        sources: [(name: String, refresh: Duration)], board: RefreshBoard, seed: UInt64,
        clock: @escaping @Sendable () -> Timestamp = Timestamp.now, log: (@Sendable (String) -> Void)?,
        refresh: @escaping @Sendable (Int) async -> Report
    ) {
        self.sources = sources
        self.refresh = refresh
        self.board = board
        self.clock = clock
        self.seed = seed
        self.log = log
    }

    package func run() async throws {
        var schedule = RefreshSchedule(sources: sources, now: clock(), seed: seed)
        for source in schedule.sources { board.setNext(source.due, for: source.name) }
        while let (index, due) = schedule.next() {
            let wait = due.microseconds - clock().microseconds
            if wait > 0 {
                // Cancelled at a graceful shutdown: the loop ends here, between refreshes.
                let slept: Void? = try? await cancelWhenGracefulShutdown {
                    try await Task.sleep(for: .microseconds(wait))
                }
                guard slept != nil, !Task.isShuttingDownGracefully, !Task.isCancelled else { return }
            }
            let name = schedule.sources[index].name
            let report = await refresh(index)
            let now = clock()
            schedule.record(report.outcome, for: index, now: now)
            let next = schedule.sources[index].due
            board.setNext(next, for: name)
            if let log {
                let seconds = max(0, (next.microseconds - now.microseconds) / 1_000_000)
                let result = report.error.map { "failed: \($0)" } ?? "\(report.newItems) new"
                log("refreshed \(name): \(result); next in \(seconds)s")
            }
            if Task.isShuttingDownGracefully || Task.isCancelled { return }
        }
    }
}
