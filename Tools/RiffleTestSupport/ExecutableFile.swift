import Glibc
internal import RiffleSystem
import Synchronization

/// Writes test executables (plugin scripts) so that running them never fails with "Text file busy".
///
/// `execve` refuses a file that any process holds open for writing (`ETXTBSY`). A descriptor opened in
/// this process, even close-on-exec and closed at once, is copied into every child another test thread
/// forks meanwhile (`posix_spawn`, Foundation's `Process`, a tmux server), and that child holds it from
/// its fork until its `exec`: a plugin started in that window failed in CI with `posix_spawn …/chatty.sh:
/// Text file busy`. So no descriptor of the file is ever opened here: a short-lived `/bin/sh` child
/// creates and writes it (its `printf` is built in, so nothing forks while it holds the file), and once
/// that child has exited, no process holds the file open for writing. It is then made executable and
/// renamed into place, complete.
package enum ExecutableFile {
    /// Why an executable could not be written: the step and what went wrong.
    package struct WriteError: Error, Sendable, CustomStringConvertible {
        var path: String
        var step: String
        var reason: String

        init(path: String, step: String, reason: String) {
            self.path = path
            self.step = step
            self.reason = reason
        }

        init(path: String, step: String, code: Int32) {
            self.init(path: path, step: step, reason: String(cString: strerror(code)))
        }

        package var description: String { "cannot \(step) \(path): \(reason)" }
    }

    /// The largest text written: it travels as one argument to `sh` (Linux caps one at 128 KiB).
    package static let maxBytes = 64 * 1024

    /// Tells apart the temporary names of writes that run at once.
    private static let writes = Atomic<Int>(0)

    /// Writes `text` to `path` with mode 0755: a child `sh` creates a temporary name in the same
    /// directory (mode 0600, failing if it exists) and writes the bytes; once it has exited, the file is
    /// made executable and renamed into place. The child is waited for off the cooperative pool.
    package static func write(_ text: String, to path: String) async throws(WriteError) {
        guard text.utf8.count <= maxBytes, !text.utf8.contains(0) else {
            throw WriteError(
                path: path, step: "write", reason: "more than \(maxBytes) bytes, or a NUL byte (one argument of sh)")
        }
        let number = writes.add(1, ordering: .relaxed).newValue
        let temporary = path + ".partial-\(getpid())-\(number)"
        let status: WaitStatus
        do {
            let pid = try ChildProcess.spawn(
                "/bin/sh", arguments: ["-c", "set -C; umask 077; printf '%s' \"$1\" > \"$2\"", "sh", text, temporary],
                environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C"], stdin: .nullDevice,
                closeOtherDescriptors: true)
            status = try await offThePool { try ChildProcess.reap(pid) }
        } catch {
            unlink(temporary)
            throw WriteError(path: temporary, step: "write", reason: "\(error)")
        }
        var failure: WriteError?
        if status.exitCode != 0 {
            failure = WriteError(path: temporary, step: "write", reason: "sh ended with \(status)")
        }
        if failure == nil, chmod(temporary, 0o755) != 0 {
            failure = WriteError(path: temporary, step: "chmod", code: errno)
        }
        if failure == nil, rename(temporary, path) != 0 {
            failure = WriteError(path: path, step: "rename into", code: errno)
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }
}
