import RiffleCore
import Testing

@testable import RiffleTerminal

/// The reader's typed-line input is bounded, and `s` words notices as export does.
@Suite struct LineInputTests {
    @Test func linesAcrossChunks() {
        var input = LineInput()
        #expect(input.feed(Array("s\n/fo".utf8)) == [.line("s")])
        #expect(input.feed(Array("o\nq".utf8)) == [.line("/foo")])
        #expect(input.finish() == "q")
        #expect(input.finish() == nil)
    }

    @Test func anEndlessLineIsDroppedAsItComesAndReportedOnce() {
        var input = LineInput()
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1000)
        for _ in 0..<100 { #expect(input.feed(chunk).isEmpty) }
        #expect(input.feed(Array("\nq\n".utf8)) == [.discarded(bytes: 100_000), .line("q")])
        let atLimit = [UInt8](repeating: UInt8(ascii: "y"), count: LineInput.maxLineBytes)
        #expect(input.feed(atLimit + [0x0A]) == [.line(String(repeating: "y", count: LineInput.maxLineBytes))])
        _ = input.feed(atLimit + [UInt8(ascii: "z")])
        #expect(input.finish() == nil, "an over-long last line is not run")
    }

    @Test func statusScreenUsesTheSharedWording() {
        var status = SourceStatus(name: "docs", state: .done)
        status.skippedItems = 3
        status.firstSkipReason = "item 2: no time at published_at"
        status.stoppedEarly = "has_more was true but data.x.endCursor is missing"
        status.warnings = ["partial data"]
        let lines = ReaderScreens.status([status], refreshErrors: [:], width: 200).map(\.plainText)
        #expect(
            lines.dropFirst()
                == [
                    "    warning: 3 items skipped (first: item 2: no time at published_at)",
                    "    warning: stopped early: has_more was true but data.x.endCursor is missing",
                    "    server said: partial data",
                ])
    }
}
