internal import CRiffleSystem
import Glibc

/// The terminal: its size, its line discipline (`termios`), and how wide a character draws on it.
package enum Terminal {
    /// The saved line discipline of a terminal, to restore later.
    package struct Attributes: @unchecked Sendable {
        fileprivate var value: termios
    }

    /// The window size of the terminal on `fd`, when it is one.
    package static func windowSize(_ fd: Int32) -> (columns: Int, rows: Int)? {
        var columns: Int32 = 0
        var rows: Int32 = 0
        guard riffle_window_size(fd, &columns, &rows) == 0 else { return nil }
        return (Int(columns), Int(rows))
    }

    /// The current attributes of the terminal on `fd`, when it is one.
    package static func attributes(_ fd: Int32) -> Attributes? {
        var value = termios()
        guard (try? syscall(where: "tcgetattr", { tcgetattr(fd, &value) })) != nil else { return nil }
        return Attributes(value: value)
    }

    /// Applies `attributes`; `flush` discards typed-ahead input (entering single-key mode), else the
    /// change waits for pending output (restoring). False when the terminal refuses.
    @discardableResult
    package static func setAttributes(_ fd: Int32, _ attributes: Attributes, flush: Bool) -> Bool {
        var copy = attributes.value
        return (try? syscall(where: "tcsetattr", { tcsetattr(fd, flush ? TCSAFLUSH : TCSADRAIN, &copy) })) != nil
    }

    /// `attributes` in single-key (raw) mode: no echo, no line editing; Ctrl-C still raises SIGINT.
    package static func singleKeyAttributes(from attributes: Attributes) -> Attributes {
        var raw = attributes.value
        riffle_termios_make_raw(&raw)
        return Attributes(value: raw)
    }

    /// Display columns of one scalar per glibc's C.UTF-8 tables; -1 non-printable, -2 tables unavailable.
    package static func columns(of scalar: Unicode.Scalar) -> Int { Int(riffle_wcwidth(scalar.value)) }
}
