import RiffleCore
import Synchronization

/// Every plugin process riffle has started and not yet reaped.
///
/// The CLI calls `shutdownAll()` before it exits, and from its SIGINT/SIGTERM handling (from ordinary
/// code such as a signal-watching task or thread, not from inside an async-signal handler): no plugin
/// outlives riffle, and none is left a zombie.
package enum PluginProcesses {
    private struct Registry {
        var processes: [ObjectIdentifier: PluginProcess] = [:]
        var refusing = false
    }

    private static let registry = Mutex(Registry())

    /// Records a started process; false when riffle is shutting down (the caller stops it again).
    static func register(_ process: PluginProcess) -> Bool {
        registry.withLock { registry in
            registry.processes[ObjectIdentifier(process)] = process
            return !registry.refusing
        }
    }

    static func unregister(_ process: PluginProcess) {
        _ = registry.withLock { $0.processes.removeValue(forKey: ObjectIdentifier(process)) }
    }

    /// The process ids of the plugins running now.
    package static var running: [Int32] {
        registry.withLock { $0.processes.values.map(\.pid).sorted() }
    }

    /// Stops every plugin process (stdin closed, `SIGTERM` to its process group, `SIGKILL` after a short
    /// grace) and waits, suspended, until each is reaped, at most `timeout`. The I/O threads do the
    /// stopping; this only looks every few milliseconds, so no thread of the pool is held meanwhile.
    ///
    /// With `refusingNewProcesses` (the default, for exit), no plugin starts afterwards.
    package static func shutdownAll(refusingNewProcesses: Bool = true, timeout: Duration = .seconds(3)) async {
        let processes = registry.withLock { registry in
            if refusingNewProcesses { registry.refusing = true }
            return Array(registry.processes.values)
        }
        for process in processes { process.requestStop() }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while clock.now < deadline, processes.contains(where: { !$0.isFinished }) {
            // Cancellation ends the wait early; the I/O threads still stop and reap every plugin.
            guard (try? await Task.sleep(for: .milliseconds(5), clock: clock)) != nil else { return }
        }
    }
}
