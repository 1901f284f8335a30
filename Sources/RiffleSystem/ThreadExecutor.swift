import Glibc
import Synchronization

/// A task executor with one thread of its own, which runs every job enqueued on it in turn.
///
/// For a pipeline whose steps hand each other work many times a second (the export: the HTTP loop thread
/// resumes a page's load, which hands the page to the merge's consumer, which asks for the next page):
/// on Swift's global pool each such hand-off wakes another pool thread (a `futex` wake, a context switch)
/// even though the thread that hands over is about to be idle. Under `withTaskExecutorPreference` the
/// steps' jobs all queue here, so a job enqueued while the thread works costs an array append, and only
/// work from outside (a continuation resumed by another thread) wakes it. Work that blocks is as welcome
/// here as on any thread of its own; CPU-bound work gives up the pool's parallelism.
///
/// The thread lives as long as the executor is open; `shutdown()` lets it run what is queued and end.
package final class ThreadExecutor: TaskExecutor, Sendable {
    private struct Queue {
        var jobs: [UnownedJob] = []
        /// The thread waits (or is about to) on `wakeup`: the next enqueue must post it.
        var sleeping = false
        var closed = false
    }

    /// The semaphore the idle thread waits on: posted once per sleep, by the enqueue that finds it asleep.
    /// `sem_t` must not move, hence its own allocation (freed once the thread has ended).
    private struct Semaphore: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<sem_t>
    }

    private let queue = Mutex(Queue())
    private let wakeup: Semaphore
    private let thread = Mutex<SystemThread?>(nil)

    /// Starts the executor's thread.
    package init() throws(SystemError) {
        let pointer = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
        guard sem_init(pointer, 0, 0) == 0 else {
            let code = errno
            pointer.deallocate()
            throw SystemError(call: "sem_init", code: code)
        }
        wakeup = Semaphore(pointer: pointer)
        let started: SystemThread
        do {
            started = try SystemThread.start { [self] in run() }
        } catch {
            sem_destroy(pointer)
            pointer.deallocate()
            throw error
        }
        thread.withLock { $0 = started }
    }

    deinit {
        // The thread holds the executor while it runs, so it has ended by now.
        sem_destroy(wakeup.pointer)
        wakeup.pointer.deallocate()
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let wake = queue.withLock { queue -> Bool in
            queue.jobs.append(unowned)
            defer { queue.sleeping = false }
            return queue.sleeping
        }
        if wake { sem_post(wakeup.pointer) }
    }

    /// Lets the thread run every job queued and end, and waits, suspended, until it has. Jobs must not be
    /// enqueued after this (none are once every task that prefers this executor has ended).
    package func shutdown() async {
        let wake = queue.withLock { queue -> Bool in
            queue.closed = true
            defer { queue.sleeping = false }
            return queue.sleeping
        }
        if wake { sem_post(wakeup.pointer) }
        await thread.withLock { $0 }?.waitForExit()
    }

    /// The thread's body: runs the queued jobs a batch at a time, sleeping while there are none.
    private func run() {
        var batch: [UnownedJob] = []
        while true {
            let closed = queue.withLock { queue -> Bool in
                swap(&batch, &queue.jobs)
                if batch.isEmpty, !queue.closed { queue.sleeping = true }
                return queue.closed
            }
            if batch.isEmpty {
                if closed { return }
                while sem_wait(wakeup.pointer) != 0, errno == EINTR {}
                continue
            }
            let executor = asUnownedTaskExecutor()
            for job in batch { job.runSynchronously(on: executor) }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
