import Glibc
import Synchronization
import Testing

@testable import RiffleSystem

@Suite struct ThreadExecutorTests {
    /// A count shared by tasks.
    private final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    /// The thread a job runs on, as a number that can cross tasks.
    private static func currentThread() -> UInt { UInt(pthread_self()) }

    @Test func childTasksAndResumedContinuationsRunOnTheOneThread() async throws {
        let executor = try ThreadExecutor()
        let threads = try await withTaskExecutorPreference(executor) { () async throws -> [UInt] in
            var seen = [Self.currentThread()]
            // A continuation resumed by another thread, after the executor's thread has gone to sleep.
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                _ = try? SystemThread.start {
                    SystemClock.sleep(milliseconds: 20)
                    continuation.resume()
                }
            }
            seen.append(Self.currentThread())
            let children = await withTaskGroup(of: UInt.self) { group in
                for _ in 0..<50 { group.addTask { Self.currentThread() } }
                var all: [UInt] = []
                for await thread in group { all.append(thread) }
                return all
            }
            return seen + children
        }
        await executor.shutdown()
        #expect(threads.count == 52)
        #expect(Set(threads).count == 1)
    }

    @Test func jobsFromManyThreadsAllRun() async throws {
        let executor = try ThreadExecutor()
        let ran = Counter()
        await withTaskExecutorPreference(executor) {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<400 {
                    group.addTask {
                        // Every fourth task waits on a continuation resumed by a thread of its own, so
                        // enqueues come from outside while the executor's thread is busy or asleep.
                        if index % 4 == 0 {
                            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                                if (try? SystemThread.start { continuation.resume() }) == nil { continuation.resume() }
                            }
                        }
                        ran.value.add(1, ordering: .relaxed)
                    }
                }
            }
        }
        await executor.shutdown()
        #expect(ran.value.load(ordering: .relaxed) == 400)
    }

    @Test func shutdownOfAnIdleExecutorEndsItsThread() async throws {
        let executor = try ThreadExecutor()
        try await Task.sleep(for: .milliseconds(10))
        await executor.shutdown()
        let value = await withTaskExecutorPreference(nil) { 42 }
        #expect(value == 42)
    }
}
