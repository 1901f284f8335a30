import ArgumentParser
import RiffleTerminal

/// How a run of riffle ends: text for standard output (`--help`, `--version`), lines for standard error
/// (each `riffle: …`, except the parser's `Usage:` lines) and the exit code.
///
/// Every error a command or the argument parser throws is put into this form here, and nowhere else.
struct RunOutcome: Sendable, Equatable {
    var output: String
    var errorLines: [String]
    var exitCode: Int32

    static let success = RunOutcome(output: "", errorLines: [], exitCode: 0)

    init(output: String, errorLines: [String], exitCode: Int32) {
        self.output = output
        self.errorLines = errorLines
        self.exitCode = exitCode
    }

    /// The outcome of a run that threw `error`: a `CLIFailure` keeps its lines and code, an `ExitCode`
    /// its code; anything else is the argument parser's to put into words (help and version exit 0, usage
    /// errors 64). Parser messages echo what the user typed, so each line is made inert.
    init(_ error: any Error) {
        switch error {
        case let failure as CLIFailure:
            self.init(output: "", errorLines: failure.lines.map { "riffle: \($0)" }, exitCode: failure.exitCode)
        case let exit as ExitCode:
            self.init(output: "", errorLines: [], exitCode: exit.rawValue)
        default:
            let message = Riffle.fullMessage(for: error)
            let exitCode = Riffle.exitCode(for: error).rawValue
            if exitCode == 0 {
                self.init(output: message + "\n", errorLines: [], exitCode: 0)
                return
            }
            let lines = message.split(separator: "\n").map { line in
                let text = UntrustedText.sanitize(String(line))
                return exitCode == 64 && text.hasPrefix("Usage:") ? text : "riffle: \(text)"
            }
            self.init(output: "", errorLines: lines, exitCode: exitCode)
        }
    }

    /// Prints the output on stdout and each error line on stderr.
    func write() {
        if !output.isEmpty { Console.writeOut(output) }
        for line in errorLines { Console.writeError(line) }
    }
}
