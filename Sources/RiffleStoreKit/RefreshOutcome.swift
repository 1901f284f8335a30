/// How a source's last refresh ended.
package enum RefreshOutcome: Sendable, Hashable {
    case ok
    /// The refresh failed; the text says why (untrusted: it may quote a server).
    case failed(String)
}
