import Foundation
import RiffleCore
import RiffleTerminal
import RiffleTestSupport
import Synchronization
import Testing

/// "A page turn at reading speed never waits", with sources of small pages: the whole reader in
/// this process over two sources of 10-item pages that answer after a round trip — one dense (an item a
/// minute, most of every screen), one sparse (an item an hour) — and 20-line screens, so a turn takes about
/// two of the dense source's pages, while its pages come one round trip apart (each cursor comes with the
/// page before). Keys come at reading speed, from the first screen on: each an interval after the page before
/// was drawn, once no request is in flight. What is counted is not
/// time but whether the merge had to wait for a page to land while a turn's items came
/// (`ReaderOutcome.turnsWaitingForPages`). When pages that landed between turns were folded in only at the
/// next pull, with `prefetch: 0` (only the merge's own read-ahead) every turn waited for a request: the dense
/// source asked for its next page only when the turn pulled, one page per turn for two pages' worth.
@Suite(.serialized) struct ReadAheadTurnTests {
    static let latency = Duration.milliseconds(40)
    /// Reading speed: far more than the round trips a turn needs, even on a loaded machine.
    static let interval = Duration.milliseconds(700)
    static let turns = 8
    static let lines = 20
    static let pageSize = 10

    /// A source over items in memory whose every page answers after `latency`, counting the items of the
    /// pages it served and its requests in flight.
    final class SlowSource: Pageable {
        let base: InMemorySource
        let served = Atomic(0)
        let inFlight = Atomic(0)

        init(items: [Item]) { base = InMemorySource(items: items) }

        func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
            inFlight.add(1, ordering: .sequentiallyConsistent)
            defer { inFlight.subtract(1, ordering: .sequentiallyConsistent) }
            try await Task.sleep(for: ReadAheadTurnTests.latency)
            let page = try await base.loadPage(after: cursor, pageSize: pageSize)
            served.add(page.items.count, ordering: .sequentiallyConsistent)
            return page
        }
    }

    final class Sources: Sendable {
        let dense: SlowSource
        let sparse: SlowSource

        init() {
            let now: Int64 = 1_800_000_000
            dense = SlowSource(
                items: (0..<400).map { index in
                    Item(
                        id: "d\(index)", time: Timestamp(unixSeconds: now - Int64(index) * 60), title: "dense \(index)")
                })
            sparse = SlowSource(
                items: (0..<400).map { index in
                    Item(
                        id: "s\(index)", time: Timestamp(unixSeconds: now - 30 - Int64(index) * 3600),
                        title: "sparse \(index)")
                })
        }

        var merge: [MergeSource] {
            [
                MergeSource(name: "dense", pageable: dense, pageSize: ReadAheadTurnTests.pageSize),
                MergeSource(name: "sparse", pageable: sparse, pageSize: ReadAheadTurnTests.pageSize),
            ]
        }

        var served: Int {
            dense.served.load(ordering: .sequentiallyConsistent) + sparse.served.load(ordering: .sequentiallyConsistent)
        }

        var inFlight: Int {
            dense.inFlight.load(ordering: .sequentiallyConsistent)
                + sparse.inFlight.load(ordering: .sequentiallyConsistent)
        }

        /// Waits until no request has been in flight and no page served over three looks in a row: the
        /// read-ahead has done what it asks for on its own (on a starved machine, keys at fixed times would
        /// pile up and come as a burst, which is not reading speed). One quiet look is not enough: between a
        /// page's answer and the merge asking for the next one, the page must reach the merge's inbox and the
        /// reader's pump fold it, which a busy cooperative pool can hold back for longer than one look.
        func settle() async throws {
            var quietLooks = 0
            while quietLooks < 3 {
                let before = served
                try await Task.sleep(for: .milliseconds(150))
                quietLooks = inFlight == 0 && served == before ? quietLooks + 1 : 0
            }
        }
    }

    @Test(arguments: [0, 2]) func turnsAtReadingSpeedFindTheirItems(prefetch: Int) async throws {
        var input: [Int32] = [-1, -1]
        try #require(pipe(&input) == 0)
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent(
            "read-ahead-turns-\(UUID().uuidString)"
        ).path
        let outputFD = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(outputFD >= 0)
        defer {
            close(input[0])
            close(outputFD)
            unlink(outputPath)
        }
        let sources = Sources()
        let reader = FeedReaderUI(
            sources: sources.merge, options: MergeOptions(),
            settings: ReaderOptions(lines: Self.lines, prefetchPages: prefetch, color: .never),
            io: TerminalIO(
                inputFD: input[0], outputFD: outputFD, isInteractive: true, inputIsTerminal: false,
                fixedSize: (columns: 80, rows: Self.lines + 1)))
        let writeFD = input[1]
        let outcome = try await withThrowingTaskGroup(of: ReaderOutcome?.self) { group in
            group.addTask { try await reader.run() }
            group.addTask {
                defer { close(writeFD) }
                // From the first screen on: a key before it would be carried out the moment it is drawn.
                let drawn = await eventually(interval: .milliseconds(5)) {
                    (try? String(contentsOfFile: outputPath, encoding: .utf8))?.contains("1–20") == true
                }
                #expect(drawn, "the first screen")
                for turn in 0..<Self.turns {
                    // Reading speed: the page on screen was drawn an interval ago, and what the read-ahead
                    // asked for has come.
                    let shown = "\(turn * Self.lines + 1)–\((turn + 1) * Self.lines)"
                    _ = await eventually(timeout: .seconds(60), interval: .milliseconds(5)) {
                        (try? String(contentsOfFile: outputPath, encoding: .utf8))?.contains(shown) == true
                    }
                    try await Task.sleep(for: Self.interval)
                    try await sources.settle()
                    _ = "\n".utf8CString.withUnsafeBytes { write(writeFD, $0.baseAddress, 1) }
                }
                try await Task.sleep(for: Self.interval)
                _ = "q\n".utf8CString.withUnsafeBytes { write(writeFD, $0.baseAddress, 2) }
                return nil
            }
            var outcome: ReaderOutcome?
            for try await result in group where result != nil { outcome = result }
            return outcome
        }
        let result = try #require(outcome)
        #expect(result.pageTurnWaits.count == Self.turns)
        #expect(result.turnsWaitingForPages == [], "prefetch \(prefetch): turns that waited for a page to land")
        let output = try String(contentsOfFile: outputPath, encoding: .utf8)
        #expect(output.contains("161–180"), "the last turn's page was drawn")
        // The read-ahead has a limit: beyond the items the reader took (and those on their way to it, at
        // most a screen and the read-ahead), each source holds at most its threshold (two pages, or the
        // read-ahead when more) less one, plus the page that crossed it.
        let ahead = ReadAhead(prefetchPages: prefetch).items(screenLines: Self.lines)
        let perSource = max(2 * Self.pageSize, ahead) - 1 + Self.pageSize
        #expect(sources.served <= result.itemsRead + Self.lines + ahead + 2 * perSource)
    }
}
