import Synchronization

/// The first store failure of a run, told once: after it the run goes on without the store (contract
/// section 6: "riffle warns once, naming the file and the reason, and goes on without the store").
///
/// Shared by every source's `RecordingPageable` in one process; `report` calls `warn` for the first error
/// only, and `isBroken` tells the others to stop writing.
package final class StoreTrouble: Sendable {
    private let first = Mutex<StoreError?>(nil)
    private let warn: @Sendable (StoreError) -> Void

    /// `warn` receives the first error (once).
    package init(warn: @escaping @Sendable (StoreError) -> Void) {
        self.warn = warn
    }

    /// Whether a store operation has failed in this run.
    package var isBroken: Bool { first.withLock { $0 != nil } }

    /// The first failure, if any.
    var error: StoreError? { first.withLock { $0 } }

    /// Records `error`; the first one is told.
    package func report(_ error: StoreError) {
        let isFirst = first.withLock { stored in
            guard stored == nil else { return false }
            stored = error
            return true
        }
        if isFirst { warn(error) }
    }
}
