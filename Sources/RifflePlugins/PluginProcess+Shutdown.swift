internal import RiffleSystem

/// Stopping and reaping, on the I/O thread: the only code that signals or waits for the plugin's pid.
extension PluginProcess {
    /// Stops and reaps the plugin: stdin closed, a short grace, `SIGTERM` to its process group, a grace,
    /// then `SIGKILL` to the group (also ending whatever the plugin started) and `waitpid`.
    func finish(_ loop: IOLoop, _ chunk: UnsafeMutableRawBufferPointer) {
        var io = loop
        let exitedOnItsOwn = ChildProcess.hasExited(pid)
        if io.stdin >= 0 {
            Descriptor.close(io.stdin)
            io.stdin = -1
        }
        if !exitedOnItsOwn && !waitForExit(milliseconds: Self.closeGraceMilliseconds) {
            ChildProcess.signalGroup(pid, .terminate)
            _ = waitForExit(milliseconds: Self.termGraceMilliseconds)
        }
        ChildProcess.signalGroup(pid, .kill)
        let status = (try? ChildProcess.reap(pid)) ?? WaitStatus(rawValue: 0)
        if io.stderr >= 0 { _ = drainStderr(io.stderr, chunk) }
        flushStderrLine()
        for fd in [io.stdout, io.stderr, io.wake] where fd >= 0 { Descriptor.close(fd) }

        let (waiter, reapWaiters) = state.withLock { state in
            state.status = status
            state.exitedOnItsOwn = exitedOnItsOwn
            state.wakeClosed = true
            Descriptor.close(wakeWrite)
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

    /// Polls for the plugin's exit, without reaping it, for at most `milliseconds`.
    private func waitForExit(milliseconds: Int) -> Bool {
        let deadline = SystemClock.monotonicMilliseconds() + Int64(milliseconds)
        while !ChildProcess.hasExited(pid) {
            if SystemClock.monotonicMilliseconds() >= deadline { return false }
            SystemClock.sleep(milliseconds: 5)
        }
        return true
    }
}
