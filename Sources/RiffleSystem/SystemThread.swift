import Glibc
import Synchronization

/// A POSIX thread of its own, for work that blocks (`poll`, `read`, `waitpid`) and so
/// must never run on Swift's cooperative pool.
///
/// The one way riffle starts a thread, and it fails one way: `start` throws when the thread cannot be
/// made; it never runs the body inline. A thread is joined once, by `join()` (blocking, so not from async
/// code) or `waitForExit()` (async: the thread resumes the waiting task as its body returns); a handle
/// dropped without either (a thread started and forgotten) detaches the thread, which then releases its
/// resources when it ends.
package final class SystemThread: Sendable {
    private struct State {
        var finished = false
        var reaped = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    /// Shared by the handle and the running thread, which outlives a dropped handle.
    private final class Shared: Sendable {
        /// Taken when the thread runs, so what the body holds is released as it returns.
        private let body: Mutex<(@Sendable () -> Void)?>
        let state = Mutex(State())
        init(_ body: @escaping @Sendable () -> Void) { self.body = Mutex(body) }

        func run() {
            let body = self.body.withLock { body in
                defer { body = nil }
                return body
            }
            body?()
            let waiters = state.withLock { state in
                state.finished = true
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    private let id: pthread_t
    private let shared: Shared

    private init(id: pthread_t, shared: Shared) {
        self.id = id
        self.shared = shared
    }

    /// Starts a thread running `body`.
    ///
    /// With `blockingSignals`, the thread starts with every asynchronous signal blocked: a `SIGPIPE` from
    /// writing to a process that has gone becomes `EPIPE` there, and signals keep going to the threads
    /// that handle them.
    @discardableResult
    package static func start(
        blockingSignals: Bool = false, _ body: @escaping @Sendable () -> Void
    ) throws(SystemError) -> SystemThread {
        let shared = Shared(body)
        let box = Unmanaged.passRetained(shared).toOpaque()
        var previous = sigset_t()
        if blockingSignals {
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, &previous)
        }
        defer { if blockingSignals { pthread_sigmask(SIG_SETMASK, &previous, nil) } }
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { argument in
                guard let argument else { return nil }
                Unmanaged<Shared>.fromOpaque(argument).takeRetainedValue().run()
                return nil
            }, box)
        guard result == 0 else {
            Unmanaged<Shared>.fromOpaque(box).release()
            throw SystemError(call: "pthread_create", code: result)
        }
        return SystemThread(id: thread, shared: shared)
    }

    deinit {
        if takeReap() { pthread_detach(id) }
    }

    /// Whether the caller runs on this thread.
    package var isCurrent: Bool { pthread_equal(pthread_self(), id) != 0 }

    /// Whether the body has returned.
    package var hasFinished: Bool { shared.state.withLock { $0.finished } }

    /// Waits until the thread has ended. From the thread itself it detaches instead (joining yourself
    /// deadlocks). Later calls return at once.
    @available(*, noasync, message: "blocks the calling thread; use waitForExit()")
    package func join() {
        guard takeReap() else { return }
        if isCurrent {
            pthread_detach(id)
        } else {
            pthread_join(id, nil)
        }
    }

    /// Waits, suspended, until the body has returned; the thread, which has nothing left to do but return,
    /// is detached so it releases its resources as it ends, and no pool thread ever blocks in a join.
    package func waitForExit() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let finished = shared.state.withLock { state in
                if !state.finished { state.waiters.append(continuation) }
                return state.finished
            }
            if finished { continuation.resume() }
        }
        if takeReap() { pthread_detach(id) }
    }

    /// Claims the one join or detach this thread gets; false when it was claimed before.
    private func takeReap() -> Bool {
        shared.state.withLock { state in
            defer { state.reaped = true }
            return !state.reaped
        }
    }
}
