/// A `DocumentMemory` that lives as long as its process: what riffle uses when there is no store.
///
/// Within one process a second request for a feed (the reader's `r`, a refresh) is conditional and a
/// `304` serves the kept page; across runs nothing is kept, so the first request of every run is
/// unconditional and an undated entry gets the time this process first saw it. Bounded: it keeps at most
/// `maxDocuments` documents and `maxFirstSeen` first-seen times, forgetting everything of the oldest
/// kind when full (a forgotten document is simply fetched in full again).
package actor InMemoryDocumentMemory: DocumentMemory {
    private struct Key: Hashable {
        var source: String
        var url: String
    }

    private struct EntryKey: Hashable {
        var source: String
        var id: String
    }

    private var documents: [Key: Page] = [:]
    private var seen: [EntryKey: Timestamp] = [:]
    let maxDocuments: Int
    let maxFirstSeen: Int

    package init(maxDocuments: Int = 10_000, maxFirstSeen: Int = 1_000_000) {
        self.maxDocuments = maxDocuments
        self.maxFirstSeen = maxFirstSeen
    }

    package func validators(source: String, url: String) -> DocumentValidators? {
        documents[Key(source: source, url: url)]?.document?.validators
    }

    package func storedPage(source: String, url: String) -> Page? {
        documents[Key(source: source, url: url)]
    }

    package func remember(source: String, page: Page) {
        guard let document = page.document else { return }
        let key = Key(source: source, url: document.validators.url)
        switch document.outcome {
        case .fetched:
            if documents[key] == nil, documents.count >= maxDocuments { documents.removeAll() }
            documents[key] = page
        case .notModified:
            documents[key]?.document?.validators.nextRequestAt = document.validators.nextRequestAt
            documents[key]?.document?.at = document.at
        case .notRequested:
            break
        }
    }

    package func firstSeen(source: String, entryIDs: [String], now: Timestamp) -> [String: Timestamp] {
        if seen.count + entryIDs.count > maxFirstSeen { seen.removeAll() }
        var times: [String: Timestamp] = [:]
        for id in entryIDs {
            let key = EntryKey(source: source, id: id)
            if let kept = seen[key] {
                times[id] = kept
            } else {
                seen[key] = now
                times[id] = now
            }
        }
        return times
    }
}
