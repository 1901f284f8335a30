import Foundation
import Glibc

/// One child process run by the export benchmark, measured on its own: wall time from spawn to
/// reaping, and CPU time and peak RSS from the `rusage` that `wait4` returns for that child alone (it
/// includes the child's own waited-for children, e.g. curl and jq under the baseline script). The
/// sandbox serving it runs in this process, so its CPU is never counted.
struct ExportChildRun: Sendable {
    var status: Int32
    var wall: Double
    var userCPU: Double
    var systemCPU: Double
    var peakRSSBytes: Int
    /// Standard error, for messages when the run failed.
    var stderr: String

    var cpu: Double { userCPU + systemCPU }
    var succeeded: Bool { status == 0 }
}

enum ExportChild {
    /// Runs `executable` with `arguments` (argv[0] is added), standard input from /dev/null, standard output
    /// to `stdoutPath`, and an environment holding only `environment`. The blocking `wait4` runs on a
    /// thread of its own, so the in-process sandbox keeps every task thread.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], stdoutPath: String
    ) async throws -> ExportChildRun {
        let stderrPath = stdoutPath + ".stderr"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] =
            environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        let started = ContinuousClock.now
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, nil, argv, envp)
        guard result == 0 else { throw ExportBenchError("cannot start \(executable): \(String(cString: strerror(result)))") }
        let pid = child
        let (status, usage, ended) = await withCheckedContinuation {
            (continuation: CheckedContinuation<(Int32, rusage, ContinuousClock.Instant), Never>) in
            Thread.detachNewThread {
                var status: Int32 = 0
                var usage = rusage()
                while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
                continuation.resume(returning: (status, usage, ContinuousClock.now))
            }
        }
        let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        unlink(stderrPath)
        let exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return ExportChildRun(
            status: exitStatus, wall: seconds(ended - started), userCPU: seconds(usage.ru_utime),
            systemCPU: seconds(usage.ru_stime), peakRSSBytes: usage.ru_maxrss * 1024, stderr: stderr)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }

    /// Lines (newline bytes) in a file, read in large blocks.
    static func lineCount(_ path: String) -> Int {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var lines = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            for index in 0..<count where buffer[index] == 10 { lines += 1 }
        }
        return lines
    }
}

struct ExportBenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
