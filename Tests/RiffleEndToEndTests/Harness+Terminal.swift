import Foundation
import RiffleTestSupport

extension Harness {
    /// Runs riffle with stdin, stdout and stderr on a pseudo-terminal (util-linux `script`), for what
    /// riffle does only on a terminal. `stdout` holds everything the terminal showed (both streams, with
    /// CR LF line ends); `status` is riffle's exit status.
    static func runOnTerminal(_ arguments: [String], environment: [String: String] = [:]) async throws -> RiffleRun {
        let command = ([try binary("riffle").path] + arguments).map(shellQuoted).joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
        let work = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        var env = [
            "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8", "TERM": "xterm",
            "XDG_STATE_HOME": work.appendingPathComponent("state").path,
        ]
        env.merge(environment) { _, new in new }
        process.environment = env
        process.currentDirectoryURL = work
        let transcript = work.appendingPathComponent("transcript")
        _ = FileManager.default.createFile(atPath: transcript.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: transcript)
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let status = try await process.runUntilExit {}
        let bytes = try Data(contentsOf: transcript)
        return RiffleRun(
            status: status, stdout: String(decoding: bytes, as: UTF8.self), stderr: "", stdoutBytes: Array(bytes))
    }

    /// `text` as one word for `sh -c`.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
