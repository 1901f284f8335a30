public import RiffleCore

/// The feed adapter's memory kept in the store, so that conditional requests and first-seen times carry
/// over between runs (contract section 7). A store failure is told once through `trouble`; the adapter
/// then carries on as if nothing were kept (a plain request, the time of this run).
///
/// What this process learned is also kept in memory and answered from there first: a page's items reach
/// the store through the source's writer a moment after the adapter remembers the page, and a refresh in
/// that moment must still be conditional.
///
/// A store still being created (`StoreOpening.isNew`) holds nothing this process has not remembered, so
/// validators and kept pages come from memory alone and the first requests do not wait for it; what is
/// kept waits until it is open.
public struct StoreDocumentMemory: DocumentMemory {
    let opening: StoreOpening
    let trouble: StoreTrouble
    let recent = InMemoryDocumentMemory()

    public init(opening: StoreOpening, trouble: StoreTrouble) {
        self.opening = opening
        self.trouble = trouble
    }

    public func validators(source: String, url: String) async -> DocumentValidators? {
        if let known = await recent.validators(source: source, url: url) { return known }
        guard !opening.isNew, !trouble.isBroken, let store = await opening.store else { return nil }
        do {
            return try await store.feedDocument(of: source, url: url)
        } catch {
            trouble.report(error)
            return nil
        }
    }

    public func storedPage(source: String, url: String) async -> Page? {
        if let page = await recent.storedPage(source: source, url: url) { return page }
        guard !opening.isNew, !trouble.isBroken, let store = await opening.store else { return nil }
        do {
            return try await store.documentPage(of: source, url: url)
        } catch {
            trouble.report(error)
            return nil
        }
    }

    public func remember(source: String, page: Page) async {
        await recent.remember(source: source, page: page)
        guard !trouble.isBroken, let store = await opening.store else { return }
        do {
            try await store.rememberDocument(of: source, page: page)
        } catch {
            trouble.report(error)
        }
    }

    public func firstSeen(source: String, entryIDs: [String], now: Timestamp) async -> [String: Timestamp] {
        // A store that could not be opened: this process's memory, as a run without a store has.
        guard let store = await opening.store else {
            return await recent.firstSeen(source: source, entryIDs: entryIDs, now: now)
        }
        var times: [String: Timestamp] = [:]
        if !trouble.isBroken {
            do {
                var start = 0
                while start < entryIDs.count {
                    let end = min(start + Store.maxEntriesPerCall, entryIDs.count)
                    times.merge(try await store.firstSeen(of: source, entryIDs: Array(entryIDs[start..<end]))) { $1 }
                    start = end
                }
            } catch {
                trouble.report(error)
            }
        }
        for id in entryIDs where times[id] == nil { times[id] = now }
        return times
    }
}
