import RiffleCore
import Testing

@testable import RiffleCLI

/// Export's `riffle: warning:` lines: one per source with something to say; failed sources are named
/// by their error line instead; remote text is made inert.
@Suite struct SourceWarningsTests {
    @Test func oneLinePerSourceWithNotices() {
        var skipped = SourceStatus(name: "docs", state: .done)
        skipped.skippedItems = 2
        skipped.firstSkipReason = "item 4: no time at t"
        skipped.lateItems = 1
        skipped.firstLateItem = "id \u{1B}[2J at 1970-01-01T00:00:02Z came after 1970-01-01T00:00:01Z"
        let quiet = SourceStatus(name: "quiet", state: .done)
        var failed = SourceStatus(name: "gone", state: .failed(SourceError("boom")))
        failed.skippedItems = 5
        #expect(
            SourceWarnings.lines([skipped, quiet, failed]) == [
                "warning: source docs: 2 items skipped (first: item 4: no time at t); 1 item out of order "
                    + "(first: id ^[[2J at 1970-01-01T00:00:02Z came after 1970-01-01T00:00:01Z)"
            ])
    }
}
