import Dispatch
internal import RiffleSystem
import Synchronization

/// The signals the reader handles while it runs, through Dispatch signal sources (no work in a raw C
/// handler): SIGWINCH (re-read the size), SIGINT (restore the terminal, then quit cleanly; a second one
/// ends the process), SIGTERM (restore the terminal and end by the signal at once), SIGTSTP (restore,
/// stop; single-key mode comes back on SIGCONT). `stop()` cancels the sources (which also releases
/// the handlers' hold on the watcher) and puts the default dispositions back. The sources are
/// `SignalSources`, as the CLI's interruption uses.
final class SignalWatcher: Sendable {
    private let sources = Mutex<SignalSources?>(nil)
    private let interruptCount = Atomic<Int>(0)
    private let queue = DispatchQueue(label: "riffle.reader.signals")

    func start(events: AsyncStream<ReaderEvent>.Continuation, outputFD: Int32) {
        let handlers: [(Signal, @Sendable () -> Void)] = [
            (Signal.windowChange, { events.yield(.resized) }),
            (
                Signal.interrupt,
                { [self] in
                    TerminalModeGuard.restore()
                    if self.interruptCount.add(1, ordering: .relaxed).newValue > 1 { Signal.interrupt.reraise() }
                    events.yield(.interrupted)
                }
            ),
            (
                Signal.terminate,
                {
                    TerminalModeGuard.restore()
                    try? Descriptor.writeAll(outputFD, Array("\n".utf8))
                    Signal.terminate.reraise()
                }
            ),
            (
                Signal.terminalStop,
                {
                    TerminalModeGuard.restoreForSuspend()
                    Signal.stop.raise()
                }
            ),
            (
                Signal.continue,
                {
                    TerminalModeGuard.reenterSingleKeyMode()
                    events.yield(.continued)
                }
            ),
        ]
        let made = SignalSources(handlers, queue: queue)
        sources.withLock { $0 = made }
    }

    func stop() {
        let made = sources.withLock { sources in
            defer { sources = nil }
            return sources
        }
        made?.cancel(restoringDefaults: true)
    }
}
