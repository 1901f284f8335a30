package import RiffleBytes
import Synchronization

/// The merged stream, driven for real: pages load concurrently in child tasks of one scope, and the
/// consumer pulls items in order. Everything runs inside `run(_:)`, so no load outlives it.
///
///     let feed = MergedFeed(sources: sources, options: options)
///     try await feed.run { reader in
///         while let merged = try await reader.next() { print(merged.item.title) }
///     }
///
/// The merge state belongs to the consuming task alone. Loads only drop their results into a small
/// locked inbox, which the consumer folds in when it next pulls, so loads and the consumer never wait on
/// each other for longer than an array append. Each load also runs its source's page check (duplicates,
/// `--since`, a resumed source's place: `MergeState.PageCheck`) before its page reaches the inbox, so the
/// consumer is left only the buffer changes.
package final class MergedFeed: Sendable {
    let sources: [MergeSource]
    let options: MergeOptions
    let resumePosition: MergePosition?
    let shared: Mutex<Shared>
    /// Loads delivered to the inbox and not yet folded, plus `cancelledSignal` once the consuming task is
    /// cancelled: the one cheap check the consumer makes per item.
    let arrivals = Atomic<Int>(0)
    /// Set in `arrivals` by a cancellation handler around the consumer's body, so that a cancelled
    /// consumer is noticed by the atomic load made per item anyway rather than a task-local read per item.
    static let cancelledSignal = 1 << 40
    /// Called after each load's result lands in the inbox, from the load's task: a consumer that is not
    /// pulling (the reader's pump between page turns) folds it in with `Reader.foldArrivals()`, so that the
    /// source's next page is asked for at once rather than at the next pull.
    let onArrival: (@Sendable () -> Void)?
    /// Per source, how its load in flight is getting on (`LoadProgress`).
    let progress: [LoadProgress]

    struct Shared: Sendable {
        /// Finished loads not yet folded into the merge.
        var inbox: [(source: Int, load: MergeState.CheckedLoad)] = []
        var waiter: CheckedContinuation<Void, Never>?
        /// The latest status snapshot, published by the consumer.
        var statuses: [SourceStatus]
        /// The sources the consumer waits for (`MergeState.waitingOn`), published while it waits.
        var waitingOn: [Int] = []
    }

    package convenience init(
        sources: [MergeSource], options: MergeOptions = MergeOptions(), resumingAt position: MergePosition? = nil
    ) {
        self.init(sources: sources, options: options, resumingAt: position, onArrival: nil)
    }

    /// A merge that calls `onArrival` whenever a page (or a load's error) lands.
    package init(
        sources: [MergeSource], options: MergeOptions = MergeOptions(), resumingAt position: MergePosition? = nil,
        onArrival: (@Sendable () -> Void)?
    ) {
        self.sources = sources
        self.options = options
        self.resumePosition = position
        self.onArrival = onArrival
        self.progress = sources.map { _ in LoadProgress() }
        self.shared = Mutex(Shared(statuses: sources.map { SourceStatus(name: $0.name) }))
    }

    /// Every source's status, as of the consumer's latest pull (or the end of `run`).
    package var statuses: [SourceStatus] { shared.withLock { $0.statuses } }

    /// How the load in flight of the source at `index` is getting on: since when, and its HTTP attempt.
    package func loadProgress(source index: Int) -> LoadProgress.Snapshot { progress[index].snapshot }

    /// The sources the consumer waits for, as of when it last began to wait; empty while it is not waiting.
    package var waitingOn: [Int] { shared.withLock { $0.waitingOn } }

    /// Runs `body` with a reader over the merged stream. Loads in flight when `body` returns are cancelled
    /// and awaited before `run` returns.
    package func run<R: Sendable>(_ body: (Reader) async throws -> R) async throws -> R {
        let requests = Requests()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                await withDiscardingTaskGroup { loads in
                    while let batch = await requests.next() {
                        for request in batch { loads.addTask { await self.load(request) } }
                    }
                }
            }
            let reader = Reader(feed: self, requests: requests)
            defer {
                requests.finish()
                group.cancelAll()
                reader.publishStatuses()
            }
            arrivals.bitwiseAnd(~Self.cancelledSignal, ordering: .relaxed)
            return try await withTaskCancellationHandler {
                try await body(reader)
            } onCancel: {
                self.arrivals.bitwiseOr(Self.cancelledSignal, ordering: .releasing)
            }
        }
    }

    /// A page to load, with its source's check to run on it (`MergeState.takePageCheck(for:)`). A class
    /// whose check is taken out once: the load task's closure holds the `Load`, and a check copied out of
    /// it rather than moved would share its duplicate window's storage, which the check would then copy
    /// whole to change it.
    final class Load: Sendable {
        let request: MergeState.LoadRequest
        let check: Mutex<MergeState.PageCheck?>

        init(request: MergeState.LoadRequest, check: consuming MergeState.PageCheck) {
            self.request = request
            self.check = Mutex(check)
        }
    }

    private func load(_ load: Load) async {
        let request = load.request
        let progress = self.progress[request.source]
        progress.began(at: .now)
        let result = await SourceContext.$progress.withValue(progress) {
            await sources[request.source].loadResult(after: request.cursor, pageSize: request.pageSize)
        }
        progress.ended()
        guard let check = load.check.withLock({ $0.take() }) else {
            preconditionFailure("a load's check is taken once")
        }
        let checked = (consume check).checking(result)
        let waiter = shared.withLock { shared -> CheckedContinuation<Void, Never>? in
            shared.inbox.append((request.source, checked))
            arrivals.add(1, ordering: .releasing)
            defer { shared.waiter = nil }
            return shared.waiter
        }
        waiter?.resume()
        onArrival?()
    }

    /// Pulls items from a running merge. Use it only inside `run(_:)`, from the task that runs `body`.
    package final class Reader {
        let feed: MergedFeed
        let requests: Requests
        /// Touched only by the task that runs `body` (see `run(_:)`), so the per-access exclusivity check is
        /// left out: it cost as much as a loser-tree step per item.
        @exclusivity(unchecked) private var state: MergeState
        /// Writes `state`'s token after each item; touched only by the same task.
        @exclusivity(unchecked) private var tokens: ResumeTokenEncoder
        /// The inbox's other array, empty, swapped in at each fold (see `foldInbox()`).
        @exclusivity(unchecked) private var spareInbox: [(source: Int, load: MergeState.CheckedLoad)] = []
        /// How many times `next()` found the item it needed on a page not landed yet, and waited: the reader
        /// tells from it whether a page turn waited for a request.
        package private(set) var loadWaits = 0

        init(feed: MergedFeed, requests: Requests) {
            self.feed = feed
            self.requests = requests
            self.state = MergeState(
                sources: feed.sources.map { MergeState.SourceInfo(name: $0.name, pageSize: $0.pageSize) },
                options: feed.options, resumingAt: feed.resumePosition)
            self.tokens = ResumeTokenEncoder(for: state)
        }

        /// The next item, newest first; `nil` when every source has ended. Waits while a source the
        /// merge needs is loading. Throws `CancellationError` when the task is cancelled.
        ///
        /// `nonisolated(nonsending)`: it runs on the caller's executor, so a call that finds its item ready
        /// does not hop to the global executor and back. Inlinable, so that such a call (nearly every one)
        /// is a plain call of `nextIfReady()` in the caller, without an async frame allocated per item.
        @inlinable
        nonisolated(nonsending) package func next() async throws -> MergedItem? {
            if let merged = try nextIfReady() { return merged }
            return try await nextAfterWaiting()
        }

        /// The next item when it is ready without waiting; `nil` when the merge would wait for a page, or has
        /// ended (`nextAfterWaiting()` tells which). A cancelled consumer stops here, even when items are
        /// buffered (cancelled loads would otherwise look like failed sources and end the stream as if it
        /// were complete): its task's cancellation shows in `arrivals` (`cancelledSignal`).
        @usableFromInline
        func nextIfReady() throws -> MergedItem? {
            let signals = feed.arrivals.load(ordering: .acquiring)
            if signals != 0 {
                if signals & MergedFeed.cancelledSignal != 0 { try Task.checkCancellation() }
                if signals & ~MergedFeed.cancelledSignal != 0 { foldInbox() }
            }
            let step = state.next()
            // Checked here, so the item after which no page is to be asked for (nearly every one) makes no call.
            if state.hasLoadsToConsider { startLoads() }
            guard case .item(let merged) = step else { return nil }
            return merged
        }

        /// `next()` once `nextIfReady()` found no item: waits for pages while the merge needs them.
        @usableFromInline
        nonisolated(nonsending) func nextAfterWaiting() async throws -> MergedItem? {
            try Task.checkCancellation()
            var waited = false
            while true {
                switch advance() {
                case .item(let merged):
                    if waited { endWait() }
                    return merged
                case .finished: return nil
                case .waiting:
                    loadWaits += 1
                    waited = true
                    publishStatuses()
                    try await waitForLoads()
                }
            }
        }

        /// The next run of items: up to `limit` of them, newest first, put in `items` (emptied first, its
        /// storage kept), the same items in the same order as that many calls of `next()`. It waits only
        /// while no item is ready, and returns what it has as soon as the merge would wait. Returns `false`
        /// when every source has ended and `items` is empty. `position` then stands after the last of them.
        ///
        /// One call per run rather than per item: for a consumer that needs no position between items.
        nonisolated(nonsending) package func next(upTo limit: Int, into items: inout [MergedItem]) async throws -> Bool
        {
            items.removeAll(keepingCapacity: true)
            try Task.checkCancellation()
            var waited = false
            defer { if waited { endWait() } }
            while items.count < limit {
                switch advance() {
                case .item(let merged): items.append(merged)
                case .finished: return !items.isEmpty
                case .waiting:
                    if !items.isEmpty { return true }
                    waited = true
                    publishStatuses()
                    try await waitForLoads()
                }
            }
            return true
        }

        /// The next item if it is ready, else why not (`.waiting`, with the statuses published, or
        /// `.finished`), without waiting: for a consumer that waits for pages itself and may meanwhile set
        /// a slow source aside (the reader). Throws `CancellationError` when the task is cancelled.
        package func nextWithoutWaiting() throws -> MergeState.Step {
            try Task.checkCancellation()
            let step = advance()
            if case .waiting = step {
                loadWaits += 1
                publishStatuses()
            }
            return step
        }

        /// The sources the merge waits for now (`MergeState.waitingOn`).
        package var waitingOn: [Int] { state.waitingOn }

        /// Lets the merge go on without these sources while their loads are slow (`MergeState.setAside`).
        package func setAside(sources: [Int]) {
            for index in sources { state.setAside(source: index) }
            publishStatuses()
        }

        /// The merge's next step, with the pages that arrived in the background folded in first and the
        /// loads it asks for started at once.
        private func advance() -> MergeState.Step {
            if feed.arrivals.load(ordering: .acquiring) & ~MergedFeed.cancelledSignal != 0 { foldInbox() }
            let step = state.next()
            startLoads()
            if case .finished = step { publishStatuses() }
            return step
        }

        /// Where the stream stands, right after the last item `next()` returned.
        var position: MergePosition { state.position }

        /// `position.token`, made at the cost of what changed since the last one (`ResumeTokenEncoder`).
        package var token: String { tokens.token(for: &state) }

        /// Appends `token`'s bytes to `out` without making the `String`: the export's cursor per item
        /// (`ResumeTokenEncoder.writeToken`).
        package func writeToken(into out: ByteBuffer) {
            tokens.writeToken(for: &state, into: out)
        }

        /// Every source's status now.
        package var statuses: [SourceStatus] {
            foldInbox()
            return state.statuses
        }

        /// Folds in the pages that landed since the last pull and asks at once for the next pages they call
        /// for (a source below its prefetch threshold): for a consumer between pulls (see `onArrival`).
        package func foldArrivals() {
            guard feed.arrivals.load(ordering: .acquiring) & ~MergedFeed.cancelledSignal != 0, foldInbox() else {
                return
            }
            startLoads()
        }

        /// Makes a failed source load again from the cursor that failed.
        package func retry(source index: Int) {
            state.retry(source: index)
            startLoads()
        }

        /// The wait is over: no source is waited for (`MergedFeed.waitingOn`).
        private func endWait() {
            feed.shared.withLock { $0.waitingOn = [] }
        }

        func publishStatuses() {
            let statuses = state.statuses
            let waitingOn = state.waitingOn
            feed.shared.withLock {
                $0.statuses = statuses
                $0.waitingOn = waitingOn
            }
        }

        private func startLoads() {
            let started = state.loadsToStart()
            guard !started.isEmpty else { return }
            requests.send(started.map { Load(request: $0, check: state.takePageCheck(for: $0.source)) })
        }

        /// Folds finished loads into the merge; returns whether there were any. The inbox's array is
        /// swapped with `spareInbox` under the lock rather than copied out, so neither is allocated again.
        @discardableResult
        private func foldInbox() -> Bool {
            var arrived = spareInbox
            spareInbox = []
            feed.shared.withLock { shared in
                swap(&arrived, &shared.inbox)
                feed.arrivals.bitwiseAnd(MergedFeed.cancelledSignal, ordering: .releasing)
            }
            let any = !arrived.isEmpty
            for (source, load) in arrived { state.deliver(load, to: source) }
            arrived.removeAll(keepingCapacity: true)
            spareInbox = arrived
            return any
        }

        nonisolated(nonsending) private func waitForLoads() async throws {
            while !foldInbox() {
                try Task.checkCancellation()
                let feed = self.feed
                await withTaskCancellationHandler {
                    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                        let resumeNow = feed.shared.withLock { shared -> Bool in
                            if !shared.inbox.isEmpty || Task.isCancelled { return true }
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
            }
        }
    }
}
