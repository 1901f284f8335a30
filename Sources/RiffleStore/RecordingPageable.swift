public import RiffleCore

/// A source read over the network whose reads from the head are written to the store as they stream
/// (contract section 6, "network view, written to the store"): what it returns is exactly what the
/// wrapped source returns, so an export with a store gives the same bytes as one without.
///
/// A load with no cursor starts a new run (`Store.beginRun`); each page that follows the run's last page
/// (its `nextCursor`) is committed to it, one transaction per page. A load from any other cursor (a
/// resumed `--after`) is passed through unrecorded: the store's reconciliation needs a run of pages from
/// the head. A failed load records the refresh as failed. A store failure never fails the source: it is
/// reported once to `trouble` and the source goes on unrecorded.
public actor RecordingPageable: Pageable {
    private let base: any Pageable
    private let store: Store
    private let source: StoreSource
    private let policy: SourcePolicy
    private let trouble: StoreTrouble
    /// Whether a page that says no more follow is the source's end. Not when the server was asked for a
    /// part of the source (`--since` passed as a filter): then the store must not take the end of that
    /// part for the end of the source, which would drop every older stored item.
    private let endIsSourceEnd: Bool
    /// The run being written and the cursor its next page must come from.
    private var run: SourceRun?
    private var expectedCursor: String?

    public init(
        _ base: any Pageable, store: Store, source: StoreSource, policy: SourcePolicy, trouble: StoreTrouble,
        endIsSourceEnd: Bool = true
    ) {
        self.endIsSourceEnd = endIsSourceEnd
        self.base = base
        self.store = store
        self.source = source
        self.policy = policy
        self.trouble = trouble
    }

    public func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
        let page: Page
        do {
            page = try await base.loadPage(after: cursor, pageSize: pageSize)
        } catch {
            if cursor == nil || (run != nil && cursor == expectedCursor) {
                await record(failure: error)
            }
            run = nil
            throw error
        }
        if cursor == nil {
            run = await begin()
        } else if cursor != expectedCursor {
            run = nil
        }
        if var current = run, !trouble.isBroken {
            do {
                try await current.commit(page, reachedEnd: endIsSourceEnd ? nil : false)
                if current.pagesCommitted == 1 { try await current.finish(.ok) }
                run = current
            } catch {
                trouble.report(error)
                run = nil
            }
        }
        expectedCursor = page.nextCursor
        return page
    }

    private func begin() async -> SourceRun? {
        guard !trouble.isBroken else { return nil }
        do {
            return try await store.beginRun(of: source, policy: policy)
        } catch {
            trouble.report(error)
            return nil
        }
    }

    private func record(failure: any Error) async {
        guard !trouble.isBroken, !(failure is CancellationError) else { return }
        if let sourceError = failure as? SourceError, sourceError.kind == .cancelled { return }
        let current: SourceRun?
        if let run { current = run } else { current = await begin() }
        do {
            try await current?.finish(.failed("\(failure)"))
        } catch {
            trouble.report(error)
        }
    }
}
