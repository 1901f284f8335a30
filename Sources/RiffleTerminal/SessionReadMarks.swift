package import RiffleCore
import Synchronization

/// Read marks in memory, for one session: what the reader uses without a store. Within the session an
/// item shown on a screen is read; the marks are gone when the reader quits.
///
/// It knows of the items the reader asked about, keeping each item's newest version; counts are kept
/// up to date as marks change, so the prompt's counts cost nothing per page turn.
package final class SessionReadMarks: ReadMarks {
    private struct State {
        /// The newest version known of each item, by source and id, and whether it is read.
        var known: [String: [String: (time: Timestamp, read: Bool)]] = [:]
        /// Unread items (newest versions) per source.
        var unread: [String: Int] = [:]
        /// Per source, the time up to which everything is read (`A`): an item of that time or older that
        /// comes later is read when it comes.
        var readThrough: [String: Timestamp] = [:]

        mutating func learn(_ mark: ItemVersion) -> Bool {
            if let through = readThrough[mark.source], mark.time <= through {
                if let entry = known[mark.source]?[mark.id], entry.time >= mark.time { return false }
                if let entry = known[mark.source]?[mark.id], !entry.read { unread[mark.source, default: 0] -= 1 }
                known[mark.source, default: [:]][mark.id] = (mark.time, true)
                return false
            }
            if let entry = known[mark.source]?[mark.id] {
                if entry.time > mark.time { return false }
                if entry.time == mark.time { return !entry.read }
                if entry.read { unread[mark.source, default: 0] += 1 }
            } else {
                unread[mark.source, default: 0] += 1
            }
            known[mark.source, default: [:]][mark.id] = (mark.time, false)
            return true
        }

        mutating func read(_ mark: ItemVersion) {
            guard let entry = known[mark.source]?[mark.id], entry.time == mark.time, !entry.read else { return }
            known[mark.source]?[mark.id] = (entry.time, true)
            unread[mark.source, default: 0] -= 1
        }
    }

    private let state = Mutex(State())
    private let clock: @Sendable () -> Timestamp

    /// `clock` gives the "now" of `A` (everything read up to now).
    package init(clock: @escaping @Sendable () -> Timestamp = Timestamp.now) { self.clock = clock }

    package func unread(among items: [ItemVersion]) async -> Set<ItemVersion> {
        state.withLock { state in
            var unread: Set<ItemVersion> = []
            for mark in items where state.learn(mark) { unread.insert(mark) }
            return unread
        }
    }

    package func markRead(_ items: [ItemVersion]) async {
        state.withLock { state in
            for mark in items {
                _ = state.learn(mark)
                state.read(mark)
            }
        }
    }

    package func markAllRead(in sources: [String]) async {
        let now = clock()
        state.withLock { state in
            for source in sources {
                state.readThrough[source] = max(state.readThrough[source] ?? now, now)
                guard let items = state.known[source] else { continue }
                for (id, entry) in items where !entry.read { state.known[source]?[id] = (entry.time, true) }
                state.unread[source] = 0
            }
        }
    }

    package func unreadCounts(in sources: [String]) async -> [String: Int] {
        state.withLock { state in
            var counts: [String: Int] = [:]
            for source in sources { counts[source] = state.unread[source] ?? 0 }
            return counts
        }
    }
}
