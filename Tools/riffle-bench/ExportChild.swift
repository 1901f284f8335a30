import Foundation
import Glibc
import RiffleCore

/// One child process run by the export benchmark, measured on its own: wall time from spawn to
/// reaping, and CPU time and peak RSS from the `rusage` that `wait4` returns for that child alone (it
/// includes the child's own waited-for children, e.g. curl and jq under the baseline script). The
/// sandbox serving it runs in this process, so its CPU is never counted.
///
/// Peak RSS needs a detour: Linux carries the peak RSS of the memory image a process had before `exec`
/// into its `ru_maxrss`, and `posix_spawn` (a vfork) from this process — big, with the sandbox's data
/// in it — would report this process's RSS for any small child. So every measured program is started
/// by a fresh copy of this binary (`riffle-bench export --measure RESULT PROGRAM ARGS...`), which spawns
/// it, reaps it with `wait4` and writes the figures to RESULT. The helper's own peak RSS at that moment
/// is the floor of what can be seen (`floorBytes`).
struct ExportChildRun: Sendable {
    var status: Int32
    var wall: Double
    var userCPU: Double
    var systemCPU: Double
    var peakRSSBytes: Int
    /// The measuring helper's peak RSS when it started the program: no smaller peak can be seen.
    var floorBytes: Int
    /// Standard error, for messages when the run failed.
    var stderr: String

    var cpu: Double { userCPU + systemCPU }
    var succeeded: Bool { status == 0 }
}

enum ExportChild {
    /// Runs `executable` with `arguments` (argv[0] is added) through the measuring helper, standard input
    /// from /dev/null, standard output to `stdoutPath`, and an environment holding only `environment`.
    /// The blocking `wait4` runs on a thread of its own, so the in-process sandbox keeps every task thread.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], stdoutPath: String
    ) async throws -> ExportChildRun {
        let stderrPath = stdoutPath + ".stderr"
        let resultPath = stdoutPath + ".result"
        unlink(resultPath)
        let helper = ["riffle-bench", "export", "--measure", resultPath, executable] + arguments
        let spawned = spawn(
            "/proc/self/exe", helper,
            environment: environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" },
            stdin: "/dev/null", stdout: stdoutPath, stderr: stderrPath)
        guard case .success(let pid) = spawned else {
            throw ExportBenchError("cannot start the measuring helper: \(spawned)")
        }
        let status = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            Thread.detachNewThread {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                continuation.resume(returning: status)
            }
        }
        let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        unlink(stderrPath)
        let result = ((try? String(contentsOfFile: resultPath, encoding: .utf8)) ?? "").split(separator: " ")
        unlink(resultPath)
        guard exitCode(status) == 0, result.count == 6, let code = Int32(result[0]),
            let numbers = Optional(result[1...].compactMap { Double($0) }), numbers.count == 5
        else {
            throw ExportBenchError("the measuring helper failed (status \(exitCode(status))): \(stderr.prefix(400))")
        }
        return ExportChildRun(
            status: code, wall: numbers[0], userCPU: numbers[1], systemCPU: numbers[2],
            peakRSSBytes: Int(numbers[3]) * 1024, floorBytes: Int(numbers[4]) * 1024, stderr: stderr)
    }

    /// The helper (`riffle-bench export --measure RESULT PROGRAM ARGS...`): runs PROGRAM with this
    /// process's standard streams and environment, and writes `status wall user sys maxrssKB floorKB`.
    static func measureMain(_ arguments: [String]) -> Never {
        guard arguments.count >= 3 else {
            complain("usage: riffle-bench export --measure RESULT PROGRAM [ARGS...]")
            exit(64)
        }
        let resultPath = arguments[1]
        let program = Array(arguments[2...])
        let floor = ownPeakKilobytes()
        let started = ContinuousClock.now
        guard case .success(let pid) = spawn(program[0], program, environment: nil) else {
            complain("riffle-bench: cannot start \(program[0])")
            exit(1)
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = (ContinuousClock.now - started).seconds
        let line =
            "\(exitCode(status)) \(wall) \(seconds(usage.ru_utime)) \(seconds(usage.ru_stime)) \(usage.ru_maxrss) \(floor)"
        do {
            try line.write(toFile: resultPath, atomically: true, encoding: .utf8)
        } catch {
            complain("riffle-bench: cannot write \(resultPath): \(error)")
            exit(1)
        }
        exit(0)
    }

    /// `posix_spawn`: `environment` nil inherits this process's; nil paths inherit the stream.
    private static func spawn(
        _ executable: String, _ argv: [String], environment: [String]?, stdin: String? = nil, stdout: String? = nil,
        stderr: String? = nil
    ) -> Result<pid_t, ExportBenchError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdin { posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0) }
        if let stdout { posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        if let stderr { posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        let arguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        let variables: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup($0) } + [nil] }
        defer {
            for pointer in arguments { free(pointer) }
            for pointer in variables ?? [] { free(pointer) }
        }
        var child: pid_t = 0
        let result =
            if let variables {
                posix_spawn(&child, executable, &actions, nil, arguments, variables)
            } else {
                posix_spawn(&child, executable, &actions, nil, arguments, environ)
            }
        guard result == 0 else {
            return .failure(ExportBenchError("\(executable): \(String(cString: strerror(result)))"))
        }
        return .success(child)
    }

    private static func complain(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    private static func exitCode(_ status: Int32) -> Int32 {
        status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// VmHWM of this process, in kilobytes.
    private static func ownPeakKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
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
