import RiffleTerminal

/// A failure the CLI reports itself: its lines (each printed as `riffle: …`) and its exit code.
/// Every message the CLI prints for a failure is formatted here.
struct CLIFailure: Error {
    var lines: [String]
    var exitCode: Int32

    /// A configuration error (exit 78): the lines name the file, line:column and key path.
    static func configuration(_ lines: [String]) -> CLIFailure { CLIFailure(lines: lines, exitCode: 78) }

    /// A usage error (exit 64).
    static func usage(_ line: String) -> CLIFailure { CLIFailure(lines: [line], exitCode: 64) }

    /// Some sources failed after retries; the rest was done (exit 2). One line per failed source,
    /// naming it and saying why (both untrusted text, made inert), then any `after` lines.
    static func sourcesFailed(_ failed: [(name: String, reason: String)], after: [String] = []) -> CLIFailure {
        let lines = failed.map {
            "source \(UntrustedText.sanitize($0.name)) failed: \(UntrustedText.sanitize($0.reason))"
        }
        return CLIFailure(lines: lines + after, exitCode: 2)
    }

    /// Anything else (exit 1).
    static func other(_ line: String) -> CLIFailure { CLIFailure(lines: [line], exitCode: 1) }

    func report() {
        for line in lines { Console.writeError("riffle: \(line)") }
    }
}
