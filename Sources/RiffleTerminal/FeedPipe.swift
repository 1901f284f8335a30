import RiffleCore
import Synchronization

/// Hands items from the pump (the task that owns `MergedFeed.Reader`) to the interactive loop. The
/// pump appends under a lock and posts at most one `.feedChanged` until the loop drains, so a burst
/// of items costs one wake-up.
final class FeedPipe: Sendable {
    private struct State: Sendable {
        var pending: [MergedItem] = []
        var finished = false
        var notified = false
    }

    private let state = Mutex(State())
    private let events: AsyncStream<ReaderEvent>.Continuation

    init(events: AsyncStream<ReaderEvent>.Continuation) { self.events = events }

    func deliver(_ item: MergedItem) {
        post { $0.pending.append(item) }
    }

    func setFinished(_ finished: Bool) {
        post { $0.finished = finished }
    }

    /// What arrived since the last drain, and whether the merge has ended.
    func drain() -> (items: [MergedItem], finished: Bool) {
        state.withLock { state in
            defer {
                state.pending.removeAll(keepingCapacity: true)
                state.notified = false
            }
            return (state.pending, state.finished)
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
