import RiffleCore
import Testing

@testable import RiffleTerminal

/// The prompt for a source set aside while slow, and the end of a list with a source that failed.
@Suite struct ReaderScreensWaitTests {
    @Test func aSourceSetAsideSaysHowLongAndWhichAttempt() {
        var news = SourceStatus(name: "news", state: .fetching)
        news.isSetAside = true
        let line = ReaderScreens.sourcesPart(
            [SourceStatus(name: "live", state: .ready), news], unread: [:], retryWaits: [:],
            slowWaits: [1: ReaderScreens.Wait(waited: .seconds(12), attempt: 2, attempts: 4)], detail: .full)
        #expect(line.plainText.contains("news waiting 12s (attempt 2 of 4)"), "\(line.plainText)")
        #expect(ReaderScreens.waitingWords(ReaderScreens.Wait(waited: .milliseconds(300))) == "waiting 1s")
    }

    @Test func theEndIsTheEndOnlyWhenNothingFailed() {
        #expect(ReaderScreens.endWords([SourceStatus(name: "a", state: .done)]) == "(end)")
        let failed = SourceStatus(name: "news", state: .failed(SourceError("503")))
        #expect(
            ReaderScreens.endWords([SourceStatus(name: "a", state: .done), failed])
                == "(news could not be read; r retries)")
    }
}
