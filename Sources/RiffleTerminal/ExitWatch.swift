import Dispatch
import RiffleCore
internal import RiffleSystem
import Synchronization

/// Waits for a spawned process's exit status without holding a pool thread: a POSIX thread blocks in
/// `waitpid` and resolves the watch; a timer and task cancellation resolve it with nil (still running —
/// a browser that stays open is not a failure), so waiting is bounded.
final class ExitWatch: Sendable {
    private enum State {
        case empty
        case waiting(CheckedContinuation<Int?, Never>)
        case finished(Int?)
    }

    private let state = Mutex(State.empty)

    /// The exit status of `pid`, or nil if it runs past `timeout` or the task is cancelled.
    static func status(of pid: Int32, timeout: Duration) async -> Int? {
        let watch = ExitWatch()
        do {
            try SystemThread.start { watch.resolve(Int((try? ChildProcess.reap(pid))?.shellCode ?? -1)) }
        } catch {
            return nil
        }
        let milliseconds = Int(timeout.milliseconds)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) { watch.resolve(nil) }
        return await withTaskCancellationHandler {
            await watch.wait()
        } onCancel: {
            watch.resolve(nil)
        }
    }

    func resolve(_ value: Int?) {
        let continuation = state.withLock { state -> CheckedContinuation<Int?, Never>? in
            switch state {
            case .empty:
                state = .finished(value)
                return nil
            case .waiting(let continuation):
                state = .finished(value)
                return continuation
            case .finished:
                return nil
            }
        }
        continuation?.resume(returning: value)
    }

    private func wait() async -> Int? {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Int?? in
                if case .finished(let value) = state { return .some(value) }
                state = .waiting(continuation)
                return .none
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
