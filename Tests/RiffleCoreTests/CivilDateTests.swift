import RiffleCore
import Testing

@Suite struct CivilDateTests {
    @Test(
        arguments: [
            (CivilDate(year: 1970, month: 1, day: 1), Int64(0)),
            (CivilDate(year: 1969, month: 12, day: 31), -1),
            (CivilDate(year: 2000, month: 3, day: 1), 11_017),
            (CivilDate(year: 2024, month: 2, day: 29), 19_782),
            (CivilDate(year: 1600, month: 3, day: 1), -135_080),
            (CivilDate(year: 9999, month: 12, day: 31), 2_932_896),
            (CivilDate(year: 1, month: 1, day: 1), -719_162),
        ] as [(CivilDate, Int64)])
    func countsDaysSinceTheEpoch(date: CivilDate, days: Int64) {
        #expect(date.daysSinceEpoch == days)
        #expect(CivilDate(daysSinceEpoch: days) == date)
    }

    /// One whole Gregorian cycle, 1600-03-01 to 2000-02-29: every day valid, one after the other.
    @Test func roundTripsEveryDayOfACycle() {
        var previous = CivilDate(daysSinceEpoch: -135_081)
        var failures: [Int64] = []
        for days in Int64(-135_080)..<Int64(11_017) {
            let date = CivilDate(daysSinceEpoch: days)
            let follows =
                date.day == 1
                ? previous.day == CivilDate.daysIn(month: previous.month, year: previous.year)
                : date.day == previous.day + 1 && date.month == previous.month
            if !date.isValid || date.daysSinceEpoch != days || !follows { failures.append(days) }
            previous = date
        }
        #expect(failures.isEmpty)
        #expect(previous == CivilDate(year: 2000, month: 2, day: 29))
    }

    @Test func knowsMonthLengthsAndLeapYears() {
        #expect(CivilDate.daysIn(month: 2, year: 2024) == 29)
        #expect(CivilDate.daysIn(month: 2, year: 1900) == 28)
        #expect(CivilDate.daysIn(month: 2, year: 2000) == 29)
        #expect(CivilDate.daysIn(month: 4, year: 2026) == 30)
        #expect(CivilDate.daysIn(month: 12, year: 2026) == 31)
        #expect(!CivilDate(year: 2023, month: 2, day: 29).isValid)
        #expect(!CivilDate(year: 2026, month: 13, day: 1).isValid)
        #expect(!CivilDate(year: 2026, month: 1, day: 0).isValid)
        // Past a month's end the arithmetic counts on into the next month.
        #expect(
            CivilDate(year: 2026, month: 2, day: 31).daysSinceEpoch
                == CivilDate(year: 2026, month: 3, day: 3).daysSinceEpoch)
    }

    @Test func splitsUnixTimesIntoDateAndSecondOfDay() {
        let after = CivilDate.split(unixSeconds: 1_601_983_740)
        #expect(after.date == CivilDate(year: 2020, month: 10, day: 6))
        #expect(after.secondOfDay == 11 * 3600 + 29 * 60)
        let before = CivilDate.split(unixSeconds: -1)
        #expect(before.date == CivilDate(year: 1969, month: 12, day: 31))
        #expect(before.secondOfDay == 86_399)
        #expect(CivilDate.split(unixSeconds: -86_400) == (CivilDate(year: 1969, month: 12, day: 31), 0))
    }
}
