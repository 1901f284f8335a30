package import RiffleCore

/// A source for the reader on a terminal with a store (contract section 6, "store first, then network"):
/// its first page and those after it come from the store at once; past what is stored, paging goes on
/// over the network from the stored position (or from the head, when nothing was stored).
///
/// Only the first load from the head is the store's: a later one (the reader's `r`) is a refresh and
/// goes to the network. Cursors say where they lead: `s:` the store, `n:` the network, `h:` the network
/// from its head past what the store showed (see below).
///
/// A stored position is used only by the source it was read from: when the source's identity changed
/// (it moved to another host or port, its query was edited) or the server refuses the position (a 4xx,
/// a cursor error), paging past what is stored starts again from the source's head, once, leaving out
/// what the store already showed: items it showed, and items newer than the newest it showed (those are
/// the background refresh's, announced as new). Nothing is shown twice; what the head's pages hold that
/// the store did not is shown as it comes (out of order where it is newer than what was shown, marked
/// late), and the pages read are stored as a new run. The page that starts over says why in its notes.
package actor StoreFirstPageable: Pageable {
    private let stored: StoredItems
    private let network: any Pageable
    private let trouble: StoreTrouble
    /// The source's identity now (`StoreSource.identity`), which a stored position must have been read under.
    private let identity: Int64?
    private var headServed = false
    /// What the stored pages showed, for a start over from the head to leave out.
    private var shown = Shown()
    /// The network cursor taken from the stored position, while its first load has not answered.
    private var storedOnward: String?
    /// Why paging past the store starts over from the head, once that is decided; told with the first page
    /// the start over loads.
    private var startOver: String?
    /// Whether a page told `startOver`.
    private var startedOver = false

    /// The most pages a start over reads in one load to get past what the store showed.
    static let startOverPageLimit = 1_000

    package init(stored: StoredItems, network: any Pageable, trouble: StoreTrouble, identity: Int64? = nil) {
        self.stored = stored
        self.network = network
        self.trouble = trouble
        self.identity = identity
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
            return try await onwardPage(after: String(cursor.dropFirst(2)), pageSize: pageSize)
        }
        if cursor == "h:" { return try await pastShown(pageSize: pageSize) }
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
        shown.add(page.items)
        if page.hasMore { return Page(items: page.items, nextCursor: page.nextCursor.map { "s:" + $0 }, hasMore: true) }
        if page.items.isEmpty && cursor == nil { return try await networkPage(after: nil, pageSize: pageSize) }
        if let position, let reason = Self.startOverReason(position, identity: identity) {
            startOver = reason
            if page.items.isEmpty { return try await pastShown(pageSize: pageSize) }
            return Page(items: page.items, nextCursor: "h:", hasMore: true)
        }
        let onward = position.flatMap { $0.hasMore ? $0.cursor : nil }
        storedOnward = onward
        if page.items.isEmpty, let onward { return try await onwardPage(after: onward, pageSize: pageSize) }
        return Page(items: page.items, nextCursor: onward.map { "n:" + $0 }, hasMore: onward != nil)
    }

    /// Why a start over is due before paging on from `position`, or `nil` when the position is this source's.
    private static func startOverReason(_ position: SourcePosition, identity: Int64?) -> String? {
        guard let identity else { return nil }
        if position.identity == identity { return nil }
        if position.identity == nil {
            return "the stored position does not say which configuration of the source it was read under, "
                + "reading from its newest page"
        }
        return "the source changed, reading from its newest page"
    }

    /// A network page after `cursor`; the first load from the stored position starts over from the head
    /// when the server refuses the position.
    private func onwardPage(after cursor: String, pageSize: Int) async throws -> Page {
        if startedOver { return try await pastShown(after: cursor, pageSize: pageSize) }
        guard cursor == storedOnward else { return try await networkPage(after: cursor, pageSize: pageSize) }
        // Refused once: every later load of the position (the reader's `r`) is the start over's.
        if startOver != nil { return try await pastShown(pageSize: pageSize) }
        do {
            let page = try await networkPage(after: cursor, pageSize: pageSize)
            storedOnward = nil
            return page
        } catch let error as SourceError where Self.refusesPosition(error) {
            startOver = "the server refused its stored position (\(error)), reading from its newest page"
            return try await pastShown(pageSize: pageSize)
        }
    }

    /// Whether `error`, the answer to a stored position, says the position itself is wrong: a 4xx other
    /// than for credentials or rate, a cursor the source cannot have handed out, a GraphQL request error,
    /// a plugin's own error. Network trouble and 5xx are the server's state, not the position's: the
    /// source fails as any would, and `r` tries the same position again.
    static func refusesPosition(_ error: SourceError) -> Bool {
        switch error.kind {
        case .httpStatus:
            guard let status = error.status else { return false }
            return (400..<500).contains(status) && ![401, 403, 407, 408, 429].contains(status)
        case .invalidCursor, .graphQLRequestError, .graphQLFieldError, .mapping, .plugin: return true
        case .transport, .unauthorized, .notJSON, .truncatedBody, .cancelled, .other: return false
        }
    }

    /// After a start over: the network page after `cursor` (`nil`: the head) leaving out what the store
    /// showed, reading on until a page holds something else or the source ends (an empty page would end it),
    /// at most `startOverPageLimit` pages in one load.
    private func pastShown(after start: String? = nil, pageSize: Int) async throws -> Page {
        var notes = PageNotes()
        var cursor = start
        var page = Page(items: [], nextCursor: nil, hasMore: false)
        for _ in 0..<Self.startOverPageLimit {
            page = try await network.loadPage(after: cursor, pageSize: pageSize)
            notes.add(page.notes)
            let read = page.items.count
            page.items.removeAll { shown.covers($0) }
            guard page.items.isEmpty, read > 0, page.hasMore, let next = page.nextCursor else { break }
            cursor = next
        }
        if !startedOver {
            notes.restarted = startOver
            startedOver = true
        }
        page.notes = notes
        page.nextCursor = page.nextCursor.map { "n:" + $0 }
        return page
    }

    private func networkPage(after cursor: String?, pageSize: Int) async throws -> Page {
        var page = try await network.loadPage(after: cursor, pageSize: pageSize)
        page.nextCursor = page.nextCursor.map { "n:" + $0 }
        return page
    }
}

extension StoreFirstPageable {
    /// What the store's pages showed of the source: their ids and the newest time among them.
    struct Shown: Sendable {
        private var ids: Set<String> = []
        private var newest: Timestamp?

        mutating func add(_ items: [Item]) {
            for item in items {
                ids.insert(item.id)
                newest = max(newest ?? item.time, item.time)
            }
        }

        /// Whether `item` is one the store showed, or newer than all it showed (the refresh's to announce).
        func covers(_ item: Item) -> Bool {
            if ids.contains(item.id) { return true }
            guard let newest else { return false }
            return item.time > newest
        }
    }
}
