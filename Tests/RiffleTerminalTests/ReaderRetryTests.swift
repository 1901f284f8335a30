import Foundation
import RiffleCore
import RiffleTerminal
import RiffleTestSupport
import Synchronization
import Testing

/// A source that fails while the reader is open, then comes back: the reader retries it on its own
/// (saying when in the prompt), and `r` retries it every time it is pressed.
///
/// Nothing these tests check has a deadline of its own (the retry policies' waits are the behaviour,
/// and "never" is an hour away): every wait here is the test's, on the event itself (a load counted by
/// the source, a line the reader wrote), and is as long as `patience`. On two cores with the whole suite
/// running, long synchronous tests hold the cooperative pool for tens of seconds, and the reader had not
/// even asked for its first page within the 30 s `eventually` used to give it. A test that passes waits
/// only as long as the event takes; the suite's time limit bounds one that never gets there.
@Suite(.timeLimit(.minutes(5))) struct ReaderRetryTests {
    /// How long a wait lasts before it counts as a failure: a bound on a broken run, not a deadline
    /// the reader has to meet.
    static let patience = Duration.seconds(120)

    /// Fails every load while `down`, else serves `items`; counts loads.
    final class Flaky: Pageable {
        let down = Atomic<Bool>(true)
        let loads = Atomic<Int>(0)
        let items: [Item]

        init(items: [Item]) { self.items = items }

        func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
            loads.add(1, ordering: .relaxed)
            if down.load(ordering: .relaxed) {
                throw SourceError.httpStatus(503, host: "127.0.0.1:9", isRetryable: true)
            }
            return try await InMemorySource(items: items).loadPage(after: cursor, pageSize: pageSize)
        }
    }

    /// Serves what the source it wraps serves, but holds every load of the first page (a refresh's)
    /// while `held`.
    final class Holding: Pageable {
        let held = Atomic<Bool>(false)
        let source = Mutex<InMemorySource?>(nil)

        /// Serves `source` from now on.
        func wrap(_ source: InMemorySource) -> any Pageable {
            self.source.withLock { $0 = source }
            return self
        }

        func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
            while cursor == nil && held.load(ordering: .relaxed) { try await Task.sleep(for: .milliseconds(10)) }
            guard let source = source.withLock({ $0 }) else { throw CancellationError() }
            return try await source.loadPage(after: cursor, pageSize: pageSize)
        }
    }

    /// The reader over a steady source (`steady` may wrap it) and `flaky`, typed lines in through a pipe
    /// kept open, output to a file; `body` drives it, then the reader is made to quit.
    func withReader(
        flaky: Flaky, retryPolicy: RetryPolicy, steady wrap: (InMemorySource) -> any Pageable = { $0 },
        _ body: (_ type: (String) -> Void, _ output: () -> String) async throws -> Void
    ) async throws {
        let now = Timestamp(unixSeconds: 1_800_000_000)
        // More than the reader pulls ahead, so the feed is not over when the flaky source fails.
        let steady = (0..<40).map {
            Item(id: "\($0)", time: Timestamp(unixSeconds: now.unixSeconds - 600 - Int64($0)), title: "steady \($0)")
        }
        var inPipe: [Int32] = [-1, -1]
        try #require(pipe(&inPipe) == 0)
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("reader-retry-\(UUID().uuidString)")
        let outFD = open(outURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer {
            close(inPipe[0])
            close(outFD)
            try? FileManager.default.removeItem(at: outURL)
        }
        let writeFD = inPipe[1]
        let settings = ReaderOptions(lines: 5, prefetchPages: 1, color: .never, now: { now }, retryPolicy: retryPolicy)
        let reader = FeedReaderUI(
            sources: [
                MergeSource(name: "steady", pageable: wrap(InMemorySource(items: steady)), pageSize: 5),
                MergeSource(name: "flaky", pageable: flaky, pageSize: 5),
            ],
            options: MergeOptions(), settings: settings,
            io: TerminalIO(
                inputFD: inPipe[0], outputFD: outFD, isInteractive: true, inputIsTerminal: false,
                fixedSize: (columns: 120, rows: 6)))
        async let outcome = reader.run()
        let type: (String) -> Void = { text in
            _ = text.utf8CString.withUnsafeBytes { write(writeFD, $0.baseAddress, $0.count - 1) }
        }
        let output = { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }
        do {
            try await body(type, output)
        } catch {
            type("q\n")
            close(writeFD)
            _ = try? await outcome
            throw error
        }
        type("q\n")
        close(writeFD)
        let finished = try await outcome
        #expect(!finished.anySourceFailed, "the source recovered: \(output())")
    }

    static func flakyItems() -> [Item] {
        (0..<3).map {
            Item(id: "f\($0)", time: Timestamp(unixSeconds: 1_800_000_000 - 60 - Int64($0)), title: "flaky \($0)")
        }
    }

    @Test func aFailedSourceIsRetriedOnItsOwnAndRecovers() async throws {
        let flaky = Flaky(items: Self.flakyItems())
        let fast = RetryPolicy(
            backoffBase: .milliseconds(400), backoffCap: .milliseconds(800), maxTotalWait: .seconds(60))
        try await withReader(flaky: flaky, retryPolicy: fast) { _, output in
            #expect(
                await eventually(timeout: Self.patience) { output().contains("flaky failed, retrying in ") },
                "\(output())")
            #expect(
                await eventually(timeout: Self.patience) { flaky.loads.load(ordering: .relaxed) >= 2 },
                "retried without a key")
            flaky.down.store(false, ordering: .relaxed)
            #expect(await eventually(timeout: Self.patience) { recovered(output()) }, "\(output())")
        }
    }

    /// The last prompt shows flaky's unread items, not a failure: it has loaded again.
    func recovered(_ output: String) -> Bool {
        let prompt = output.components(separatedBy: "\r").last ?? ""
        return prompt.contains("flaky *") && !prompt.contains("flaky failed")
    }

    @Test func rRetriesAFailedSourceEveryTimeItIsPressed() async throws {
        let flaky = Flaky(items: Self.flakyItems())
        let never = RetryPolicy(backoffBase: .seconds(3600), backoffCap: .seconds(3600), maxTotalWait: .seconds(86_400))
        try await withReader(flaky: flaky, retryPolicy: never) { type, output in
            #expect(await eventually(timeout: Self.patience) { output().contains("flaky failed") }, "\(output())")
            #expect(flaky.loads.load(ordering: .relaxed) == 1)
            type("r\n")
            #expect(
                await eventually(timeout: Self.patience) { flaky.loads.load(ordering: .relaxed) == 2 },
                "the first r retried")
            #expect(await eventually(timeout: Self.patience) { output().contains("nothing new") }, "\(output())")
            // The server is back: r again (pressed until the failed retry's outcome has reached the
            // reader; before, the first retry left the source looking busy and no r sent anything).
            flaky.down.store(false, ordering: .relaxed)
            let retriedAgain = await eventually(timeout: Self.patience, interval: .milliseconds(300)) {
                type("r\n")
                return flaky.loads.load(ordering: .relaxed) >= 3
            }
            #expect(retriedAgain, "a later r retried too")
            #expect(await eventually(timeout: Self.patience) { recovered(output()) }, "\(output())")
        }
    }

    /// A refresh that is still loading (the steady source's top held) does not swallow `r`: each press
    /// still retries the failed source.
    @Test func rRetriesWhileAnEarlierRefreshIsStillLoading() async throws {
        let flaky = Flaky(items: Self.flakyItems())
        let never = RetryPolicy(backoffBase: .seconds(3600), backoffCap: .seconds(3600), maxTotalWait: .seconds(86_400))
        let steady = Holding()
        try await withReader(flaky: flaky, retryPolicy: never, steady: steady.wrap) { type, output in
            #expect(await eventually(timeout: Self.patience) { output().contains("flaky failed") }, "\(output())")
            steady.held.store(true, ordering: .relaxed)
            type("r\n")
            #expect(
                await eventually(timeout: Self.patience) { flaky.loads.load(ordering: .relaxed) == 2 },
                "the first r retried")
            let retriedAgain = await eventually(timeout: Self.patience, interval: .milliseconds(300)) {
                type("r\n")
                return flaky.loads.load(ordering: .relaxed) >= 3
            }
            #expect(retriedAgain, "r retried while the first refresh was still loading: \(output())")
            // The reader says so as it handles the press, which also starts the load counted above: the
            // line may reach the output just after the count moved.
            #expect(
                await eventually(timeout: Self.patience) { output().contains("already refreshing; retrying 1 failed") },
                "\(output())")
            flaky.down.store(false, ordering: .relaxed)
            steady.held.store(false, ordering: .relaxed)
            let back = await eventually(timeout: Self.patience, interval: .milliseconds(300)) {
                type("r\n")
                return output().contains(/· flaky \*?\d/)
            }
            #expect(back, "\(output().suffix(1500))")
        }
    }
}
