internal import CRiffleSystem
import Glibc

/// Calls on file descriptors (raw `Int32`s, as libc and libcurl hand them out), each retried on `EINTR`
/// through `syscall`.
package enum Descriptor {
    static let standardInput: Int32 = 0
    package static let standardOutput: Int32 = 1
    package static let standardError: Int32 = 2

    /// A pipe whose two ends are close-on-exec from the moment they exist (`pipe2`), so no descriptor of
    /// ours, least of all a write end, leaks into a process another thread spawns.
    package static func makePipe() throws(SystemError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        try syscall(where: "pipe2") { fds.withUnsafeMutableBufferPointer { riffle_pipe_cloexec($0.baseAddress) } }
        return (fds[0], fds[1])
    }

    /// Writes every byte, retrying short writes; on a blocking descriptor only.
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(SystemError) {
        // `withUnsafeBytes` rethrows untyped errors: the typed one comes out as a result.
        let result = bytes.withUnsafeBytes { buffer in Result { () throws(SystemError) in try writeAll(fd, buffer) } }
        try result.get()
    }

    /// `writeAll` of bytes where they lie (the export's block, without a copy into an array).
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = try syscall(where: "write") {
                Glibc.write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            offset += written
        }
    }

    /// Writes what the descriptor takes now: the count written, or `.wouldBlock` (non-blocking only).
    package static func write(_ fd: Int32, _ bytes: ArraySlice<UInt8>) throws(SystemError) -> IOResult<Int> {
        try syscall(blocking: true, where: "write") {
            bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        }
    }

    /// Reads what is there, up to `buffer.count` bytes: the count (0 at end of input), or `.wouldBlock`.
    package static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> IOResult<
        Int
    > {
        try syscall(blocking: true, where: "read") { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// Makes reads and writes on `fd` return `.wouldBlock` instead of waiting.
    package static func setNonBlocking(_ fd: Int32) throws(SystemError) {
        let flags = try syscall(where: "fcntl F_GETFL") { fcntl(fd, F_GETFL) }
        try syscall(where: "fcntl F_SETFL") { fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
    }

    /// Closes `fd` once; never retried (on Linux the descriptor is gone even after `EINTR`). Negative
    /// descriptors (the "already closed" marker) are ignored.
    package static func close(_ fd: Int32) {
        if fd >= 0 { _ = Glibc.close(fd) }
    }

    /// Whether `fd` is a terminal.
    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Flushes what was written to `fd` to the disk.
    package static func sync(_ fd: Int32) throws(SystemError) { try syscall(where: "fsync") { fsync(fd) } }
}
