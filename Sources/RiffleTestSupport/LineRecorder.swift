import Synchronization

/// Collects log lines from any thread, for tests that check what was logged.
public final class LineRecorder: Sendable {
    private let storage = Mutex<[String]>([])

    public init() {}

    /// Appends one line.
    public func record(_ line: String) {
        storage.withLock { $0.append(line) }
    }

    /// Every line so far.
    public var lines: [String] { storage.withLock { $0 } }
}
