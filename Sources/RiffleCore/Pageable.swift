/// A source that can be read one page at a time.
///
/// `cursor` is `nil` for the first page, else a `nextCursor` this source returned earlier. Cursors are
/// opaque strings: an offset adapter keeps its offset in one. An implementation makes one request per
/// call (plus retries), and throws `SourceError` (or any error) when the page cannot be had.
public protocol Pageable: Sendable {
    func loadPage(after cursor: String?, pageSize: Int) async throws -> Page
}

/// A failure of one source, in words a user can act on. Every adapter's error ends up as one of these
/// in the source's status; `message` is untrusted text when it quotes a server.
public struct SourceError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    /// Whether trying the same page again later may succeed (network trouble, 5xx) or not (bad token).
    public var isRetryable: Bool

    public init(_ message: String, isRetryable: Bool = false) {
        self.message = message
        self.isRetryable = isRetryable
    }

    public var description: String { message }
}
