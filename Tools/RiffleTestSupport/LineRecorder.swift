import Synchronization

/// Collects log lines from any thread, for tests that check what was logged.
package final class LineRecorder: Sendable {
    private let storage = Mutex<[String]>([])

    package init() {}

    /// Appends one line.
    package func record(_ line: String) {
        storage.withLock { $0.append(line) }
    }

    /// Every line so far.
    package var lines: [String] { storage.withLock { $0 } }
}
