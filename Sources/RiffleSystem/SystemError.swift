import Glibc

/// A system call that failed: which call (with what it was called on, when that helps a reader), and the
/// `errno` value. Worded in one place, `description`; callers test `code` or the properties, never text.
package struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call and, where it helps, its subject: `open /tmp/out.json`, `posix_spawn /usr/bin/plugin`.
    var call: String
    /// The `errno` value (or the error number a call such as `posix_spawn` returned).
    package var code: Int32

    package init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    /// `ECANCELED` for `call`: an operation riffle itself refused (it is shutting down).
    package static func cancelled(_ call: String) -> SystemError { SystemError(call: call, code: ECANCELED) }

    /// The failed call and the system's words for the error: `open /x: No such file or directory`.
    package var description: String { "\(call): \(reason)" }

    /// The system's words for `code` alone: `No such file or directory`.
    package var reason: String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// The other end of a pipe or socket is gone (writing to a closed `riffle export | head`).
    package var isBrokenPipe: Bool { code == EPIPE }

    /// Something already exists where a new file was to be created (`O_EXCL`).
    package var isAlreadyExists: Bool { code == EEXIST }

    /// The file or directory does not exist.
    package var isNotFound: Bool { code == ENOENT }
}
