package import RiffleCore

/// A source for the reader on a terminal with a store (contract section 6, "store first, then network"):
/// its first page and those after it come from the store at once; past what is stored, paging goes on
/// over the network from the stored position (or from the head, when nothing was stored).
///
/// Only the first load from the head is the store's: a later one (the reader's `r`) is a refresh and
/// goes to the network. Cursors say where they lead: `s:` the store, `n:` the network.
package actor StoreFirstPageable: Pageable {
    private let stored: StoredItems
    private let network: any Pageable
    private let trouble: StoreTrouble
    private var headServed = false

    package init(stored: StoredItems, network: any Pageable, trouble: StoreTrouble) {
        self.stored = stored
        self.network = network
        self.trouble = trouble
    }

    package func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
        guard let cursor else {
            if headServed { return try await networkPage(after: nil, pageSize: pageSize) }
            headServed = true
            return try await storedPage(after: nil, pageSize: pageSize)
        }
        if cursor.hasPrefix("s:") {
            return try await storedPage(after: String(cursor.dropFirst(2)), pageSize: pageSize)
        }
        if cursor.hasPrefix("n:") {
            return try await networkPage(after: String(cursor.dropFirst(2)), pageSize: pageSize)
        }
        throw SourceError.invalidCursor(cursor)
    }

    private func storedPage(after cursor: String?, pageSize: Int) async throws -> Page {
        let page: Page
        let position: SourcePosition?
        do {
            page = try await stored.load(after: cursor, pageSize: pageSize)
            position = page.hasMore ? nil : try await stored.store.position(of: stored.source)
        } catch {
            // The store failed: told once; this source goes on over the network from its head.
            trouble.report(error)
            return try await networkPage(after: nil, pageSize: pageSize)
        }
        if page.hasMore { return Page(items: page.items, nextCursor: page.nextCursor.map { "s:" + $0 }, hasMore: true) }
        let onward = position.flatMap { $0.hasMore ? $0.cursor : nil }
        if page.items.isEmpty {
            if cursor == nil { return try await networkPage(after: nil, pageSize: pageSize) }
            if let onward { return try await networkPage(after: onward, pageSize: pageSize) }
        }
        return Page(items: page.items, nextCursor: onward.map { "n:" + $0 }, hasMore: onward != nil)
    }

    private func networkPage(after cursor: String?, pageSize: Int) async throws -> Page {
        var page = try await network.loadPage(after: cursor, pageSize: pageSize)
        page.nextCursor = page.nextCursor.map { "n:" + $0 }
        return page
    }
}
