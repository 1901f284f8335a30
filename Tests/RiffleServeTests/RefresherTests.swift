import RiffleCore
import Synchronization
import Testing

@testable import RiffleServe

/// The refresher service on a clock that jumps ahead at every look: it refreshes whatever is due at once,
/// in the schedule's order, writes one line per refresh and keeps the board's next times.
@Suite struct RefresherTests {
    final class Jumping: Sendable {
        let now = Mutex(Timestamp(unixSeconds: 1_800_000_000))
        /// Each look moves the clock an hour on: every source is always due.
        var clock: @Sendable () -> Timestamp {
            {
                self.now.withLock { time in
                    time = Timestamp(microseconds: time.microseconds + 3_600_000_000)
                    return time
                }
            }
        }
    }

    @Test func refreshesWhatIsDueAndSaysSo() async throws {
        let done = Mutex<[Int]>([])
        let lines = Mutex<[String]>([])
        let board = RefreshBoard()
        let jumping = Jumping()
        let refresher = Refresher(
            sources: [("a", .seconds(60)), ("b", .seconds(60))], board: board, seed: 1, clock: jumping.clock,
            log: { line in lines.withLock { $0.append(line) } }
        ) { index in
            let count = done.withLock { list -> Int in
                list.append(index)
                return list.count
            }
            if count >= 6 { withUnsafeCurrentTask { $0?.cancel() } }
            return index == 0
                ? Refresher.Report(outcome: .ok(newest: nil, serverNotBefore: nil), newItems: 2, error: nil)
                : Refresher.Report(outcome: .failed(retryAfter: nil), newItems: 0, error: "HTTP 502")
        }
        let task = Task { try await refresher.run() }
        try await task.value
        let order = done.withLock { $0 }
        #expect(order.count == 6)
        #expect(Set(order) == [0, 1], "both sources are refreshed")
        let said = lines.withLock { $0 }
        #expect(said.count == order.count)
        #expect(said.contains { $0.hasPrefix("refreshed a: 2 new; next in ") })
        #expect(said.contains { $0.hasPrefix("refreshed b: failed: HTTP 502; next in ") })
        #expect(board.next(of: "a") != nil && board.next(of: "b") != nil)
    }
}
