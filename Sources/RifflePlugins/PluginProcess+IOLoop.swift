internal import RiffleSystem

/// The I/O thread's poll loop: writes queued requests, reads stdout into events and stderr into the
/// tail, and ends by stopping and reaping the plugin.
extension PluginProcess {
    /// The descriptors the I/O thread owns; -1 once closed.
    struct IOLoop: Sendable {
        var stdin: Int32
        var stdout: Int32
        var stderr: Int32
        var wake: Int32
    }

    /// How long stderr may still deliver the plugin's last words after stdout ended.
    private static let stderrLingerMilliseconds: Int64 = 200

    /// The thread's body.
    func run(_ loop: IOLoop) {
        var io = loop
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 1)
        defer { chunk.deallocate() }
        var framer = OutputFramer(framing: framing, maxOutput: maxOutput)
        var readingStdout = true
        var outputEndedAt: Int64?

        while true {
            let (pending, closeInput, stop) = state.withLock {
                ($0.outbox.isEmpty == false, $0.closeInput, $0.stopRequested)
            }
            if stop { break }
            if closeInput, !pending, io.stdin >= 0 {
                Descriptor.close(io.stdin)
                io.stdin = -1
            }
            var watches = [Poll.Watch(fd: io.wake)]
            if io.stdout >= 0 && readingStdout { watches.append(Poll.Watch(fd: io.stdout)) }
            if io.stderr >= 0 { watches.append(Poll.Watch(fd: io.stderr)) }
            if io.stdin >= 0 && pending { watches.append(Poll.Watch(fd: io.stdin, output: true)) }
            var timeout: Int32 = -1
            if let ended = outputEndedAt {
                // stdout is done: give stderr a moment to deliver the plugin's last words, then stop.
                let left = ended + Self.stderrLingerMilliseconds - SystemClock.monotonicMilliseconds()
                if left <= 0 || io.stderr < 0 { break }
                timeout = Int32(left)
            }
            do {
                try Poll.wait(&watches, timeoutMilliseconds: timeout)
            } catch {
                break
            }

            for watch in watches where watch.isReady {
                if watch.fd == io.wake {
                    while case .processed(let count) = try? Descriptor.read(io.wake, into: chunk), count > 0 {}
                } else if watch.fd == io.stderr {
                    if drainStderr(io.stderr, chunk) {
                        Descriptor.close(io.stderr)
                        io.stderr = -1
                    }
                } else if watch.fd == io.stdin {
                    if !writePending(io.stdin) {
                        Descriptor.close(io.stdin)
                        io.stdin = -1
                    }
                } else if watch.fd == io.stdout {
                    switch readStdout(io.stdout, chunk, &framer) {
                    case .open: break
                    case .refused: readingStdout = false
                    case .ended:
                        for event in framer.finish(includeRest: readingStdout) { _ = deliver(event) }
                        Descriptor.close(io.stdout)
                        io.stdout = -1
                        outputEndedAt = SystemClock.monotonicMilliseconds()
                    }
                }
            }
        }
        finish(io, chunk)
    }

    /// What reading stdout came to.
    private enum StdoutState {
        /// Nothing more to read now.
        case open
        /// An event was refused (unexpected or oversized output): stdout is no longer read.
        case refused
        /// End of file (or an error).
        case ended
    }

    /// Reads what stdout has and delivers the events it completes.
    private func readStdout(
        _ fd: Int32, _ chunk: UnsafeMutableRawBufferPointer, _ framer: inout OutputFramer
    ) -> StdoutState {
        while true {
            switch try? Descriptor.read(fd, into: chunk) {
            case .processed(let count) where count > 0:
                for event in framer.append(chunk[0..<count]) {
                    if !deliver(event) || event == .oversized { return .refused }
                }
            case .wouldBlock: return .open
            case .processed, nil: return .ended
            }
        }
    }

    /// Reads what stderr has into the tail, and passes complete lines to `stderrLine`; true at end of file.
    func drainStderr(_ fd: Int32, _ chunk: UnsafeMutableRawBufferPointer) -> Bool {
        while true {
            switch try? Descriptor.read(fd, into: chunk) {
            case .processed(let count) where count > 0:
                let lines = state.withLock { state -> [String] in
                    state.stderrTail.append(chunk[0..<count])
                    return stderrLine == nil ? [] : state.stderrLines.append(chunk[0..<count])
                }
                for line in lines { stderrLine?(line) }
            case .wouldBlock: return false
            case .processed, nil:
                flushStderrLine()
                return true
            }
        }
    }

    /// Passes on the last stderr line when it had no newline.
    func flushStderrLine() {
        guard let stderrLine, let last = state.withLock({ $0.stderrLines.finish() }) else { return }
        stderrLine(last)
    }

    /// Writes what stdin takes of the outbox; false when the plugin no longer reads it.
    private func writePending(_ fd: Int32) -> Bool {
        state.withLock { state in
            switch try? Descriptor.write(fd, state.outbox[...]) {
            case .processed(let written):
                state.outbox.removeFirst(written)
                return true
            case .wouldBlock:
                return true
            case nil:
                state.outbox = []
                return false
            }
        }
    }

    /// Hands an event to the waiting task (or queues it). A line nobody asked for becomes
    /// `.unexpectedOutput`; returns false then, and stdout is no longer read.
    func deliver(_ event: Event) -> Bool {
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
}
