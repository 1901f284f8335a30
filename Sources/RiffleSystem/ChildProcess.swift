internal import CRiffleSystem
import Glibc

/// Starting, signalling and reaping child processes. `spawn` is the one way riffle starts a program:
/// `posix_spawn` with an argument vector, never a shell.
package enum ChildProcess {
    /// What one of the child's standard descriptors is.
    package enum Stream: Sendable, Equatable {
        /// The same as ours.
        case inherit
        /// `/dev/null`: it reads nothing, and what it writes is dropped.
        case nullDevice
        /// A descriptor of ours, duplicated onto the child's.
        case descriptor(Int32)

        var code: Int32 {
            switch self {
            case .inherit: RIFFLE_SPAWN_INHERIT
            case .nullDevice: RIFFLE_SPAWN_NULL_DEVICE
            case .descriptor(let fd): fd
            }
        }
    }

    /// Starts `executable` with `arguments` (after argv[0], which is `executable`), no shell involved.
    ///
    /// - Parameters:
    ///   - environment: exactly these variables; `nil` passes this process's environment on.
    ///   - stdin, stdout, stderr: what the child's standard descriptors are.
    ///   - newProcessGroup: the child leads a process group of its own, so `signalGroup` reaches it and
    ///     whatever it starts.
    ///   - searchPath: an `executable` without a slash is looked up on `PATH`.
    ///   - closeOtherDescriptors: descriptors other libraries opened without close-on-exec stay out too.
    ///
    /// The child starts with an empty signal mask and every signal at its default disposition, whatever
    /// this thread blocks or riffle ignores.
    package static func spawn(
        _ executable: String, arguments: [String] = [], environment: [String: String]?, stdin: Stream = .inherit,
        stdout: Stream = .inherit, stderr: Stream = .inherit, newProcessGroup: Bool = false,
        searchPath: Bool = false, closeOtherDescriptors: Bool = false
    ) throws(SystemError) -> Int32 {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { $0.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp ?? [] { free(pointer) }
        }
        let streams = [stdin.code, stdout.code, stderr.code]
        var pid = pid_t()
        let result = argv.withUnsafeBufferPointer { argvBuffer in
            streams.withUnsafeBufferPointer { streamBuffer in
                if let envp {
                    return envp.withUnsafeBufferPointer { envpBuffer in
                        riffle_spawn(
                            &pid, executable, argvBuffer.baseAddress, envpBuffer.baseAddress, streamBuffer.baseAddress,
                            Int32(streamBuffer.count), searchPath ? 1 : 0, newProcessGroup ? 1 : 0,
                            closeOtherDescriptors ? 1 : 0)
                    }
                }
                return riffle_spawn(
                    &pid, executable, argvBuffer.baseAddress, nil, streamBuffer.baseAddress, Int32(streamBuffer.count),
                    searchPath ? 1 : 0, newProcessGroup ? 1 : 0, closeOtherDescriptors ? 1 : 0)
            }
        }
        guard result == 0 else { throw SystemError(call: "posix_spawn \(executable)", code: result) }
        return pid
    }

    /// Sends `signal` to `pid`.
    package static func signal(_ pid: Int32, _ signal: Signal) { _ = kill(pid, signal.rawValue) }

    /// Sends `signal` to the process group `pid` leads (a child started with `newProcessGroup`, and
    /// whatever it started).
    package static func signalGroup(_ pid: Int32, _ signal: Signal) { _ = kill(-pid, signal.rawValue) }

    /// Whether `pid` has exited, without reaping it (its zombie keeps the pid and group id reserved, so
    /// signalling the group stays safe).
    package static func hasExited(_ pid: Int32) -> Bool {
        var info = siginfo_t()
        let result = try? syscall(where: "waitid") { waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) }
        return result == nil || info.si_signo == SIGCHLD
    }

    /// Waits for `pid` to end and reaps it. Blocks: call it on a `SystemThread`.
    @available(*, noasync, message: "blocks the calling thread; call it on a SystemThread")
    package static func reap(_ pid: Int32) throws(SystemError) -> WaitStatus {
        var status: Int32 = 0
        try syscall(where: "waitpid") { waitpid(pid, &status, 0) }
        return WaitStatus(rawValue: status)
    }

    /// Whether a process with this id exists (a zombie counts).
    package static func exists(_ pid: Int32) -> Bool { kill(pid, 0) == 0 || errno == EPERM }
}
