#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every libc call the export layer makes, in one place, retried on EINTR.
enum Platform {
    /// A failed system call: which, and the `errno` text.
    struct Failure: Error, CustomStringConvertible {
        var call: String
        var code: Int32
        var description: String { "\(call): \(String(cString: strerror(code)))" }
        var isBrokenPipe: Bool { code == EPIPE }
    }

    /// Runs `body` until it does not fail with EINTR.
    static func retrying<T: BinaryInteger>(_ call: String, _ body: () -> T) throws(Failure) -> T {
        while true {
            let result = body()
            if result >= 0 { return result }
            if errno != EINTR { throw Failure(call: call, code: errno) }
        }
    }

    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(call: "write", code: errno)
            }
            offset += written
        }
    }

    /// Creates a new file that no one else has (O_EXCL), mode 0644 less the umask.
    static func createExclusive(_ path: String) throws(Failure) -> Int32 {
        try retrying("open \(path)") { open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
    }

    /// Whether `path` exists and is something other than a regular file (a device, a FIFO, a socket).
    static func isSpecialFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) != S_IFREG && (info.st_mode & S_IFMT) != S_IFDIR
    }

    /// Opens an existing file for writing (no create, no truncate: devices and FIFOs).
    static func openForWriting(_ path: String) throws(Failure) -> Int32 {
        try retrying("open \(path)") { open(path, O_WRONLY | O_CLOEXEC) }
    }

    static func sync(_ fd: Int32) throws(Failure) { _ = try retrying("fsync") { fsync(fd) } }

    static func close(_ fd: Int32) { _ = Glibc.close(fd) }

    static func rename(_ from: String, _ to: String) throws(Failure) {
        _ = try retrying("rename to \(to)") { Glibc.rename(from, to) }
    }

    static func unlink(_ path: String) { _ = Glibc.unlink(path) }

    static func processID() -> Int32 { getpid() }

    /// Ignores SIGPIPE so that a closed pipe (`riffle export | head`) is an EPIPE error, not death.
    static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }
}
