import Dispatch
import RiffleTestSupport
import Testing

/// `offThePoolInTask` (the test support's, for long synchronous test bodies): the body runs on a thread
/// of its own — more bodies than the pool has threads can block at once — and still in the test's task,
/// so its expectations are the test's.
@Suite struct OffThePoolInTaskTests {
    /// Six bodies wait for one another: on a cooperative pool of one thread per core (two here) they could
    /// never all run at once; each on its own thread, they meet. The deadline is only a hang guard, and far:
    /// in a whole-suite run under the address sanitizer, with other tests' threads busy on both cores, the
    /// pool took over two minutes to start all six bodies' tasks.
    @Test func bodiesBlockWithoutHoldingThePool() async throws {
        let count = 6
        let deadline = DispatchTime.now() + 600
        let arrived = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let met = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<count {
                group.addTask {
                    try await offThePoolInTask {
                        arrived.signal()
                        return release.wait(timeout: deadline) == .success
                    }
                }
            }
            // The waiting blocks too: off the pool as well.
            let arrivals = try await offThePoolInTask {
                var arrivals = 0
                for _ in 0..<count where arrived.wait(timeout: deadline) == .success { arrivals += 1 }
                for _ in 0..<count { release.signal() }
                return arrivals
            }
            var met = arrivals == count
            for try await released in group { met = met && released }
            return met
        }
        #expect(met, "every body ran at once, each on a thread of its own")
    }

    /// The body is the test's: it sees the test as current, and gives back its value and its error.
    @Test func theBodyStaysInTheTest() async throws {
        let name = try await offThePoolInTask { Test.current?.name }
        #expect(name == Test.current?.name && name != nil)
        struct Marker: Error {}
        await #expect(throws: Marker.self) { try await offThePoolInTask { throw Marker() } }
    }
}
