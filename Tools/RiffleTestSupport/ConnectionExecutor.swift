import Dispatch
import Synchronization

/// A task executor whose jobs run on the thread that waits in `run`: a connection's thread runs its
/// handler's task itself, so that a test server's work never queues on Swift's cooperative pool.
final class ConnectionExecutor: TaskExecutor, Sendable {
    private let jobs = Mutex<[UnownedJob]>([])
    private let wakeup = DispatchSemaphore(value: 0)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        wakeup.signal()
    }

    /// Runs `operation` in a new task on the calling thread, which it blocks until the task ends, and returns
    /// its value. `cancelWhen`, checked every 50 ms, cancels the task once it holds.
    @available(*, noasync)
    func run<T: Sendable>(cancelWhen: () -> Bool, _ operation: @escaping @Sendable () async -> T) -> T? {
        let outcome = Outcome<T>()
        let task = Task(executorPreference: self) { outcome.set(await operation()) }
        var cancelled = false
        while true {
            let batch = jobs.withLock { jobs -> [UnownedJob] in
                defer { jobs.removeAll(keepingCapacity: true) }
                return jobs
            }
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
            if batch.isEmpty {
                if let value = outcome.value { return value }
                if !cancelled, cancelWhen() {
                    cancelled = true
                    task.cancel()
                }
                _ = wakeup.wait(timeout: .now() + .milliseconds(50))
            }
        }
    }
}

/// The value a task gave, handed to the thread that ran it.
private final class Outcome<T: Sendable>: Sendable {
    private let stored = Mutex<T?>(nil)

    func set(_ value: T) { stored.withLock { $0 = value } }

    var value: T? { stored.withLock { $0 } }
}
