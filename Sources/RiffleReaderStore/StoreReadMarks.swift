package import RiffleCore
package import RiffleStoreKit
package import RiffleTerminal

/// The reader's read marks kept in the store (contract section 6): an item shown on a screen stays read
/// in later runs, and `export --unread` sees it. Should the store fail, the failure is told once and the
/// marks go on in memory for the rest of the session.
package struct StoreReadMarks: ReadMarks {
    let store: any Store
    let trouble: StoreTrouble
    /// Where marks go once the store has failed.
    let memory = SessionReadMarks()

    package init(store: any Store, trouble: StoreTrouble) {
        self.store = store
        self.trouble = trouble
    }

    package func unread(among items: [ItemVersion]) async -> Set<ItemVersion> {
        guard !trouble.isBroken else { return await memory.unread(among: items) }
        do {
            var unread: Set<ItemVersion> = []
            let states = try await store.readStates(inChunks: items)
            for (mark, read) in zip(items, states) where !read { unread.insert(mark) }
            // The session's counts learn each item as the store has it, read or not, so that they agree.
            _ = await memory.unread(among: items)
            await memory.markRead(items.filter { !unread.contains($0) })
            return unread
        } catch {
            trouble.report(error)
            return await memory.unread(among: items)
        }
    }

    package func markRead(_ items: [ItemVersion]) async {
        await memory.markRead(items)
        guard !trouble.isBroken, !items.isEmpty else { return }
        do {
            try await store.markRead(inChunks: items)
        } catch {
            trouble.report(error)
        }
    }

    package func markAllRead(in sources: [String]) async {
        await memory.markAllRead(in: sources)
        guard !trouble.isBroken else { return }
        do {
            try await store.markAllRead(sources: sources)
        } catch {
            trouble.report(error)
        }
    }

    package func unreadCounts(in sources: [String]) async -> [String: Int] {
        guard !trouble.isBroken else { return await memory.unreadCounts(in: sources) }
        do {
            let counts = try await store.unreadCounts()
            let session = await memory.unreadCounts(in: sources)
            // The store counts what it holds; items read from the network past it count in memory.
            return Dictionary(uniqueKeysWithValues: sources.map { ($0, max(counts[$0] ?? 0, session[$0] ?? 0)) })
        } catch {
            trouble.report(error)
            return await memory.unreadCounts(in: sources)
        }
    }
}
