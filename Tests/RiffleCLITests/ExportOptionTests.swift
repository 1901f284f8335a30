import ArgumentParser
import Foundation
import RiffleCore
import RiffleExport
import Testing

@testable import RiffleCLI

/// `riffle export`'s typed options: what each accepts, and the usage error (exit 64) for what it does not.
@Suite struct ExportOptionTests {
    @Test func formatDefaultsToJSON() throws {
        #expect(try parse(["export"], as: ExportCommand.self).format == .json)
    }

    @Test(arguments: ExportFormat.allCases)
    func everyFormatParses(format: ExportFormat) throws {
        #expect(try parse(["export", "--format", format.rawValue], as: ExportCommand.self).format == format)
    }

    @Test func anUnknownFormatIsAUsageErrorListingTheFormats() {
        let ending = outcome(["export", "--format", "xml"])
        #expect(ending.exitCode == 64)
        #expect(
            ending.errorLines.first
                == "riffle: Error: The value 'xml' is invalid for '--format <format>'. "
                + "Please provide one of 'json', 'ndjson' or 'jsonfeed'.")
    }

    @Test func limitTakesZeroOrMore() throws {
        #expect(try parse(["export"], as: ExportCommand.self).items.limit == nil)
        #expect(try parse(["export", "--limit", "0"], as: ExportCommand.self).items.limit == 0)
        #expect(try parse(["export", "--limit", "250"], as: ExportCommand.self).items.limit == 250)
        #expect(try parse(["--limit", "7"], as: ReadCommand.self).items.limit == 7)
    }

    @Test func aNegativeLimitIsRefusedByValidate() {
        for arguments in [["export", "--limit=-1"], ["read", "--limit=-1"], ["--limit=-1"]] {
            let ending = outcome(arguments)
            #expect(ending.exitCode == 64, "\(arguments)")
            #expect(ending.errorLines.first == "riffle: Error: --limit -1: expected 0 or more", "\(arguments)")
        }
    }

    @Test(arguments: ["99999999999999999999", "9223372036854775808", "ten", "1.5", ""])
    func aLimitThatIsNotAnIntIsAUsageError(text: String) {
        let ending = outcome(["export", "--limit", text])
        #expect(ending.exitCode == 64)
        #expect(ending.errorLines.first == "riffle: Error: The value '\(text)' is invalid for '--limit <n>'")
    }

    @Test func sinceTakesATimeOrADuration() throws {
        let time = try parse(["export", "--since", "2026-01-31T12:00:00Z"], as: ExportCommand.self).since
        #expect(time?.value == .time(Timestamp(unixSeconds: 1_769_860_800)))
        let duration = try parse(["export", "--since", "1h30m"], as: ExportCommand.self).since
        #expect(duration?.value == .secondsAgo(5400))
        #expect(try parse(["export"], as: ExportCommand.self).since == nil)
    }

    @Test(arguments: ["yesterday", "7", "d", "7x", "1h30", "7 d"])
    func sinceRefusesWhatItCannotReadNamingTheForms(text: String) {
        let ending = outcome(["export", "--since", text])
        #expect(ending.exitCode == 64)
        #expect(
            ending.errorLines.first == "riffle: Error: --since \(text): not a time; --since reads " + TimeArgument.forms
        )
    }

    /// `-3d` was read as an option ("Missing value for '--since <time>'").
    @Test func aNegativeSinceIsExplained() {
        let ending = outcome(["export", "--since", "-3d"])
        #expect(ending.exitCode == 64)
        #expect(
            ending.errorLines.first?.hasPrefix("riffle: Error: --since -3d: a duration counts back from now") == true)
    }

    @Test func sinceReadsEveryFormTheContractLists() throws {
        for (text, seconds) in [("90s", 90), ("30m", 1800), ("12h", 43_200), ("7d", 604_800), ("2w", 1_209_600)]
            + [("1y", 31_536_000), ("1h30m", 5400)] as [(String, Int64)]
        {
            #expect(
                try parse(["export", "--since", text], as: ExportCommand.self).since?.value == .secondsAgo(seconds))
        }
        #expect(try parse(["export", "--since", "2026-11-01"], as: ExportCommand.self).since?.problem == nil)
    }

    /// `9223372036854775808s` trapped on overflow and killed the process; now it is a usage error.
    @Test(arguments: [
        "9223372036854775808s", "9223372036854775807w", "99999999999999999999999999999999d", "36500d", "0s",
        "0d0h",
    ])
    func aDurationOutOfRangeIsAUsageError(text: String) {
        let ending = outcome(["export", "--since", text])
        #expect(ending.exitCode == 64)
        #expect(
            ending.errorLines.first
                == "riffle: Error: --since \(text): a duration back from now must be longer than 0s and shorter than 100 years"
        )
    }

    /// Each ran and was silently ignored (exit 0, everything written) before.
    @Test(arguments: [
        (["--unread"], "--unread reads the store; it cannot be used with --no-store"),
        (["--mark-read"], "--mark-read writes the store; it cannot be used with --no-store"),
        (["--offline"], "--offline reads the store; it cannot be used with --no-store"),
    ])
    func noStoreWithAnOptionThatNeedsTheStoreIsAUsageError(options: [String], message: String) {
        for arguments in [["--no-store", "export"] + options, ["export"] + options + ["--no-store"]] {
            let ending = outcome(arguments)
            #expect(ending.exitCode == 64, "\(arguments)")
            #expect(ending.errorLines.first == "riffle: Error: " + message, "\(arguments)")
        }
    }

    @Test func afterTakesACursorToken() throws {
        let position = MergePosition(
            entries: [.init(name: "gitlab", cursor: "abc", skip: 3, done: false)],
            frontier: Timestamp(unixSeconds: 1_700_000_000))
        #expect(try parse(["export", "--after", position.token], as: ExportCommand.self).after == position)
    }

    @Test(arguments: ["garbage", "r3.", "r3.!!!!", "r3." + String(repeating: "A", count: 70_000)])
    func afterRefusesWhatIsNotAToken(text: String) {
        let ending = outcome(["export", "--after", text])
        #expect(ending.exitCode == 64)
        #expect(ending.errorLines.first?.hasPrefix("riffle: Error: The value '") == true)
        #expect(ending.errorLines.first?.contains("' is invalid for '--after <token>': ") == true)
    }

    /// A cursor of a format before `r3.` is refused (64), saying so and what to do, not as garbage.
    @Test(arguments: ["r1.", "r1.!!!!", "r1.eyJzIjpbXX0", "r2.EAIBYQEAAAAJAQEJ"])
    func afterRefusesAnEarlierFormatSayingSo(text: String) {
        let ending = outcome(["export", "--after", text])
        #expect(ending.exitCode == 64)
        let line = ending.errorLines.first ?? ""
        #expect(line.contains("format of an earlier riffle, which this version no longer reads"), "\(line)")
        #expect(line.contains("export again without --after"), "\(line)")
    }

    /// A number inside a token that no `Int` holds is refused, not trapped on.
    @Test func afterRefusesATokenWithAnOverflowingNumber() {
        let json = #"{"f":99999999999999999999999,"s":[{"i":99999999999999999999999,"n":"a","x":false}]}"#
        let token = "r1." + base64URL(Array(json.utf8))
        #expect(outcome(["export", "--after", token]).exitCode == 64)
    }

    private func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacing("+", with: "-").replacing("/", with: "_")
            .replacing("=", with: "")
    }
}
