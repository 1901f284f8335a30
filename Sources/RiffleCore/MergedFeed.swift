import Synchronization

/// The merged stream, driven for real: pages load concurrently in child tasks of one scope, and the
/// consumer pulls items in order. Everything runs inside `run(_:)`, so no load outlives it.
///
///     let feed = MergedFeed(sources: sources, options: options)
///     try await feed.run { reader in
///         while let merged = try await reader.next() { print(merged.item.title) }
///     }
public final class MergedFeed: Sendable {
    let sources: [MergeSource]
    let shared: Mutex<Shared>

    struct Shared: Sendable {
        var state: MergeState
        /// Bumped whenever a load completes, so a waiter never misses a wake-up.
        var generation = 0
        var waiter: CheckedContinuation<Void, Never>?
    }

    public init(sources: [MergeSource], options: MergeOptions = MergeOptions(), resumingAt position: MergePosition? = nil) {
        self.sources = sources
        let state = MergeState(
            sources: sources.map { MergeState.SourceInfo(name: $0.name, pageSize: $0.pageSize) }, options: options,
            resumingAt: position)
        self.shared = Mutex(Shared(state: state))
    }

    /// Every source's status now.
    public var statuses: [SourceStatus] { shared.withLock { $0.state.statuses } }

    /// Runs `body` with a reader over the merged stream. Loads in flight when `body` returns are cancelled
    /// and awaited before `run` returns.
    public func run<R: Sendable>(_ body: (Reader) async throws -> R) async throws -> R {
        let (requests, requestSink) = AsyncStream<MergeState.LoadRequest>.makeStream()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                await withDiscardingTaskGroup { loads in
                    for await request in requests {
                        loads.addTask { await self.load(request) }
                    }
                }
            }
            let reader = Reader(feed: self, requests: requestSink)
            do {
                let result = try await body(reader)
                requestSink.finish()
                group.cancelAll()
                return result
            } catch {
                requestSink.finish()
                group.cancelAll()
                throw error
            }
        }
    }

    private func load(_ request: MergeState.LoadRequest) async {
        let source = sources[request.source]
        let result: Result<Page, SourceError>
        do {
            result = .success(try await source.pageable.loadPage(after: request.cursor, pageSize: request.pageSize))
        } catch let error as SourceError {
            result = .failure(error)
        } catch is CancellationError {
            result = .failure(SourceError("cancelled", isRetryable: true))
        } catch {
            result = .failure(SourceError(String(describing: error)))
        }
        let waiter = shared.withLock { shared -> CheckedContinuation<Void, Never>? in
            shared.state.deliver(result, to: request.source)
            shared.generation &+= 1
            defer { shared.waiter = nil }
            return shared.waiter
        }
        waiter?.resume()
    }

    /// Pulls items from a running merge. Use it only inside `run(_:)`, from one task.
    public struct Reader: Sendable {
        let feed: MergedFeed
        let requests: AsyncStream<MergeState.LoadRequest>.Continuation

        /// The next item, newest first; `nil` when every source has ended. Waits while a source the
        /// merge needs is loading. Throws `CancellationError` when the task is cancelled.
        public func next() async throws -> MergedItem? {
            while true {
                let (step, loads, generation) = feed.shared.withLock { shared in
                    let step = shared.state.next()
                    return (step, shared.state.loadsToStart(), shared.generation)
                }
                for load in loads { requests.yield(load) }
                switch step {
                case .item(let merged): return merged
                case .finished: return nil
                case .waiting: try await wait(after: generation)
                }
            }
        }

        /// Where the stream stands now, right after the last item `next()` returned.
        public var position: MergePosition { feed.shared.withLock { $0.state.position } }

        /// Every source's status now.
        public var statuses: [SourceStatus] { feed.statuses }

        /// Makes a failed source load again from the cursor that failed.
        public func retry(source index: Int) {
            let loads = feed.shared.withLock { shared in
                shared.state.retry(source: index)
                return shared.state.loadsToStart()
            }
            for load in loads { requests.yield(load) }
        }

        private func wait(after generation: Int) async throws {
            try Task.checkCancellation()
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let resumeNow = feed.shared.withLock { shared -> Bool in
                        if shared.generation != generation || Task.isCancelled { return true }
                        shared.waiter = continuation
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            } onCancel: {
                let waiter = feed.shared.withLock { shared in
                    defer { shared.waiter = nil }
                    return shared.waiter
                }
                waiter?.resume()
            }
            try Task.checkCancellation()
        }
    }
}
