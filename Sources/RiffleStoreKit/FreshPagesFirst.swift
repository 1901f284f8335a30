package import RiffleCore

/// A source for a resumed export (`--after`) with a store: each page it needs comes from the store when
/// the store holds it fresh (`Store.freshPage`: read by the source's latest run from its head, with the
/// same request, a short while ago, all its items still stored as listed), costing no request; any other
/// page comes from `network` as without a store. A resume soon after the export it continues thus gives
/// the pages that export read, which are what the network would give unless the source changed meanwhile.
///
/// A store failure never fails the source: it is reported once to `trouble`, and pages come from the
/// network from then on. A load cancelled while it reads the store ends as cancelled.
package struct FreshPagesFirst: Pageable {
    let store: any Store
    /// The source's configured name.
    let source: String
    /// The fingerprint of what decides the source's pages besides cursor and page size (`PageRequest`).
    let shape: Int64
    let network: any Pageable
    let trouble: StoreTrouble

    package init(store: any Store, source: String, shape: Int64, network: any Pageable, trouble: StoreTrouble) {
        self.store = store
        self.source = source
        self.shape = shape
        self.network = network
        self.trouble = trouble
    }

    package func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
        if !trouble.isBroken {
            do {
                let request = PageRequest(cursor: cursor, pageSize: pageSize, shape: shape)
                if let page = try await store.freshPage(of: source, request: request) { return page }
            } catch {
                // The merge cancels loads it no longer needs (`--limit` reached): no store failure.
                if Task.isCancelled { throw CancellationError() }
                trouble.report(error)
            }
        }
        return try await network.loadPage(after: cursor, pageSize: pageSize)
    }
}
