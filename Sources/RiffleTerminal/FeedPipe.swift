import RiffleCore
import Synchronization

/// Hands items from the pump (the task that owns `MergedFeed.Reader`) to the interactive loop. The
/// pump appends under a lock and posts at most one `.feedChanged` until the loop drains, so a burst
/// of items costs one wake-up.
final class FeedPipe: Sendable {
    private struct State: Sendable {
        var pending: [MergedItem] = []
        var finished = false
        /// The merge's `loadWaits` when the last pending item was pulled.
        var loadWaits = 0
        var notified = false
        /// The pump's status snapshot, taken when it last stopped pulling; nil while it pulls.
        var statuses: [SourceStatus]?
    }

    private let state = Mutex(State())
    private let events: AsyncStream<ReaderEvent>.Continuation

    init(events: AsyncStream<ReaderEvent>.Continuation) { self.events = events }

    /// Hands over `item`, pulled after the merge had waited for pages `loadWaits` times in all.
    func deliver(_ item: MergedItem, loadWaits: Int) {
        post {
            $0.pending.append(item)
            $0.loadWaits = loadWaits
        }
    }

    func setFinished(_ finished: Bool) {
        post { $0.finished = finished }
    }

    /// The pump stops pulling (with the merge's statuses then) or starts (nil).
    func setStatuses(_ statuses: [SourceStatus]?) {
        post { $0.statuses = statuses }
    }

    /// The pump's snapshot while it is idle; nil while it pulls, when `MergedFeed.statuses` (published
    /// by the merge whenever it waits) is the fresher one.
    var idleStatuses: [SourceStatus]? { state.withLock { $0.statuses } }

    /// What arrived since the last drain, whether the merge has ended, and how many times the merge had
    /// waited for a page when the last of those items was pulled.
    func drain() -> (items: [MergedItem], finished: Bool, loadWaits: Int) {
        state.withLock { state in
            defer {
                state.pending.removeAll(keepingCapacity: true)
                state.notified = false
            }
            return (state.pending, state.finished, state.loadWaits)
        }
    }

    private func post(_ change: (inout State) -> Void) {
        let notify = state.withLock { state -> Bool in
            change(&state)
            defer { state.notified = true }
            return !state.notified
        }
        if notify { events.yield(.feedChanged) }
    }
}
