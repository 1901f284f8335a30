package import Dispatch
import Synchronization

/// Signals handled through Dispatch signal sources, never in a raw C handler (so a handler may do any
/// work): each signal's source runs its handler on `queue`. A signal whose default action ends or stops
/// the process is ignored while its source is installed (Dispatch sees it either way), so that only the
/// handler acts on it; SIGWINCH and SIGCONT keep their harmless defaults. `cancel` removes the sources,
/// which also releases the handlers and what they hold.
package final class SignalSources: Sendable {
    /// Dispatch sources are thread-safe objects; they are only stored and taken under the lock.
    private struct Installed: @unchecked Sendable {
        var sources: [(Signal, any DispatchSourceSignal)] = []
    }

    /// Signals whose default action is left in place while a source handles them.
    private static let keepsDefault: Set<Signal> = [.windowChange, .continue]

    private let installed: Mutex<Installed>

    /// Installs a source for each signal of `handlers`, with its handler, on `queue` (Dispatch's default
    /// target queue when `nil`).
    package init(_ handlers: [(Signal, @Sendable () -> Void)], queue: DispatchQueue? = nil) {
        var made: [(Signal, any DispatchSourceSignal)] = []
        for (signal, handler) in handlers {
            if !Self.keepsDefault.contains(signal) { signal.ignore() }
            let source = DispatchSource.makeSignalSource(signal: signal.rawValue, queue: queue)
            source.setEventHandler(handler: handler)
            source.resume()
            made.append((signal, source))
        }
        installed = Mutex(Installed(sources: made))
    }

    /// Cancels every source; `restoringDefaults`: the signals ignored for them get their default action
    /// back (otherwise they stay ignored, as a command that is about to exit wants).
    package func cancel(restoringDefaults: Bool) {
        let made = installed.withLock { installed in
            defer { installed = Installed() }
            return installed.sources
        }
        for (signal, source) in made {
            source.cancel()
            if restoringDefaults, !Self.keepsDefault.contains(signal) { signal.restoreDefault() }
        }
    }
}
