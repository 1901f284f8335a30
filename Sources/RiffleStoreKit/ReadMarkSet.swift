package import RiffleCore

/// A snapshot of read marks, looked up without the store: a mark is for (source, id, time), and it covers
/// that version and older ones (an item that comes back with a newer time is unread again); a source's
/// `readThrough` time ("everything read up to then") covers every item of that time or older.
package struct ReadMarkSet: Sendable {
    /// Source name, then item id, then the marked time in microseconds.
    let marks: [String: [String: Int64]]
    /// Source name, then the time in microseconds up to which everything is read.
    let readThrough: [String: Int64]

    package init(marks: [String: [String: Int64]], readThrough: [String: Int64] = [:]) {
        self.marks = marks
        self.readThrough = readThrough
    }

    /// Whether this version of the item was marked read.
    package func isRead(source: String, id: String, time: Timestamp) -> Bool {
        if let through = readThrough[source], through >= time.microseconds { return true }
        guard let marked = marks[source]?[id] else { return false }
        return marked >= time.microseconds
    }

    /// How many marks the snapshot holds.
    package var count: Int { marks.values.reduce(0) { $0 + $1.count } }
}
