internal import RiffleSystem

/// Where the reader reads commands and writes the feed, and what it may assume about them. `.standard`
/// is stdin/stdout with everything asked of the system; tests and the benchmark pass pipes and say
/// what to pretend.
package struct TerminalIO: Sendable {
    var inputFD: Int32
    var outputFD: Int32
    /// Prompt and page (true), or print the feed as plain lines and exit (false). Standard: stdout is a tty.
    var isInteractive: Bool
    /// Single keys in raw mode (true), or whole typed lines (false). Standard: stdin is a tty.
    var inputIsTerminal: Bool
    /// A fixed size instead of asking the terminal (columns, rows).
    var fixedSize: (columns: Int, rows: Int)?
    /// Handle SIGINT, SIGTERM, SIGWINCH and SIGCONT while the reader runs (the program's own terminal).
    var handlesSignals: Bool

    package init(
        inputFD: Int32, outputFD: Int32, isInteractive: Bool, inputIsTerminal: Bool,
        fixedSize: (columns: Int, rows: Int)? = nil, handlesSignals: Bool = false
    ) {
        self.inputFD = inputFD
        self.outputFD = outputFD
        self.isInteractive = isInteractive
        self.inputIsTerminal = inputIsTerminal
        self.fixedSize = fixedSize
        self.handlesSignals = handlesSignals
    }

    /// stdin and stdout, as they are.
    package static var standard: TerminalIO {
        TerminalIO(
            inputFD: 0, outputFD: 1, isInteractive: Descriptor.isTerminal(1), inputIsTerminal: Descriptor.isTerminal(0),
            handlesSignals: true)
    }

    /// The size to lay out for: the fixed one; else the terminal's (TIOCGWINSZ on stdout, then stdin,
    /// re-read after SIGWINCH); else `COLUMNS` and `LINES`; else 80×24.
    func currentSize() -> (columns: Int, rows: Int) {
        if let fixedSize { return fixedSize }
        if let size = Terminal.windowSize(outputFD) ?? Terminal.windowSize(inputFD) { return size }
        let columns = Environment.value("COLUMNS").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        let rows = Environment.value("LINES").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        return (columns ?? 80, rows ?? 24)
    }
}
