import Foundation

/// Runs riffle on a file system that is nearly full: a small `tmpfs` mounted in a mount namespace of its
/// own (`unshare --mount`), so the mount needs no clean-up and is gone, with everything on it, when the
/// runs end. "A full disk" is one of the ways a store cannot be used.
enum SmallFileSystem {
    /// util-linux's `unshare`, which runs a program in new namespaces.
    static let unshare = "/usr/bin/unshare"
    /// What the script exits with when the mount fails (`mount`'s own codes are below 64).
    static let mountFailed: Int32 = 97

    /// Why `run` cannot work here, or `nil` when it can: it needs root (to mount) and `unshare`.
    static func unavailable() -> String? {
        guard geteuid() == 0 else { return "not running as root (a tmpfs mount needs it)" }
        guard FileManager.default.isExecutableFile(atPath: unshare) else { return "\(unshare) is missing" }
        return nil
    }

    /// Mounts a `tmpfs` of `size` (`mount`'s form: `512k`) at `mountPoint` in a new mount namespace and
    /// runs riffle with each of `runs` in turn, there; returns each run's outcome, or `nil` with the reason
    /// when the mount was refused (a container without the capability).
    static func run(size: String, at mountPoint: URL, _ runs: [[String]]) async throws -> (
        runs: [RiffleRun], refused: String?
    ) {
        let work = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let riffle = try Harness.binary("riffle").path
        var script = "mount -t tmpfs -o size=\(size),mode=0755 riffle-small \(quoted(mountPoint.path)) 2>"
        script += "\(quoted(work.path))/mount.err || exit \(mountFailed)\n"
        for (index, arguments) in runs.enumerated() {
            let files = work.appendingPathComponent("\(index)").path
            script += ([riffle] + arguments).map(quoted).joined(separator: " ")
            script += " <\"/dev/null\" >\(quoted(files + ".out")) 2>\(quoted(files + ".err"))\n"
            script += "echo $? >\(quoted(files + ".status"))\n"
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: unshare)
        process.arguments = ["--mount", "--propagation", "private", "/bin/sh", "-c", script]
        process.environment = Harness.environment(stateIn: work)
        process.standardInput = FileHandle.nullDevice
        let refusal = work.appendingPathComponent("unshare.err")
        FileManager.default.createFile(atPath: refusal.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: refusal)
        // The script's last command is an `echo`: it fails only when `unshare` or the mount is refused.
        let status = try await process.runUntilExit {}
        if status != 0 {
            let reasons = ["unshare.err", "mount.err"].compactMap {
                try? String(contentsOf: work.appendingPathComponent($0), encoding: .utf8)
            }
            let reason = reasons.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
            return ([], "unshare or mount exited \(status): \(reason)")
        }
        var results: [RiffleRun] = []
        for index in runs.indices {
            let files = work.appendingPathComponent("\(index)")
            let stdout = Array(try Data(contentsOf: files.appendingPathExtension("out")))
            let statusText = try String(contentsOf: files.appendingPathExtension("status"), encoding: .utf8)
            results.append(
                RiffleRun(
                    status: Int32(statusText.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1,
                    stdout: String(decoding: stdout, as: UTF8.self),
                    stderr: try String(contentsOf: files.appendingPathExtension("err"), encoding: .utf8),
                    stdoutBytes: stdout))
        }
        return (results, nil)
    }

    /// `text` as one word for `sh`.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
