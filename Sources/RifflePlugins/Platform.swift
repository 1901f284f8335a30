import Glibc

/// Every libc call the plugin layer makes, kept in one place. Calls that can be interrupted by a signal
/// go through `retryingOnEINTR`.
enum Platform {
    /// A failed system call, worded for a message.
    struct Failure: Error, Sendable, CustomStringConvertible {
        var call: String
        var code: Int32

        var description: String { "\(call): \(String(cString: strerror(code)))" }
    }

    /// Runs `body` again while it fails with `EINTR`.
    static func retryingOnEINTR<T: BinaryInteger>(_ body: () -> T) -> T {
        while true {
            let result = body()
            if result == -1 && errno == EINTR { continue }
            return result
        }
    }

    // MARK: Pipes and file descriptors

    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    /// glibc functions the Swift module map hides behind `_GNU_SOURCE`, looked up once.
    private static let pipe2Function: Pipe2? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2").map {
        unsafeBitCast($0, to: Pipe2.self)
    }
    private static let closeFromFunction: CloseFrom? = dlsym(
        UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np"
    ).map { unsafeBitCast($0, to: CloseFrom.self) }

    /// A pipe whose two ends are closed on exec (atomically with `pipe2`, which glibc has had since 2.9).
    static func makePipe() throws(Failure) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        let result = fds.withUnsafeMutableBufferPointer { buffer -> Int32 in
            if let pipe2 = pipe2Function { return pipe2(buffer.baseAddress, O_CLOEXEC) }
            guard pipe(buffer.baseAddress) == 0 else { return -1 }
            for fd in buffer { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return 0
        }
        guard result == 0 else { throw Failure(call: "pipe2", code: errno) }
        return (fds[0], fds[1])
    }

    static func setNonBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
    }

    /// Closes `fd` once; never retried (on Linux the descriptor is gone even after `EINTR`).
    static func close(_ fd: Int32) {
        if fd >= 0 { _ = Glibc.close(fd) }
    }

    /// What a non-blocking read gave.
    enum ReadResult {
        case data(Int)
        case wouldBlock
        case endOfFile
        case failed(Int32)
    }

    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
        let count = retryingOnEINTR { Glibc.read(fd, buffer.baseAddress, buffer.count) }
        if count > 0 { return .data(count) }
        if count == 0 { return .endOfFile }
        let code = errno
        return code == EAGAIN || code == EWOULDBLOCK ? .wouldBlock : .failed(code)
    }

    /// Writes what the descriptor takes now; the count written, 0 when it would block, -1 on error.
    static func write(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Int {
        let count = bytes.withUnsafeBytes { raw in
            retryingOnEINTR { Glibc.write(fd, raw.baseAddress, raw.count) }
        }
        if count >= 0 { return count }
        return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -1
    }

    /// One descriptor to watch.
    struct Watch {
        var fd: Int32
        var output: Bool = false
        /// Set by `poll`: readable, writable, or hung up / in error.
        var readable = false
        var writable = false
        var closed = false
    }

    /// Waits until one of `watches` is ready (or `timeoutMilliseconds` pass; -1 waits for ever).
    static func poll(_ watches: inout [Watch], timeoutMilliseconds: Int32) {
        var fds = watches.map { pollfd(fd: $0.fd, events: Int16($0.output ? POLLOUT : POLLIN), revents: 0) }
        let result = retryingOnEINTR {
            fds.withUnsafeMutableBufferPointer { Glibc.poll($0.baseAddress, nfds_t($0.count), timeoutMilliseconds) }
        }
        for index in watches.indices {
            let events = result > 0 ? Int32(fds[index].revents) : 0
            watches[index].readable = events & Int32(POLLIN) != 0
            watches[index].writable = events & Int32(POLLOUT) != 0
            watches[index].closed = events & Int32(POLLHUP | POLLERR | POLLNVAL) != 0
        }
    }

    // MARK: Processes

    /// Starts `path` with `arguments` (argv[1...]) and exactly `environment`, in a new process group,
    /// with `stdin`, `stdout` and `stderr` on the given descriptors and every other descriptor closed.
    /// Signal dispositions and the signal mask are reset to their defaults. No shell is involved.
    static func spawn(
        path: String, arguments: [String], environment: [String: String], stdin: Int32, stdout: Int32,
        stderr: Int32
    ) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        // Descriptors other libraries opened without close-on-exec stay out of the plugin too.
        if let closeFrom = closeFromFunction { _ = closeFrom(&actions, 3) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGUSR1, SIGUSR2, SIGALRM] {
            sigaddset(&defaults, signal)
        }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw Failure(call: "posix_spawn \(path)", code: result) }
        return pid
    }

    /// Sends `signal` to the process group led by `pid` (the plugin and whatever it started).
    static func signalGroup(_ pid: pid_t, _ signal: Int32) {
        _ = kill(-pid, signal)
    }

    /// Whether `pid` has exited, without reaping it (its zombie keeps the pid and group id reserved).
    static func hasExited(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        let result = retryingOnEINTR { waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) }
        return result == -1 || info.si_signo == SIGCHLD
    }

    /// Reaps `pid`, waiting for it; its raw wait status.
    static func reap(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        _ = retryingOnEINTR { waitpid(pid, &status, 0) }
        return status
    }

    /// A wait status in words: `exit status 3`, `killed by signal 9`.
    static func describe(status: Int32) -> String {
        let signal = status & 0x7f
        return signal == 0 ? "exit status \((status >> 8) & 0xff)" : "killed by signal \(signal)"
    }

    /// Whether a process with this id exists (a zombie counts).
    static func processExists(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    static func sleep(milliseconds: Int) {
        var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1 && errno == EINTR { request = remaining }
    }

    /// A monotonic clock in milliseconds.
    static func nowMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    // MARK: Threads

    private final class ThreadBody {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Starts a detached thread running `body` with every asynchronous signal blocked (so `SIGPIPE` from
    /// writing to a plugin that has gone becomes `EPIPE`, and the CLI's signal handling stays where it is).
    /// A dedicated thread, not a task: it blocks in `poll`, which must never happen on the cooperative pool.
    static func startThread(_ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { argument in
                guard let argument else { return nil }
                Unmanaged<ThreadBody>.fromOpaque(argument).takeRetainedValue().run()
                return nil
            }, box)
        guard result == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(box).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    // MARK: Files

    /// The canonical absolute path, when `path` exists.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// A regular file (after following links) that this process may execute.
    static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }

    /// The names in a directory, sorted, without `.` and `..`.
    static func listDirectory(_ path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}

extension Platform {
    /// The bytes of a file, at most `limit`; `nil` when it cannot be read.
    static func readFile(_ path: String, limit: Int) -> [UInt8]? {
        let fd = retryingOnEINTR { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 1)
        defer { chunk.deallocate() }
        while bytes.count <= limit {
            switch read(fd, into: chunk) {
            case .data(let count): bytes.append(contentsOf: chunk[0..<count])
            case .endOfFile: return bytes
            case .wouldBlock, .failed: return nil
            }
        }
        return nil
    }
}
