import Glibc
import Synchronization

/// One running plugin executable and the dedicated thread that does all of its I/O.
///
/// The thread polls the plugin's stdout and stderr, a wake pipe, and (when there is something to send)
/// its stdin, all non-blocking. Complete stdout lines go to the one task waiting in `next(timeout:)`
/// through a continuation; stderr goes into a bounded tail. When asked to stop, or once stdout ends, the
/// thread closes stdin, sends the process group `SIGTERM`, then `SIGKILL`, and reaps the plugin; it is
/// the only code that signals or waits for the pid, so a reaped pid is never signalled.
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

    let pid: pid_t
    let path: String
    let framing: Framing
    let maxOutput: Int
    private let wakeWrite: Int32
    private let state: Mutex<State>

    private struct State {
        var events: [Event] = []
        var waiter: CheckedContinuation<Event?, Never>?
        /// Requests sent whose answer line has not arrived.
        var expecting = 0
        var outbox: [UInt8] = []
        var closeInput = false
        var stopRequested = false
        var stderrTail: [UInt8] = []
        /// Set once the plugin is reaped.
        var status: Int32?
        var exitedOnItsOwn = false
        var reapWaiters: [CheckedContinuation<Void, Never>] = []
        var wakeClosed = false
    }

    private init(pid: pid_t, path: String, framing: Framing, maxOutput: Int, wakeWrite: Int32) {
        self.pid = pid
        self.path = path
        self.framing = framing
        self.maxOutput = maxOutput
        self.wakeWrite = wakeWrite
        self.state = Mutex(State())
    }

    /// Starts `path` (no shell) with exactly `environment`, and its I/O thread.
    static func start(
        path: String, arguments: [String], environment: [String: String], framing: Framing, maxOutput: Int
    ) throws(Platform.Failure) -> PluginProcess {
        let input = try Platform.makePipe()
        let output: (read: Int32, write: Int32)
        let errors: (read: Int32, write: Int32)
        let wake: (read: Int32, write: Int32)
        do {
            output = try Platform.makePipe()
        } catch {
            for fd in [input.read, input.write] { Platform.close(fd) }
            throw error
        }
        do {
            errors = try Platform.makePipe()
        } catch {
            for fd in [input.read, input.write, output.read, output.write] { Platform.close(fd) }
            throw error
        }
        do {
            wake = try Platform.makePipe()
        } catch {
            for fd in [input.read, input.write, output.read, output.write, errors.read, errors.write] {
                Platform.close(fd)
            }
            throw error
        }
        let ours = [input.write, output.read, errors.read, wake.read, wake.write]
        let pid: pid_t
        do {
            pid = try Platform.spawn(
                path: path, arguments: arguments, environment: environment, stdin: input.read, stdout: output.write,
                stderr: errors.write)
        } catch {
            for fd in ours + [input.read, output.write, errors.write] { Platform.close(fd) }
            throw error
        }
        for fd in [input.read, output.write, errors.write] { Platform.close(fd) }
        for fd in ours { Platform.setNonBlocking(fd) }

        let process = PluginProcess(
            pid: pid, path: path, framing: framing, maxOutput: maxOutput, wakeWrite: wake.write)
        let accepted = PluginProcesses.register(process)
        if !accepted { process.state.withLock { $0.stopRequested = true } }
        let io = IOLoop(stdin: input.write, stdout: output.read, stderr: errors.read, wake: wake.read)
        guard Platform.startThread({ process.run(io) }) else {
            process.run(
                IOLoop(stdin: input.write, stdout: output.read, stderr: errors.read, wake: wake.read, stop: true))
            throw Platform.Failure(call: "pthread_create", code: EAGAIN)
        }
        if !accepted { throw Platform.Failure(call: "riffle is shutting down; not starting \(path)", code: ECANCELED) }
        return process
    }

    // MARK: The task side

    /// Queues one request line (which ends with a newline) for the plugin's stdin.
    func send(_ line: [UInt8]) {
        state.withLock {
            $0.outbox += line
            $0.expecting += 1
        }
        wake()
    }

    /// Closes the plugin's stdin once everything queued is written.
    func closeInput() {
        state.withLock { $0.closeInput = true }
        wake()
    }

    /// The next event, or `.timedOut` after `timeout`, or `.cancelled` when the task is.
    func next(timeout: Duration) async -> Outcome {
        await withTaskGroup(of: Outcome.self) { group in
            group.addTask { await self.waitForEvent().map(Outcome.event) ?? .cancelled }
            group.addTask {
                do {
                    try await Task.sleep(for: timeout)
                    return .timedOut
                } catch {
                    return .cancelled
                }
            }
            let first = await group.next() ?? .cancelled
            group.cancelAll()
            return Task.isCancelled ? .cancelled : first
        }
    }

    private func waitForEvent() async -> Event? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Event?, Never>) in
                let immediate: Event?? = state.withLock { state in
                    if !state.events.isEmpty { return .some(state.events.removeFirst()) }
                    if Task.isCancelled { return .some(nil) }
                    if state.status != nil { return .some(.endOfOutput) }
                    state.waiter = continuation
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: nil)
        }
    }

    /// Asks the I/O thread to stop the plugin; returns at once.
    func requestStop() {
        state.withLock { $0.stopRequested = true }
        wake()
    }

    /// Stops the plugin and waits until it is reaped.
    func stop() async {
        requestStop()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                if state.status != nil { return true }
                state.reapWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// Whether the plugin has been reaped.
    var isFinished: Bool { state.withLock { $0.status != nil } }

    /// How it ended, once reaped, unless by riffle's own `SIGTERM`/`SIGKILL`: `exit status 1`,
    /// `killed by signal 11`.
    var exitDescription: String? {
        state.withLock { state in
            guard let status = state.status else { return nil }
            let signal = status & 0x7f
            guard signal == 0 || (signal != SIGTERM && signal != SIGKILL) || state.exitedOnItsOwn else { return nil }
            return Platform.describe(status: status)
        }
    }

    /// The last bytes the plugin wrote to stderr.
    var stderrTail: [UInt8] { state.withLock { $0.stderrTail } }

    private func wake() {
        state.withLock { state in
            guard !state.wakeClosed else { return }
            _ = Platform.write(wakeWrite, [1])
        }
    }

    // MARK: The I/O thread

    /// The descriptors the I/O thread owns.
    struct IOLoop: Sendable {
        var stdin: Int32
        var stdout: Int32
        var stderr: Int32
        var wake: Int32
        var stop = false
    }

    private func run(_ loop: IOLoop) {
        var io = loop
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 1)
        defer { chunk.deallocate() }
        var buffer: [UInt8] = []
        var searchFrom = 0
        var readingStdout = true
        var outputEndedAt: Int64?

        while !io.stop {
            let (pending, closeInput, stop) = state.withLock {
                ($0.outbox.isEmpty == false, $0.closeInput, $0.stopRequested)
            }
            if stop { break }
            if closeInput, !pending, io.stdin >= 0 {
                Platform.close(io.stdin)
                io.stdin = -1
            }
            var watches = [Platform.Watch(fd: io.wake)]
            if io.stdout >= 0 && readingStdout { watches.append(Platform.Watch(fd: io.stdout)) }
            if io.stderr >= 0 { watches.append(Platform.Watch(fd: io.stderr)) }
            if io.stdin >= 0 && pending { watches.append(Platform.Watch(fd: io.stdin, output: true)) }
            var timeout: Int32 = -1
            if let ended = outputEndedAt {
                // stdout is done: give stderr a moment to deliver the plugin's last words, then stop.
                let left = ended + 200 - Platform.nowMilliseconds()
                if left <= 0 || io.stderr < 0 { break }
                timeout = Int32(left)
            }
            Platform.poll(&watches, timeoutMilliseconds: timeout)

            for watch in watches where watch.readable || watch.closed || watch.writable {
                if watch.fd == io.wake {
                    while case .data = Platform.read(io.wake, into: chunk) {}
                } else if watch.fd == io.stderr {
                    if drainStderr(io.stderr, chunk) {
                        Platform.close(io.stderr)
                        io.stderr = -1
                    }
                } else if watch.fd == io.stdin {
                    if !writePending(io.stdin) {
                        Platform.close(io.stdin)
                        io.stdin = -1
                    }
                } else if watch.fd == io.stdout {
                    var ended = false
                    reading: while true {
                        switch Platform.read(io.stdout, into: chunk) {
                        case .data(let count):
                            buffer.append(contentsOf: chunk[0..<count])
                            if framing == .lines {
                                while let newline = buffer[searchFrom...].firstIndex(of: 10) {
                                    let line = Array(buffer[..<newline])
                                    buffer.removeSubrange(...newline)
                                    searchFrom = 0
                                    if line.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { continue }
                                    if !deliver(.line(line)) {
                                        readingStdout = false
                                        break reading
                                    }
                                }
                                searchFrom = buffer.count
                            }
                            if buffer.count > maxOutput {
                                _ = deliver(.oversized)
                                buffer = []
                                readingStdout = false
                                break reading
                            }
                        case .wouldBlock:
                            break reading
                        case .endOfFile, .failed:
                            ended = true
                            break reading
                        }
                    }
                    if ended {
                        if framing == .whole {
                            _ = deliver(.whole(buffer))
                        } else if !buffer.isEmpty, readingStdout {
                            _ = deliver(.line(buffer))
                        }
                        buffer = []
                        _ = deliver(.endOfOutput)
                        Platform.close(io.stdout)
                        io.stdout = -1
                        outputEndedAt = Platform.nowMilliseconds()
                    }
                }
            }
        }
        finish(io, chunk)
    }

    /// Reads what stderr has into the tail; true at end of file.
    private func drainStderr(_ fd: Int32, _ chunk: UnsafeMutableRawBufferPointer) -> Bool {
        while true {
            switch Platform.read(fd, into: chunk) {
            case .data(let count):
                state.withLock { state in
                    state.stderrTail.append(contentsOf: chunk[0..<count])
                    if state.stderrTail.count > Self.stderrCapacity {
                        state.stderrTail.removeFirst(state.stderrTail.count - Self.stderrCapacity)
                    }
                }
            case .wouldBlock: return false
            case .endOfFile, .failed: return true
            }
        }
    }

    /// Writes what stdin takes of the outbox; false when the plugin no longer reads it.
    private func writePending(_ fd: Int32) -> Bool {
        state.withLock { state in
            let written = Platform.write(fd, state.outbox[...])
            if written < 0 {
                state.outbox = []
                return false
            }
            state.outbox.removeFirst(written)
            return true
        }
    }

    /// Hands an event to the waiting task (or queues it). A line nobody asked for becomes
    /// `.unexpectedOutput`; returns false then, and stdout is no longer read.
    private func deliver(_ event: Event) -> Bool {
        var event = event
        var accepted = true
        let waiter = state.withLock { state -> CheckedContinuation<Event?, Never>? in
            if case .line = event {
                if state.expecting == 0 {
                    event = .unexpectedOutput
                    accepted = false
                } else {
                    state.expecting -= 1
                }
            }
            guard let waiter = state.waiter else {
                state.events.append(event)
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: event)
        return accepted
    }

    /// Stops and reaps the plugin: stdin closed, a short grace, `SIGTERM` to its process group, a grace,
    /// then `SIGKILL` to the group (also ending whatever the plugin started) and `waitpid`.
    private func finish(_ loop: IOLoop, _ chunk: UnsafeMutableRawBufferPointer) {
        var io = loop
        let exitedOnItsOwn = Platform.hasExited(pid)
        if io.stdin >= 0 {
            Platform.close(io.stdin)
            io.stdin = -1
        }
        if !exitedOnItsOwn && !waitForExit(milliseconds: Self.closeGraceMilliseconds) {
            Platform.signalGroup(pid, SIGTERM)
            _ = waitForExit(milliseconds: Self.termGraceMilliseconds)
        }
        Platform.signalGroup(pid, SIGKILL)
        let status = Platform.reap(pid)
        if io.stderr >= 0 { _ = drainStderr(io.stderr, chunk) }
        for fd in [io.stdout, io.stderr, io.wake] where fd >= 0 { Platform.close(fd) }

        let (waiter, reapWaiters) = state.withLock { state in
            state.status = status
            state.exitedOnItsOwn = exitedOnItsOwn
            state.wakeClosed = true
            Platform.close(wakeWrite)
            defer {
                state.waiter = nil
                state.reapWaiters = []
            }
            return (state.waiter, state.reapWaiters)
        }
        PluginProcesses.unregister(self)
        waiter?.resume(returning: .endOfOutput)
        for continuation in reapWaiters { continuation.resume() }
    }

    private func waitForExit(milliseconds: Int) -> Bool {
        let deadline = Platform.nowMilliseconds() + Int64(milliseconds)
        while !Platform.hasExited(pid) {
            if Platform.nowMilliseconds() >= deadline { return false }
            Platform.sleep(milliseconds: 5)
        }
        return true
    }
}
