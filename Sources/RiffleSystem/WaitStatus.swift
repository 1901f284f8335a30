internal import CRiffleSystem

/// How a reaped child ended: the raw `waitpid` status, read with the C macros, and worded once.
package struct WaitStatus: Sendable, Hashable, CustomStringConvertible {
    var rawValue: Int32

    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// The exit status (0–255) when it exited.
    package var exitCode: Int32? { riffle_status_exited(rawValue) != 0 ? riffle_status_exit_code(rawValue) : nil }

    /// The signal that ended it, when one did.
    package var signal: Signal? {
        riffle_status_signaled(rawValue) != 0 ? Signal(rawValue: riffle_status_signal(rawValue)) : nil
    }

    /// A shell's `$?`: the exit status, or 128 + the signal.
    package var shellCode: Int32 { exitCode ?? (signal.map { 128 + $0.rawValue } ?? -1) }

    /// `exit status 3`, `killed by signal 9`.
    package var description: String {
        if let signal { return "killed by signal \(signal.rawValue)" }
        return "exit status \(exitCode ?? -1)"
    }
}
