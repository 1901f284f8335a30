import RiffleCore
import Testing

@testable import RiffleSystem

/// The one wall clock as riffle's time. (The signal sources the CLI's interruption and the reader share are
/// tested where signals come from another process: the CLI's and the reader's end-to-end tests.)
@Suite struct TimestampNowTests {
    @Test func nowIsTheWallClock() {
        let before = SystemClock.wallMicroseconds()
        let now = Timestamp.now().microseconds
        #expect(now >= before && now <= SystemClock.wallMicroseconds())
    }
}
