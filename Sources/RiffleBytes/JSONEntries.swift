/// A `JSONDocument`'s tape once parsed: the entries `JSONTape` wrote, kept where they were written and
/// freed with the document, rather than copied into an array of their exact count (a second copy of
/// every entry of every page).
///
/// Unsafe, because it owns the allocation `JSONTape` made: `base[0..<count]` is initialized and freed here
/// only, and every read is checked against `count`. `Sendable` although it holds a pointer: the entries are
/// written only while a `JSONTape` owns them, before this is made, and never after, so sharing it between
/// tasks only ever reads them.
final class JSONEntries: @unchecked Sendable {
    typealias Entry = JSONDocument.Entry

    /// The entries: `base[0..<count]`, initialized, allocated by `UnsafeMutablePointer.allocate`.
    private let base: UnsafeMutablePointer<Entry>
    /// How many entries there are.
    let count: Int

    /// Takes over the `count` initialized entries at `base` (allocated with `UnsafeMutablePointer.allocate`,
    /// freed when this goes away).
    init(taking base: UnsafeMutablePointer<Entry>, count: Int) {
        self.base = base
        self.count = count
    }

    deinit { base.deallocate() }

    /// The entry at `position`, checked as an array's subscript checks it.
    subscript(position: Int) -> Entry {
        precondition(position >= 0 && position < count, "an entry of the tape")
        return base[position]
    }

    /// Calls `body` with the entries as a buffer, valid during the call only.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Entry>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }
}
