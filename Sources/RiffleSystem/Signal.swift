internal import CRiffleSystem
import Glibc

/// A POSIX signal number, with the ones riffle names, and the process-wide dispositions riffle sets.
package struct Signal: RawRepresentable, Sendable, Hashable {
    package var rawValue: Int32

    package init(rawValue: Int32) { self.rawValue = rawValue }

    package static let interrupt = Signal(rawValue: SIGINT)
    package static let terminate = Signal(rawValue: SIGTERM)
    package static let kill = Signal(rawValue: SIGKILL)
    static let hangUp = Signal(rawValue: SIGHUP)
    static let brokenPipe = Signal(rawValue: SIGPIPE)
    package static let windowChange = Signal(rawValue: SIGWINCH)
    package static let terminalStop = Signal(rawValue: SIGTSTP)
    package static let stop = Signal(rawValue: SIGSTOP)
    package static let `continue` = Signal(rawValue: SIGCONT)

    /// Ignores the signal, process-wide.
    package func ignore() { _ = Glibc.signal(rawValue, SIG_IGN) }

    /// Puts the default disposition back, process-wide.
    package func restoreDefault() { _ = Glibc.signal(rawValue, SIG_DFL) }

    /// Sends the signal to this process.
    package func raise() { _ = Glibc.raise(rawValue) }

    /// Ends the process by this signal with its default action, as if no handler had ever been there
    /// (unblocked on this thread first: Dispatch threads block signals).
    package func reraise() -> Never {
        riffle_reraise(rawValue)
        _exit(128 + rawValue)
    }

    private static let brokenPipesIgnored: Void = Signal.brokenPipe.ignore()

    /// Ignores `SIGPIPE` (once per process), so that writing to a closed pipe or socket
    /// (`riffle export | head`, a plugin that has gone, a peer libcurl writes to) is an `EPIPE` error,
    /// not death.
    package static func ignoreBrokenPipes() { brokenPipesIgnored }

    /// Runs `handler` when the process exits through `exit` (not by a signal).
    package static func atExit(_ handler: @escaping @convention(c) () -> Void) { _ = atexit(handler) }
}
