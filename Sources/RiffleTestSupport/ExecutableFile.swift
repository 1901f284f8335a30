import Glibc
internal import RiffleSystem

/// Writes test executables (plugin scripts) so that running them never fails with "Text file busy".
///
/// `execve` refuses a file that any process holds open for writing (`ETXTBSY`). Foundation's
/// `write(toFile:atomically:)` opens its temporary file without `O_CLOEXEC`, so a process another test
/// thread forks meanwhile (a tmux server, a plugin, `curl`) inherits the write descriptor and keeps it
/// for as long as it lives. Here the descriptor is close-on-exec, lives only while the bytes are
/// written, and the file appears under its name, complete and executable, only after it is closed.
package enum ExecutableFile {
    /// Why an executable could not be written: the step and its `errno`.
    package struct WriteError: Error, Sendable, CustomStringConvertible {
        var path: String
        var step: String
        var code: Int32

        package var description: String { "cannot \(step) \(path): \(String(cString: strerror(code)))" }
    }

    /// Writes `text` to `path` with mode 0755: to a temporary name in the same directory (opened
    /// close-on-exec), closed, made executable, then renamed into place.
    package static func write(_ text: String, to path: String) throws(WriteError) {
        let temporary = path + ".partial-\(getpid())"
        let descriptor: Int32
        do {
            // Close-on-exec and O_EXCL, through the one system layer.
            descriptor = try FileSystem.createExclusive(temporary, mode: 0o600)
        } catch {
            throw WriteError(path: temporary, step: "create", code: error.code)
        }
        var failure: WriteError?
        do {
            try Descriptor.writeAll(descriptor, Array(text.utf8))
        } catch {
            failure = WriteError(path: temporary, step: "write", code: error.code)
        }
        if close(descriptor) != 0, failure == nil { failure = WriteError(path: temporary, step: "close", code: errno) }
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
