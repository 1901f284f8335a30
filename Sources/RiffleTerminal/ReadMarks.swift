package import RiffleCore

/// Where the reader keeps which items have been read: the seam between the reader and the store.
///
/// The reader asks about every item it receives (`unread(among:)`) before it draws it, marks the items
/// of each page it draws (and of each item shown with `v N`) read, marks everything read on `A`, and
/// shows `unreadCounts(in:)` in its prompt. It awaits each call on its own loop, in order, so an
/// implementation answers promptly and does its I/O off the cooperative pool (a thread of its own);
/// the calls do not throw: an implementation that loses its storage keeps answering from memory.
///
/// Marks only go from unread to read, and a mark belongs to one version of an item (`ItemVersion`), so
/// marking is idempotent and the order of marks never matters.
///
/// `SessionReadMarks` keeps marks in memory for one session (no store); the store provides the
/// persistent one.
package protocol ReadMarks: Sendable {
    /// Which of `items` are unread. The implementation learns of them here: from now on they count in
    /// `unreadCounts(in:)` and `markAllRead(in:)`, besides whatever else it holds (a store: every item
    /// it has stored).
    func unread(among items: [ItemVersion]) async -> Set<ItemVersion>

    /// Marks these versions read; a newer version of the same item stays unread.
    func markRead(_ items: [ItemVersion]) async

    /// Marks every item it knows of in these sources read (`A`).
    func markAllRead(in sources: [String]) async

    /// Unread items per source, for these sources, over every item it knows of; a source with none may
    /// be missing from the answer.
    func unreadCounts(in sources: [String]) async -> [String: Int]
}
