import Synchronization

/// Every `RecordingPageable` of a run, so that the run can wait for their writes before it exits.
public final class StoreWriters: Sendable {
    private let writers = Mutex<[RecordingPageable]>([])

    public init() {}

    /// Keeps `writer` to be waited for.
    public func add(_ writer: RecordingPageable) {
        writers.withLock { $0.append(writer) }
    }

    /// Waits until each writer has written what was read (see `RecordingPageable.finishWriting`).
    public func finish() async {
        let all = writers.withLock { writers in
            defer { writers.removeAll() }
            return writers
        }
        for writer in all { await writer.finishWriting() }
    }
}
