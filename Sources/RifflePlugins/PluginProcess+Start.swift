internal import RiffleSystem
import Synchronization

extension PluginProcess {
    /// Starts `path` (no shell) with exactly `environment`, in a process group of its own, and its I/O
    /// thread. `stderrLine`, when given, gets every line the plugin writes to stderr.
    ///
    /// The thread starts first, waiting on the wake pipe for the process to hand it: when no thread can
    /// be made, no plugin has been started and the error is the caller's (the source fails with it).
    static func start(
        path: String, arguments: [String], environment: [String: String], framing: Framing, maxOutput: Int,
        stderrLine: (@Sendable (String) -> Void)? = nil
    ) throws(SystemError) -> PluginProcess {
        var opened: [Int32] = []
        func pipe() throws(SystemError) -> (read: Int32, write: Int32) {
            let ends = try Descriptor.makePipe()
            opened += [ends.read, ends.write]
            return ends
        }
        let input: (read: Int32, write: Int32)
        let output: (read: Int32, write: Int32)
        let errors: (read: Int32, write: Int32)
        let wake: (read: Int32, write: Int32)
        do {
            (input, output, errors, wake) = (try pipe(), try pipe(), try pipe(), try pipe())
        } catch {
            for fd in opened { Descriptor.close(fd) }
            throw error
        }
        let io = IOLoop(stdin: input.write, stdout: output.read, stderr: errors.read, wake: wake.read)
        let handoff = Handoff()
        do throws(SystemError) {
            try SystemThread.start(blockingSignals: true) {
                guard let process = waitForHandoff(handoff, wake: io.wake) else {
                    for fd in [io.stdin, io.stdout, io.stderr, io.wake] { Descriptor.close(fd) }
                    return
                }
                process.run(io)
            }
        } catch {
            for fd in opened { Descriptor.close(fd) }
            throw error
        }
        // From here the thread owns the descriptors in `io` and closes them; `hand` wakes it.
        func hand(_ outcome: Handoff.State) {
            handoff.state.withLock { $0 = outcome }
            try? Descriptor.writeAll(wake.write, [1])
        }

        let pid: Int32
        do {
            pid = try ChildProcess.spawn(
                path, arguments: arguments, environment: environment, stdin: .descriptor(input.read),
                stdout: .descriptor(output.write), stderr: .descriptor(errors.write), newProcessGroup: true,
                closeOtherDescriptors: true)
        } catch {
            hand(.none)
            for fd in [input.read, output.write, errors.write, wake.write] { Descriptor.close(fd) }
            throw error
        }
        for fd in [input.read, output.write, errors.write] { Descriptor.close(fd) }
        for fd in [io.stdin, io.stdout, io.stderr, io.wake, wake.write] { try? Descriptor.setNonBlocking(fd) }

        let process = PluginProcess(
            pid: pid, path: path, framing: framing, maxOutput: maxOutput, wakeWrite: wake.write, stderrLine: stderrLine)
        let accepted = PluginProcesses.register(process)
        if !accepted { process.state.withLock { $0.stopRequested = true } }
        hand(.process(process))
        if !accepted { throw .cancelled("riffle is shutting down; not starting \(path)") }
        return process
    }

    /// What `start` hands its I/O thread once the spawn is done.
    private final class Handoff: Sendable {
        enum State {
            case pending
            case process(PluginProcess)
            /// The spawn failed: the thread closes its descriptors and ends.
            case none
        }
        let state = Mutex(State.pending)
    }

    /// On the I/O thread: waits until `start` hands over the process (nil when it could not spawn one).
    private static func waitForHandoff(_ handoff: Handoff, wake: Int32) -> PluginProcess? {
        while true {
            switch handoff.state.withLock({ $0 }) {
            case .process(let process): return process
            case .none: return nil
            case .pending: break
            }
            var watches = [Poll.Watch(fd: wake)]
            if (try? Poll.wait(&watches, timeoutMilliseconds: 1000)) == nil { SystemClock.sleep(milliseconds: 10) }
        }
    }
}
