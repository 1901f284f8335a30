import Glibc

/// An exclusive advisory lock on a file (`flock`), held while the value lives and released when it goes
/// (or when the process ends, however it ends: the kernel drops it with the descriptor). The holder's
/// process id is written into the file, so that a run that waits can say who holds it.
package final class FileLock: Sendable {
    private let fd: Int32

    private init(fd: Int32) { self.fd = fd }

    deinit { Descriptor.close(fd) }

    /// What `acquire` found when it did not get the lock.
    package enum Failure: Error, Sendable {
        /// Another process held it for the whole wait; its process id when the file names one.
        case held(by: Int32?)
        /// The lock file could not be opened or locked.
        case system(SystemError)
    }

    /// Takes the lock on `path` (created, mode 0600, when missing), waiting while another process holds it,
    /// at most `patience` on `clock`, looking again every `interval`.
    package static func acquire(
        _ path: String, patience: Duration, interval: Duration = .milliseconds(50),
        clock: any Clock<Duration> = ContinuousClock()
    ) async throws(Failure) -> FileLock {
        let fd: Int32
        do {
            fd = try syscall(where: "open \(path)") { open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) }
        } catch {
            throw .system(error)
        }
        var waited = Duration.zero
        while true {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { break }
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                Descriptor.close(fd)
                throw .system(SystemError(call: "flock \(path)", code: code))
            }
            guard waited < patience, (try? await clock.sleep(for: interval)) != nil else {
                let holder = holderID(fd)
                Descriptor.close(fd)
                throw .held(by: holder)
            }
            waited += interval
        }
        let lock = FileLock(fd: fd)
        _ = ftruncate(fd, 0)
        _ = try? Descriptor.writeAll(fd, Array("\(getpid())\n".utf8))
        return lock
    }

    /// The process id the lock file names (written by its holder).
    private static func holderID(_ fd: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: bytes.prefix(count).prefix { $0 >= 0x30 && $0 <= 0x39 }, as: UTF8.self))
    }
}
