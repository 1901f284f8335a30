package import RiffleCore
import Synchronization

/// The feed adapter's memory kept in the store, so that conditional requests and first-seen times carry
/// over between runs (contract section 7). A store failure is told once through `trouble`; the adapter
/// then carries on as if nothing were kept (a plain request, the time of this run).
///
/// What this process learned is kept in memory and answered from there first. It reaches the store with
/// the page it came with, in that page's transaction, through the source's writer (`RecordingPageable`,
/// which every source of a run with a store goes through): `remember` writes nothing itself, so a feed's
/// page goes on to the merge without waiting for a transaction behind the other sources' pages.
///
/// A store still being created (`StoreOpening.isNew`) holds nothing this process has not remembered, so
/// validators and kept pages come from memory alone and the first requests do not wait for it. An open
/// store given the run's feeds (`heads`) reads their validators in one read as the memory is made, while
/// the run gets ready, then each one's kept page (`KeptHeads`); each feed's first request takes them
/// from there.
package struct StoreDocumentMemory: DocumentMemory {
    let opening: StoreOpening
    let trouble: StoreTrouble
    let recent = InMemoryDocumentMemory()
    /// What the store kept of each head feed when the run began; `nil` without heads.
    let heads: KeptHeads?

    /// `heads`: the run's feed sources and the URL each reads first (at most `StoreLimits.maxEntriesPerCall`;
    /// more are read one by one as they are asked for).
    package init(opening: StoreOpening, trouble: StoreTrouble, heads: [(source: String, url: String)] = []) {
        self.opening = opening
        self.trouble = trouble
        self.heads =
            opening.isNew || heads.isEmpty || heads.count > StoreLimits.maxEntriesPerCall
            ? nil : KeptHeads(opening: opening, trouble: trouble, heads: heads)
    }

    package func validators(source: String, url: String) async -> DocumentValidators? {
        if let known = await recent.validators(source: source, url: url) { return known }
        if let heads, let kept = await heads.validators(source: source, url: url) { return kept }
        guard !opening.isNew, !trouble.isBroken, let store = await opening.store else { return nil }
        do {
            return try await store.feedDocument(of: source, url: url)
        } catch {
            trouble.report(error)
            return nil
        }
    }

    package func storedPage(source: String, url: String) async -> Page? {
        if let page = await recent.storedPage(source: source, url: url) { return page }
        if let heads, let kept = await heads.take(source: source, url: url) { return kept }
        guard !opening.isNew, !trouble.isBroken, let store = await opening.store else { return nil }
        do {
            return try await store.documentPage(of: source, url: url)
        } catch {
            trouble.report(error)
            return nil
        }
    }

    /// Keeps `page`'s document in this process's memory; the store gets it with the page (see above).
    package func remember(source: String, page: Page) async {
        await recent.remember(source: source, page: page)
    }

    package func firstSeen(source: String, entryIDs: [String], now: Timestamp) async -> [String: Timestamp] {
        // A store that could not be opened: this process's memory, as a run without a store has.
        guard let store = await opening.store else {
            return await recent.firstSeen(source: source, entryIDs: entryIDs, now: now)
        }
        var times: [String: Timestamp] = [:]
        if !trouble.isBroken {
            do {
                var start = 0
                while start < entryIDs.count {
                    let end = min(start + StoreLimits.maxEntriesPerCall, entryIDs.count)
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
