package import RiffleCore
internal import Synchronization

/// What the refresher knows now, shared with the routes: each source's next due refresh, for
/// `Cache-Control: max-age` (a feed stays fresh until one of its sources may have changed) and `/healthz`.
package final class RefreshBoard: Sendable {
    private let due = Mutex<[String: Timestamp]>([:])

    package init() {}

    package func setNext(_ time: Timestamp, for source: String) {
        due.withLock { $0[source] = time }
    }

    /// The next due refresh of `source`, when scheduled.
    package func next(of source: String) -> Timestamp? { due.withLock { $0[source] } }

    /// The soonest next refresh among `sources`; `nil` when none is scheduled.
    func soonest(of sources: [String]) -> Timestamp? {
        due.withLock { table in sources.compactMap { table[$0] }.min() }
    }
}
