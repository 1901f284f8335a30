import Synchronization

extension MergedFeed {
    /// The pages the consumer asks for, on their way to the task that starts a load for each: a locked list
    /// and the starting task's continuation, for one consumer and one taker. In place of an `AsyncStream`,
    /// whose generic storage, unspecialised in the concurrency library, looked its metadata up at each
    /// page; here a call of `send(_:)` with every page `loadsToStart()` named is one lock, and the taker
    /// takes all that are waiting at once.
    final class Requests: Sendable {
        private struct State {
            var pending: [Load] = []
            var taker: CheckedContinuation<Void, Never>?
            var isFinished = false
        }

        private let state = Mutex(State())

        /// Queues `loads` and wakes the taker if it waits; dropped once `finish()` was called.
        func send(_ loads: [Load]) {
            guard !loads.isEmpty else { return }
            let taker = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard !state.isFinished else { return nil }
                state.pending.append(contentsOf: loads)
                defer { state.taker = nil }
                return state.taker
            }
            taker?.resume()
        }

        /// Ends the requests: once the pages already asked for are taken, `next()` returns `nil`.
        func finish() {
            let taker = state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.isFinished = true
                defer { state.taker = nil }
                return state.taker
            }
            taker?.resume()
        }

        /// Every page asked for since the last call, waiting while there is none; `nil` when there is none
        /// and `finish()` was called or the taking task is cancelled (as an `AsyncStream`'s iterator ends).
        func next() async -> [Load]? {
            while true {
                let taken = state.withLock { state -> [Load]?? in
                    if !state.pending.isEmpty {
                        defer { state.pending = [] }
                        return .some(state.pending)
                    }
                    return state.isFinished ? .some(nil) : nil
                }
                if let taken { return taken }
                if Task.isCancelled { return nil }
                await withTaskCancellationHandler {
                    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                        let resumeNow = state.withLock { state -> Bool in
                            if state.isFinished || !state.pending.isEmpty || Task.isCancelled { return true }
                            state.taker = continuation
                            return false
                        }
                        if resumeNow { continuation.resume() }
                    }
                } onCancel: {
                    let taker = state.withLock { state in
                        defer { state.taker = nil }
                        return state.taker
                    }
                    taker?.resume()
                }
            }
        }
    }
}
