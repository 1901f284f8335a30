package import RiffleCore

/// A snapshot of read marks, looked up without the store: a mark is for (source, id, time), and it covers
/// that version and older ones (an item that comes back with a newer time is unread again).
package struct ReadMarkSet: Sendable {
    /// Source name, then item id, then the marked time in microseconds.
    let marks: [String: [String: Int64]]

    package init(marks: [String: [String: Int64]]) {
        self.marks = marks
    }

    /// Whether this version of the item was marked read.
    package func isRead(source: String, id: String, time: Timestamp) -> Bool {
        guard let marked = marks[source]?[id] else { return false }
        return marked >= time.microseconds
    }

    /// How many marks the snapshot holds.
    package var count: Int { marks.values.reduce(0) { $0 + $1.count } }
}
