import Testing

@testable import RiffleCLI

/// The line an export ends with, in every case it has words for.
@Suite struct ExportReportTests {
    @Test func allWentWell() {
        #expect(
            ExportReport(items: 120, sources: 3, failed: 0, elapsed: .milliseconds(1_440)).line
                == "wrote 120 items from 3 sources in 1.4s")
        #expect(
            ExportReport(items: 1, sources: 1, failed: 0, elapsed: .zero).line == "wrote 1 item from 1 source in 0.0s")
        #expect(ExportReport(items: 0, sources: 2, failed: 0, elapsed: nil).line == "wrote 0 items from 2 sources")
    }

    @Test func someFailed() {
        #expect(
            ExportReport(items: 57, sources: 3, failed: 1, elapsed: nil).line
                == "wrote 57 items from the other 2 sources")
        #expect(
            ExportReport(items: 9, sources: 2, failed: 1, elapsed: nil).line == "wrote 9 items from the other source")
        #expect(
            ExportReport(items: 9, sources: 2, failed: 1, elapsed: .seconds(2)).line
                == "wrote 9 items from the other source in 2.0s")
    }

    @Test func everySourceFailed() {
        #expect(
            ExportReport(items: 0, sources: 3, failed: 3, elapsed: nil).line == "wrote 0 items: every source failed")
        #expect(
            ExportReport(items: 0, sources: 1, failed: 1, elapsed: nil).line == "wrote 0 items: the only source failed")
        #expect(
            ExportReport(items: 4, sources: 2, failed: 2, elapsed: nil).line == "wrote 4 items: every source failed",
            "items written before the last source failed still count")
    }
}
