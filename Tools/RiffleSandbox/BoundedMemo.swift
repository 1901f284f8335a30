import Synchronization

/// A table of values made once per key and kept, shared by the sandbox's caches (feed documents, GraphQL
/// documents). Bounded, since every input has a limit: past `capacity` keys (hostile `Host`s, many query
/// texts) it starts again empty.
final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// Keys kept at most.
    let capacity: Int
    private let kept = Mutex<[Key: Value]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The value kept for `key`, if any.
    func value(for key: Key) -> Value? {
        kept.withLock { $0[key] }
    }

    /// Keeps `value` for `key`, emptying the table first when it is full.
    func keep(_ value: Value, for key: Key) {
        kept.withLock { kept in
            if kept.count >= capacity { kept.removeAll() }
            kept[key] = value
        }
    }
}
