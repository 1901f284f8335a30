import RiffleCore
import RiffleTerminal

/// The `riffle: warning:` lines of a run that read sources (contract section 3): one per source that
/// skipped items, sent items out of order or stopped early, naming the counts and the first reasons.
/// A source that failed is named by its error line instead.
enum SourceWarnings {
    /// The lines, without the `riffle: ` prefix, in configuration order; source names and reasons are
    /// untrusted text, made inert.
    static func lines(_ statuses: [SourceStatus]) -> [String] {
        statuses.compactMap { status in
            let notices = status.notices
            guard status.lastError == nil, !notices.isEmpty else { return nil }
            return "warning: source \(UntrustedText.sanitize(status.name)): "
                + UntrustedText.sanitize(notices.joined(separator: "; "))
        }
    }
}
