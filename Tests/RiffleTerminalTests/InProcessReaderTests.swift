import Foundation
import RiffleCore
import RiffleTerminal
import RiffleTestSupport
import Testing

/// The whole reader in this process, over pipes: typed lines in (stdin not a terminal), text out.
@Suite struct InProcessReaderTests {
    let now = Timestamp(unixSeconds: 1_800_000_000)

    func sources(_ names: [String], count: Int) -> [MergeSource] {
        names.enumerated().map { offset, name in
            let items = (0..<count).map { index in
                Item(
                    id: "\(index)",
                    time: Timestamp(unixSeconds: now.unixSeconds - Int64(index * names.count + offset + 1) * 60),
                    title: "\(name) story \(index)", url: "https://example.com/\(name)/\(index)")
            }
            return MergeSource(name: name, pageable: InMemorySource(items: items), pageSize: 7)
        }
    }

    /// Runs the reader with `input` as its typed lines; returns its output and outcome.
    func session(_ input: String, interactive: Bool, limit: Int? = nil, opened: OpenLog = OpenLog()) async throws -> (
        String, ReaderOutcome
    ) {
        var inPipe: [Int32] = [-1, -1]
        try #require(pipe(&inPipe) == 0)
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("reader-\(UUID().uuidString)")
        let outFD = open(outURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer {
            close(inPipe[0])
            close(outFD)
            try? FileManager.default.removeItem(at: outURL)
        }
        _ = input.utf8CString.withUnsafeBytes { write(inPipe[1], $0.baseAddress, $0.count - 1) }
        close(inPipe[1])
        let settings = ReaderOptions(
            lines: 5, prefetchPages: 1, color: .never, limit: limit, now: { [now] in now },
            opener: URLOpener { url in
                opened.append(url)
                return nil
            })
        let reader = FeedReaderUI(
            sources: sources(["alpha", "beta"], count: 12), options: MergeOptions(), settings: settings,
            io: TerminalIO(
                inputFD: inPipe[0], outputFD: outFD, isInteractive: interactive, inputIsTerminal: false,
                fixedSize: (columns: 60, rows: 6)))
        let outcome = try await reader.run()
        return (try String(contentsOf: outURL, encoding: .utf8), outcome)
    }

    final class OpenLog: @unchecked Sendable {
        private var urls: [String] = []
        private let lock = NSLock()
        func append(_ url: String) { lock.withLock { urls.append(url) } }
        var all: [String] { lock.withLock { urls } }
    }

    @Test func notATerminalPrintsPlainLinesHonouringLimit() async throws {
        let (output, outcome) = try await session("", interactive: false, limit: 5)
        let lines = output.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines.first == "  1m alpha alpha story 0  https://example.com/alpha/0")
        #expect(lines.last == "  5m alpha alpha story 2  https://example.com/alpha/2")
        #expect(!output.contains("\u{1B}"))
        #expect(outcome.itemsRead == 5)
        #expect(!outcome.anySourceFailed)
    }

    @Test func typedLinesDriveTheReader() async throws {
        let opened = OpenLog()
        let (output, outcome) = try await session("\n\nb\n/beta\no 4\ng\n/\nzz\nq\n", interactive: true, opened: opened)
        #expect(output.contains("1–5"))
        #expect(output.contains("11–15"))
        #expect(output.contains(" 6     6m beta  beta story 2"))  // read: shown on the second page
        #expect(output.contains("1 *   1m alpha alpha story 0"))  // unread when first shown
        #expect(output.contains("unknown command zz; ? for help"))
        #expect(opened.all == ["https://example.com/beta/1"])
        // Enter, Enter, b, /beta, g, / each drew a page.
        #expect(outcome.pageTurnWaits.count == 6)
        #expect(!outcome.interrupted)
        #expect(!outcome.anySourceFailed)
    }

    @Test func endOfInputQuits() async throws {
        let (output, _) = try await session("", interactive: true)
        #expect(output.contains("1–5"))
    }
}
