internal import RiffleSystem
import Synchronization

/// One running plugin executable and the dedicated thread that does all of its I/O.
///
/// The thread polls the plugin's stdout and stderr, a wake pipe, and (when there is something to send)
/// its stdin, all non-blocking. Complete stdout lines go to the one task waiting in `next(timeout:)`
/// through a continuation; stderr goes into a bounded tail. When asked to stop, or once stdout ends, the
/// thread closes stdin, sends the process group `SIGTERM`, then `SIGKILL`, and reaps the plugin; it is
/// the only code that signals or waits for the pid, so a reaped pid is never signalled.
///
/// The jobs live in one file each: starting (`+Start`), what tasks call (`+Tasks`), the I/O thread's poll
/// loop (`+IOLoop`), cutting stdout into events (`OutputFramer`), the stderr tail (`StderrTail`), and
/// stopping and reaping (`+Shutdown`).
final class PluginProcess: Sendable {
    /// How stdout is cut into events.
    enum Framing: Sendable {
        /// One event per line: the JSON-lines protocol.
        case lines
        /// One event with everything up to end of file: `--describe`.
        case whole
    }

    enum Event: Sendable, Equatable {
        case line([UInt8])
        case whole([UInt8])
        /// stdout closed (the plugin exited or closed it).
        case endOfOutput
        /// A line (or the whole output) longer than the cap.
        case oversized
        /// A line arrived that no request asked for.
        case unexpectedOutput
    }

    enum Outcome: Sendable, Equatable {
        case event(Event)
        case timedOut
        case cancelled
    }

    /// The last bytes of stderr kept.
    static let stderrCapacity = 4096
    /// Grace after closing stdin, and after `SIGTERM`, before the next step.
    static let closeGraceMilliseconds = 100
    static let termGraceMilliseconds = 500

    let pid: Int32
    let path: String
    let framing: Framing
    let maxOutput: Int
    let wakeWrite: Int32
    /// Called on the I/O thread with each line the plugin writes to stderr (under `-v`); `nil` keeps
    /// only the tail.
    let stderrLine: (@Sendable (String) -> Void)?
    let state: Mutex<State>

    /// What the tasks and the I/O thread share, under `state`'s lock.
    struct State {
        var events: [Event] = []
        var waiter: CheckedContinuation<Event?, Never>?
        /// Requests sent whose answer line has not arrived.
        var expecting = 0
        var outbox: [UInt8] = []
        var closeInput = false
        var stopRequested = false
        var stderrTail = StderrTail(capacity: PluginProcess.stderrCapacity)
        /// stderr cut into lines, when they are passed through (`stderrLine`).
        var stderrLines = StderrLines(maxLineBytes: PluginLog.maxStderrLineBytes)
        /// Set once the plugin is reaped.
        var status: WaitStatus?
        var exitedOnItsOwn = false
        var reapWaiters: [CheckedContinuation<Void, Never>] = []
        var wakeClosed = false
    }

    init(
        pid: Int32, path: String, framing: Framing, maxOutput: Int, wakeWrite: Int32,
        stderrLine: (@Sendable (String) -> Void)? = nil
    ) {
        self.pid = pid
        self.path = path
        self.framing = framing
        self.maxOutput = maxOutput
        self.wakeWrite = wakeWrite
        self.stderrLine = stderrLine
        self.state = Mutex(State())
    }
}
