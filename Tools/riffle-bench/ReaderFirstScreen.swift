import Foundation

/// The reader's first screen on a pseudo-terminal: `riffle read …` run under `script -q -e -c` (a 100 × 20
/// terminal, standard input a pipe), timed from process start to the first screen's prompt (`1–19`), then
/// answered with `q`. The store benchmark and the feed race both measure it this way.
struct ReaderFirstScreen {
    /// `script`, found on the benchmark's `PATH`.
    let script: String
    let context: ExportContext

    static let columns = 100
    static let lines = 20

    init(_ context: ExportContext) throws {
        self.context = context
        script = try context.which("script")
    }

    /// What one first screen took: seconds to the prompt (nil when it never came), and what went wrong.
    struct Measurement {
        var reached: Double?
        var problem: String?
    }

    /// Runs `riffle` (`executable`, by default the context's) with `arguments` on the pseudo-terminal.
    func measure(_ arguments: [String], executable: String? = nil, limit: Double = 30) async throws -> Measurement {
        let environment = context.environment.merging([
            "TERM": "xterm", "COLUMNS": String(Self.columns), "LINES": String(Self.lines), "SHELL": "/bin/sh",
        ]) { $1 }
        let command =
            "exec " + ([executable ?? context.riffle] + arguments).map(Self.shellQuoted).joined(separator: " ")
        let run = try await TimedChild.run(
            script, ["-q", "-e", "-c", command, "/dev/null"], environment: environment, reply: "q", limit: limit,
            until: Self.promptShown)
        var problems: [String] = []
        if run.reached == nil { problems.append("no prompt") }
        if run.status.exitCode != 0 {
            // riffle's standard error is the terminal too: its `riffle: …` lines say why.
            let said = String(decoding: run.output, as: UTF8.self).split(whereSeparator: \.isNewline)
                .filter { $0.contains("riffle: ") }.joined(separator: " / ")
            problems.append("ended \(run.status)" + (said.isEmpty ? "" : ": \(said)"))
        }
        return Measurement(reached: run.reached, problem: problems.isEmpty ? nil : problems.joined(separator: "; "))
    }

    /// `text` as one word for `/bin/sh`, in single quotes.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Whether the reader's prompt has been drawn: its position `1–N` at the start of a line, or just after
    /// the escape sequence that starts its reverse video.
    @Sendable static func promptShown(_ bytes: [UInt8]) -> Bool {
        let position: [UInt8] = Array("1–".utf8)
        guard bytes.count > position.count else { return false }
        for start in 0..<(bytes.count - position.count) where bytes[start] == position[0] {
            guard Array(bytes[start..<start + position.count]) == position,
                start == 0 || [UInt8(ascii: "m"), 10, 13].contains(bytes[start - 1]),
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[start + position.count])
            else { continue }
            return true
        }
        return false
    }
}
