/// A store that is open, or being opened while the run goes on: the sources' writers and the feed
/// memory take it, so that with a new store the first requests leave while the store is created (a
/// store that does not exist yet holds no validators to wait for) instead of after.
package final class StoreOpening: Sendable {
    private enum State {
        case open(any Store)
        case opening(Task<(any Store)?, Never>)
    }

    private let state: State

    /// Whether the store file did not exist when the run began: it holds only what this process writes.
    package let isNew: Bool

    /// A store already open.
    package init(_ store: any Store) {
        state = .open(store)
        isNew = false
    }

    /// A new store, opened by `open` from now on (`nil`: it cannot be used, which `open` has told).
    package init(creating open: @escaping @Sendable () async -> (any Store)?) {
        state = .opening(Task { await open() })
        isNew = true
    }

    /// The store when it was open from the start; `nil` while a new one is being made.
    package var opened: (any Store)? {
        if case .open(let store) = state { return store }
        return nil
    }

    /// The store once it is open; `nil` when it could not be.
    package var store: (any Store)? {
        get async {
            switch state {
            case .open(let store): store
            case .opening(let task): await task.value
            }
        }
    }
}
