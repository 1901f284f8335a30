#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every libc call the store makes, in one place: making the store's directory and file with private
/// modes before SQLite sees them, and reading a file's first bytes to recognise it without opening it.
enum Platform {
    /// A failed system call: which, and the `errno` text.
    struct Failure: Error, CustomStringConvertible {
        var call: String
        var code: Int32
        var description: String { "\(call): \(String(cString: strerror(code)))" }
    }

    /// Creates `directory` and any missing parents with mode 0700 (less the umask). Existing ones are left
    /// as they are.
    static func makeDirectories(_ directory: String) throws(Failure) {
        guard !directory.isEmpty else { return }
        var prefix = directory.hasPrefix("/") ? "/" : ""
        for component in directory.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += component
            if mkdir(prefix, 0o700) != 0, errno != EEXIST {
                throw Failure(call: "mkdir \(prefix)", code: errno)
            }
            prefix += "/"
        }
    }

    /// Creates `path` empty with mode 0600 unless it exists (O_EXCL: never truncates anything). SQLite
    /// takes an empty file as an empty database, and gives its `-wal` and `-shm` files the same mode.
    static func createPrivateFile(_ path: String) throws(Failure) {
        while true {
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 {
                close(fd)
                return
            }
            switch errno {
            case EINTR: continue
            case EEXIST: return
            default: throw Failure(call: "open \(path)", code: errno)
            }
        }
    }

    /// Up to `count` bytes from the start of `path` (read-only; fewer when the file is shorter).
    static func readPrefix(_ path: String, count: Int) throws(Failure) -> [UInt8] {
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw Failure(call: "open \(path)", code: errno) }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(fd, buffer.baseAddress.map { $0 + filled }, count - filled)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw Failure(call: "read \(path)", code: errno)
            }
            if got == 0 { break }
            filled += got
        }
        return Array(bytes[..<filled])
    }

    /// Whether `path` can be written by this process (`access(W_OK)`).
    static func isWritable(_ path: String) -> Bool { access(path, W_OK) == 0 }

    /// The wall clock now.
    static func now() -> (seconds: Int64, nanoseconds: Int64) {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return (Int64(spec.tv_sec), Int64(spec.tv_nsec))
    }
}
