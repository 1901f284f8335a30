import Synchronization

/// Every `RecordingPageable` of a run, so that the run can wait for their writes before it exits.
package final class StoreWriters: Sendable {
    private let writers = Mutex<[RecordingPageable]>([])

    package init() {}

    /// Keeps `writer` to be waited for.
    package func add(_ writer: RecordingPageable) {
        writers.withLock { $0.append(writer) }
    }

    /// Waits until each writer has written what was read (see `RecordingPageable.finishWriting`).
    package func finish() async {
        let all = writers.withLock { writers in
            defer { writers.removeAll() }
            return writers
        }
        for writer in all { await writer.finishWriting() }
    }
}
