package import RiffleCore

/// What a store knows of one source, for the sources view (`l`): the counts and the last refresh that
/// `riffle sources` shows too.
package struct StoredSourceFact: Sendable, Hashable {
    /// Items the store holds of it.
    package var stored: Int
    /// When its last refresh ended; nil when none ever did.
    package var lastRefresh: Timestamp?
    /// Why that refresh failed (untrusted: it may quote a server); nil when it succeeded.
    package var lastFailure: String?

    package init(stored: Int, lastRefresh: Timestamp? = nil, lastFailure: String? = nil) {
        self.stored = stored
        self.lastRefresh = lastRefresh
        self.lastFailure = lastFailure
    }
}

/// Where the sources view reads what the store knows of each source: the seam between the reader and
/// the store beside `ReadMarks`. Without a store there is none, and the view says `not stored`. Asked
/// each time the view is drawn, off the reader's loop's critical path (a key press, not a page turn);
/// it does not throw: a store that fails answers with nothing.
package protocol SourceFacts: Sendable {
    /// By source name; a source the store holds nothing of may be missing.
    func storedFacts() async -> [String: StoredSourceFact]
}
