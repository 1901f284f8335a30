internal import RiffleSystem

/// What tasks call: queue requests, wait for events with a timeout, stop the plugin, read how it ended.
/// None of it blocks; the I/O thread does the waiting.
extension PluginProcess {
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

    /// The next event, or `.timedOut` after `timeout` on `clock`, or `.cancelled` when the task is.
    func next(timeout: Duration, clock: any Clock<Duration>) async -> Outcome {
        await withTaskGroup(of: Outcome.self) { group in
            group.addTask { await self.waitForEvent().map(Outcome.event) ?? .cancelled }
            group.addTask {
                do {
                    try await clock.sleep(for: timeout)
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
            if let signal = status.signal, signal == .terminate || signal == .kill, !state.exitedOnItsOwn {
                return nil
            }
            return status.description
        }
    }

    /// The last bytes the plugin wrote to stderr.
    var stderrTail: [UInt8] { state.withLock { $0.stderrTail.bytes } }

    /// Wakes the I/O thread to look at the shared state again.
    func wake() {
        state.withLock { state in
            guard !state.wakeClosed else { return }
            _ = try? Descriptor.write(wakeWrite, [1])
        }
    }
}
