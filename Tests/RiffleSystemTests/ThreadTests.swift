import Glibc
import Synchronization
import Testing

@testable import RiffleSystem

@Suite struct ThreadTests {
    @Test func joinWaitsForTheBody() throws {
        let done = Atomic<Bool>(false)
        let thread = try SystemThread.start {
            SystemClock.sleep(milliseconds: 20)
            done.store(true, ordering: .sequentiallyConsistent)
        }
        #expect(!thread.isCurrent)
        thread.join()
        let finished = done.load(ordering: .sequentiallyConsistent)
        #expect(finished && thread.hasFinished)
        thread.join()
    }

    @Test func waitForExitSuspendsUntilTheBodyReturns() async throws {
        let done = Atomic<Bool>(false)
        let thread = try SystemThread.start {
            SystemClock.sleep(milliseconds: 20)
            done.store(true, ordering: .sequentiallyConsistent)
        }
        await thread.waitForExit()
        let finished = done.load(ordering: .sequentiallyConsistent)
        #expect(finished)
        await thread.waitForExit()
    }

    @Test func aThreadCanBlockEverySignal() throws {
        let blocked = Atomic<Bool>(false)
        let thread = try SystemThread.start(blockingSignals: true) {
            var mask = sigset_t()
            pthread_sigmask(SIG_BLOCK, nil, &mask)
            blocked.store(sigismember(&mask, SIGPIPE) == 1, ordering: .sequentiallyConsistent)
        }
        thread.join()
        let wasBlocked = blocked.load(ordering: .sequentiallyConsistent)
        #expect(wasBlocked)
    }
}
