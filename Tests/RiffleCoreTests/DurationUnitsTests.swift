import RiffleCore
import Testing

@Suite struct DurationUnitsTests {
    @Test func givesSecondsWithTheirFraction() {
        #expect(Duration.milliseconds(1500).seconds == 1.5)
        #expect(Duration.seconds(-2).seconds == -2)
        #expect(Duration.zero.seconds == 0)
    }

    @Test func givesWholeMillisecondsTruncated() {
        #expect(Duration.seconds(90).milliseconds == 90_000)
        #expect(Duration.microseconds(1999).milliseconds == 1)
        #expect(Duration.milliseconds(-250).milliseconds == -250)
        #expect(Duration.zero.milliseconds == 0)
    }

    @Test func saturatesInsteadOfTrapping() {
        #expect(Duration.seconds(Int64.max).milliseconds == .max)
        #expect(Duration.seconds(Int64.min + 1).milliseconds == .min)
    }
}
