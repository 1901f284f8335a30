package import RiffleCore

/// A source read over the network whose reads from the head are written to the store as they stream
/// (contract section 6, "network view, written to the store"): what it returns is exactly what the
/// wrapped source returns, so an export with a store gives the same bytes as one without.
///
/// A load with no cursor starts a new run, in its head page's transaction (`SourceRun.start`); each page
/// that follows the run's last page (its `nextCursor`) is committed to it, one transaction per page. A
/// page read from a document (a feed's) keeps the document's validators in its transaction: the feed
/// memory (`StoreDocumentMemory`) leaves them to this writer. A load from any other cursor (a resumed
/// `--after`) is passed through unrecorded but for its document: the store's reconciliation needs a run of
/// pages from the head. A failed load records the refresh as failed.
///
/// Writing is off the reading path: each page is handed to a writer task that commits in order while the
/// merge goes on, so the store costs the export little wall time. `finishWriting()` waits for what is
/// queued (the CLI calls it before it exits). A store failure never fails the source: it is reported
/// once to `trouble` and the source goes on unrecorded.
package actor RecordingPageable: Pageable {
    /// What the writer does next, in the order the pages were read.
    private enum Write: Sendable {
        /// A page of the current run; `startsRun` when it is the head page of a new run. `request`: what
        /// it was asked with, when it is kept as a page.
        case page(Page, startsRun: Bool, request: PageRequest?)
        /// A load failed: the refresh is recorded as failed.
        case failure(String)
        /// The next page is not part of a run from the head: the run ends.
        case endRun
        /// A page outside a run: only what it says of its document is kept.
        case document(Page)
    }

    private let base: any Pageable
    private let writes: AsyncStream<Write>.Continuation
    private let writer: Task<Void, Never>
    /// Whether the pages read so far form a run from the head, and the cursor its next page must have.
    private var inRun = false
    private var expectedCursor: String?
    /// The fingerprint pages are kept under (`PageRequest.shape`); `nil`: pages are not kept.
    private let shape: Int64?

    /// `endIsSourceEnd`: whether a page that says no more follow is the source's end. Not when the server
    /// was asked for a part of the source (`--since` passed as a filter): then the store must not take
    /// the end of that part for the end of the source, which would drop every older stored item, nor
    /// keep the part's cursors as where the source goes on.
    /// `shape`: when given, each page is also kept under what it was asked with, for a resumed export
    /// (`FreshPagesFirst`).
    package init(
        _ base: any Pageable, store: any Store, source: StoreSource, policy: SourcePolicy, trouble: StoreTrouble,
        endIsSourceEnd: Bool = true, shape: Int64? = nil
    ) {
        self.init(
            base, opening: StoreOpening(store), source: source, policy: policy, trouble: trouble,
            endIsSourceEnd: endIsSourceEnd, shape: shape)
    }

    /// The same over a store that may still be being opened: pages read meanwhile wait in order for it,
    /// and are dropped (as the store's failure, already told, leaves them) when it cannot be opened.
    package init(
        _ base: any Pageable, opening: StoreOpening, source: StoreSource, policy: SourcePolicy,
        trouble: StoreTrouble, endIsSourceEnd: Bool = true, shape: Int64? = nil
    ) {
        self.base = base
        self.shape = shape
        let (stream, writes) = AsyncStream.makeStream(of: Write.self)
        self.writes = writes
        writer = Task {
            guard let store = await opening.store else {
                for await _ in stream {}
                return
            }
            var writer = RunWriter(
                store: store, source: source, policy: policy, trouble: trouble, endIsSourceEnd: endIsSourceEnd)
            for await write in stream {
                switch write {
                case .page(let page, let startsRun, let request):
                    await writer.commit(page, startsRun: startsRun, request: request)
                case .failure(let reason): await writer.fail(reason)
                case .endRun: writer.endRun()
                case .document(let page): await writer.keepDocument(of: page)
                }
            }
        }
    }

    package func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
        let page: Page
        do {
            page = try await base.loadPage(after: cursor, pageSize: pageSize)
        } catch {
            if !Self.isCancellation(error), cursor == nil || (inRun && cursor == expectedCursor) {
                writes.yield(.failure("\(error)"))
            }
            inRun = false
            throw error
        }
        let request = shape.map { PageRequest(cursor: cursor, pageSize: pageSize, shape: $0) }
        if cursor == nil {
            inRun = true
            writes.yield(.page(page, startsRun: true, request: request))
        } else if inRun, cursor == expectedCursor {
            writes.yield(.page(page, startsRun: false, request: request))
        } else {
            if inRun { writes.yield(.endRun) }
            inRun = false
            if page.document != nil { writes.yield(.document(page)) }
        }
        expectedCursor = page.nextCursor
        return page
    }

    /// Waits until every page read so far is written (or the store failed); nothing is written after.
    package func finishWriting() async {
        writes.finish()
        await writer.value
    }

    private static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? SourceError)?.kind == .cancelled
    }
}

/// The writer's side of a `RecordingPageable`: the run being written, one page after another.
private struct RunWriter {
    let store: any Store
    let source: StoreSource
    let policy: SourcePolicy
    let trouble: StoreTrouble
    let endIsSourceEnd: Bool
    var run: SourceRun?

    init(store: any Store, source: StoreSource, policy: SourcePolicy, trouble: StoreTrouble, endIsSourceEnd: Bool) {
        self.store = store
        self.source = source
        self.policy = policy
        self.trouble = trouble
        self.endIsSourceEnd = endIsSourceEnd
    }

    /// A head page (`startsRun`) begins the run in its own transaction, with the refresh recorded as ended
    /// well; a later page continues it.
    mutating func commit(_ page: Page, startsRun: Bool, request: PageRequest?) async {
        let reachedEnd: Bool? = endIsSourceEnd ? nil : false
        if startsRun { run = nil }
        guard !trouble.isBroken else { return }
        do {
            if startsRun {
                run = try await SourceRun.start(
                    of: source, policy: policy, store: store, page: page, reachedEnd: reachedEnd, request: request,
                    readsWholeSource: endIsSourceEnd)
            } else if var current = run {
                try await current.commit(page, reachedEnd: reachedEnd, request: request)
                run = current
            }
        } catch {
            trouble.report(error)
            run = nil
        }
    }

    /// Keeps what a page outside a run says of its document.
    func keepDocument(of page: Page) async {
        guard !trouble.isBroken else { return }
        do {
            try await store.rememberDocument(of: source.name, page: page)
        } catch {
            trouble.report(error)
        }
    }

    mutating func fail(_ reason: String) async {
        let current: SourceRun?
        if let run { current = run } else { current = await begin() }
        do {
            try await current?.finish(.failed(reason))
        } catch {
            trouble.report(error)
        }
        run = nil
    }

    mutating func endRun() { run = nil }

    private func begin() async -> SourceRun? {
        guard !trouble.isBroken else { return nil }
        do {
            return try await store.beginRun(of: source, policy: policy)
        } catch {
            trouble.report(error)
            return nil
        }
    }
}
