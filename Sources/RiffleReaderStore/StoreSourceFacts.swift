package import RiffleStoreKit
package import RiffleTerminal

/// The store's side of the sources view: each source's stored count and last refresh, from the same
/// summaries `riffle sources` prints. A failure is told once (`StoreTrouble`) and answered with nothing.
package struct StoreSourceFacts: SourceFacts {
    let store: any Store
    let trouble: StoreTrouble

    package init(store: any Store, trouble: StoreTrouble) {
        self.store = store
        self.trouble = trouble
    }

    package func storedFacts() async -> [String: StoredSourceFact] {
        guard !trouble.isBroken else { return [:] }
        do {
            var facts: [String: StoredSourceFact] = [:]
            for summary in try await store.summaries() where facts[summary.name] == nil {
                var fact = StoredSourceFact(stored: summary.itemCount, lastRefresh: summary.lastRefresh)
                if case .failed(let reason)? = summary.lastOutcome { fact.lastFailure = reason }
                facts[summary.name] = fact
            }
            return facts
        } catch {
            trouble.report(error)
            return [:]
        }
    }
}
