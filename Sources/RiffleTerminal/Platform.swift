internal import CTerminal
import Glibc
import RiffleCore

/// Every libc call the reader makes, in one place. Callers never see C types beyond `termios` and `pid_t`,
/// and every call that can be interrupted by a signal goes through `retryingEINTR`.
enum Platform {
    /// Runs `call` again while it fails with EINTR (a signal arrived mid-call: SIGWINCH does, often).
    static func retryingEINTR<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result == -1 && errno == EINTR { continue }
            return result
        }
    }

    static var lastError: Int32 { errno }

    /// A plain-words description of an errno value.
    static func describe(errorCode: Int32) -> String {
        guard let text = strerror(errorCode) else { return "error \(errorCode)" }
        return String(cString: text)
    }

    // MARK: Terminal facts

    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// The window size of the terminal on `fd`, when it is one.
    static func windowSize(_ fd: Int32) -> (columns: Int, rows: Int)? {
        var columns: Int32 = 0
        var rows: Int32 = 0
        guard riffle_window_size(fd, &columns, &rows) == 0 else { return nil }
        return (Int(columns), Int(rows))
    }

    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// Display columns of one scalar per glibc's C.UTF-8 tables; -1 non-printable, -2 tables unavailable.
    static func wcwidth(_ scalar: Unicode.Scalar) -> Int { Int(riffle_wcwidth(scalar.value)) }

    // MARK: termios

    static func terminalAttributes(_ fd: Int32) -> termios? {
        var attributes = termios()
        guard retryingEINTR({ tcgetattr(fd, &attributes) }) == 0 else { return nil }
        return attributes
    }

    /// Applies `attributes`; `flush` discards typed-ahead input (entering single-key mode), else the
    /// change waits for pending output (restoring).
    @discardableResult
    static func setTerminalAttributes(_ fd: Int32, _ attributes: termios, flush: Bool) -> Bool {
        var copy = attributes
        return retryingEINTR({ tcsetattr(fd, flush ? TCSAFLUSH : TCSADRAIN, &copy) }) == 0
    }

    static func singleKeyAttributes(from attributes: termios) -> termios {
        var raw = attributes
        riffle_termios_make_raw(&raw)
        return raw
    }

    // MARK: File descriptors

    /// Writes every byte, retrying short writes and EINTR. False when the descriptor refuses (EPIPE …).
    @discardableResult
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                retryingEINTR { Glibc.write(fd, buffer.baseAddress.map { $0 + offset }, bytes.count - offset) }
            }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// Reads what is there, up to `buffer.count` bytes: the count, 0 at end of input, -1 on error.
    static func read(_ fd: Int32, into buffer: inout [UInt8]) -> Int {
        let capacity = buffer.count
        return buffer.withUnsafeMutableBytes { raw in retryingEINTR { Glibc.read(fd, raw.baseAddress, capacity) } }
    }

    static func makePipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        return (fds[0], fds[1])
    }

    static func close(_ fd: Int32) { _ = Glibc.close(fd) }

    static func openWriteOnly(_ path: String) -> Int32 { open(path, O_WRONLY | O_CLOEXEC) }

    /// Waits until `fds[i]` is readable (or hung up); returns the readable indices. Blocks: input thread only.
    static func waitReadable(_ fds: [Int32]) -> [Int] {
        var polls = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let count = polls.count
        let ready = polls.withUnsafeMutableBufferPointer { buffer in
            retryingEINTR { poll(buffer.baseAddress, nfds_t(count), -1) }
        }
        guard ready > 0 else { return [] }
        return polls.indices.filter { polls[$0].revents != 0 }
    }

    // MARK: Processes, threads, signals, clocks

    /// Starts `arguments[0]` (looked up on PATH) with exactly these arguments: no shell. Returns the pid,
    /// or the errno value that stopped it.
    static func spawn(_ arguments: [String]) -> Result<pid_t, SpawnError> {
        guard !arguments.isEmpty else { return .failure(SpawnError(code: EINVAL)) }
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        defer { for pointer in pointers { free(pointer) } }
        pointers.append(nil)
        var pid: pid_t = 0
        let status = pointers.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return EINVAL }
            return riffle_spawn(base, &pid)
        }
        return status == 0 ? .success(pid) : .failure(SpawnError(code: status))
    }

    struct SpawnError: Error, Sendable {
        var code: Int32
    }

    /// The child's exit status (128 + signal when killed). Blocks: call it on a thread of its own.
    static func waitForExit(_ pid: pid_t) -> Int { Int(riffle_wait_exit(pid)) }

    /// Runs `body` on a new detached POSIX thread: for blocking calls (read, waitpid) that must not
    /// occupy a thread of Swift's cooperative pool. False when no thread could be made.
    @discardableResult
    static func startThread(_ body: @escaping @Sendable () -> Void) -> Bool {
        final class Box: Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().body()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    static func ignoreSignal(_ signal: Int32) { _ = Glibc.signal(signal, SIG_IGN) }
    static func defaultSignal(_ signal: Int32) { _ = Glibc.signal(signal, SIG_DFL) }
    /// Ends the process by `signal` with its default action, as if the handler had never been there.
    static func reraise(_ signal: Int32) -> Never {
        riffle_reraise(signal)
        _exit(128 + signal)
    }

    static func registerAtExit(_ handler: @escaping @convention(c) () -> Void) { atexit(handler) }

    /// The wall clock now.
    static func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(microseconds: Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1000)
    }
}
