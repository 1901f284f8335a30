import Dispatch
internal import RiffleSystem
import Synchronization

/// The signals the reader handles while it runs, through Dispatch signal sources (no work in a raw C
/// handler): SIGWINCH (re-read the size), SIGINT (restore the terminal, then quit cleanly; a second one
/// ends the process), SIGTERM (restore the terminal and end by the signal at once), SIGTSTP (restore,
/// stop; single-key mode comes back on SIGCONT). `stop()` cancels the sources (which also releases
/// the handlers' hold on the watcher) and puts the default dispositions back.
final class SignalWatcher: Sendable {
    /// Dispatch sources are thread-safe objects; they are only stored and taken under the lock.
    private struct Installed: @unchecked Sendable {
        var sources: [(Signal, any DispatchSourceSignal)] = []
    }

    private let installed = Mutex(Installed())
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
        var made: [(Signal, any DispatchSourceSignal)] = []
        for (signal, handler) in handlers {
            if signal != .windowChange && signal != .continue { signal.ignore() }
            let source = DispatchSource.makeSignalSource(signal: signal.rawValue, queue: queue)
            source.setEventHandler(handler: handler)
            source.resume()
            made.append((signal, source))
        }
        installed.withLock { $0 = Installed(sources: made) }
    }

    func stop() {
        let made = installed.withLock { installed in
            defer { installed = Installed() }
            return installed
        }.sources
        for (signal, source) in made {
            source.cancel()
            if signal != .windowChange && signal != .continue { signal.restoreDefault() }
        }
    }
}
