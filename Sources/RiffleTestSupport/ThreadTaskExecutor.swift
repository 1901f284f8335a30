import Dispatch
import RiffleSystem
import Synchronization

/// Runs `body` in the calling task but on a thread of its own, and returns what it gave. For a test whose
/// body is long and synchronous (seconds of CPU) and asserts as it goes: on the cooperative pool, which has
/// one thread per core, it would starve the async work of every test running beside it (servers that must
/// answer, timeouts that must fire on time). Unlike `offThePool`, the body stays in the test's task — a
/// task executor preference moves the task, not the work — so its `#expect`s and task-locals belong to
/// the test as before.
package func offThePoolInTask<T>(_ body: () throws -> T) async throws -> T {
    let executor = try ThreadTaskExecutor()
    defer { executor.close() }
    return try await withTaskExecutorPreference(executor, isolation: nil) { try body() }
}

/// A task executor with one thread of its own, running the jobs given to it in order until closed.
final class ThreadTaskExecutor: TaskExecutor {
    private struct Queue {
        var jobs: [UnownedJob] = []
        var closed = false
    }

    private let queue = Mutex(Queue())
    /// Signalled once per job enqueued and once on close: the thread sleeps on it when idle.
    private let ready = DispatchSemaphore(value: 0)

    /// Starts the thread; its handle is dropped, so it is detached and ends (releasing the executor it
    /// holds) once closed and drained.
    init() throws {
        _ = try SystemThread.start { [self] in run() }
    }

    func enqueue(_ job: UnownedJob) {
        queue.withLock { $0.jobs.append(job) }
        ready.signal()
    }

    /// Lets the thread end once it has run every job enqueued so far. The caller's task has left the
    /// preference by then, so no job comes after.
    func close() {
        queue.withLock { $0.closed = true }
        ready.signal()
    }

    private func run() {
        while true {
            ready.wait()
            let next = queue.withLock { queue -> UnownedJob?? in
                if !queue.jobs.isEmpty { return .some(queue.jobs.removeFirst()) }
                return queue.closed ? .none : .some(nil)
            }
            switch next {
            case .none: return
            case .some(nil): continue
            case .some(let job?): job.runSynchronously(on: asUnownedTaskExecutor())
            }
        }
    }
}
