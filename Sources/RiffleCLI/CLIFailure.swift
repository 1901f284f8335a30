import RiffleTerminal

/// A failure the CLI reports itself: its lines (each printed as `riffle: …`, see `RunOutcome`) and its
/// exit code. Every message the CLI words for a failure is made here.
struct CLIFailure: Error {
    var lines: [String]
    var exitCode: Int32

    /// A configuration error (exit 78): the lines name the file, line:column and key path.
    static func configuration(_ lines: [String]) -> CLIFailure { CLIFailure(lines: lines, exitCode: 78) }

    /// A usage error (exit 64).
    static func usage(_ line: String) -> CLIFailure { CLIFailure(lines: [line], exitCode: 64) }

    /// Some sources failed after retries; the rest was done (exit 2). One line per failed source,
    /// naming it and saying why (both untrusted text, made inert), then any `after` lines. With `offline`
    /// every source was read from the store, so each failure is the store's: exit 1, each line saying that
    /// `--offline` needs the store (contract section 6).
    static func sourcesFailed(
        _ failed: [(name: String, reason: String)], after: [String] = [], offline: Bool = false
    ) -> CLIFailure {
        let needs = offline ? " (--offline needs the store)" : ""
        let lines = failed.map {
            "source \(UntrustedText.sanitize($0.name)) failed: \(UntrustedText.sanitize($0.reason))\(needs)"
        }
        return CLIFailure(lines: lines + after, exitCode: offline ? 1 : 2)
    }

    /// Anything else (exit 1).
    static func other(_ line: String) -> CLIFailure { CLIFailure(lines: [line], exitCode: 1) }
}
