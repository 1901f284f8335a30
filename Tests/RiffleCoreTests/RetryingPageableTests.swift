import RiffleCore
import Synchronization
import Testing

/// The page-level retry: what it retries, how often, and what it logs.
@Suite struct RetryingPageableTests {
    /// Answers each load with the next of `script` (the last one repeats), counting loads.
    final class Scripted: Pageable {
        let script: [Result<Page, SourceError>]
        let calls = Atomic<Int>(0)

        init(_ script: [Result<Page, SourceError>]) { self.script = script }

        func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
            let call = calls.add(1, ordering: .relaxed).newValue
            return try script[min(call, script.count) - 1].get()
        }
    }

    final class LogLines: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        var sink: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
    }

    static let fast = RetryPolicy(
        backoffBase: .milliseconds(1), backoffCap: .milliseconds(2), maxTotalWait: .seconds(5))
    static let page = Page(
        items: [Item(id: "1", time: Timestamp(unixSeconds: 1), title: "one")], nextCursor: nil, hasMore: false)

    func run(_ script: [Result<Page, SourceError>], retries: Int, log: LogLines = LogLines()) async -> (
        Result<Page, SourceError>, calls: Int
    ) {
        let base = Scripted(script)
        let source = RetryingPageable(base, name: "src", retries: retries, policy: Self.fast, log: log.sink)
        do {
            return (.success(try await source.loadPage(after: nil, pageSize: 10)), base.calls.load(ordering: .relaxed))
        } catch let error as SourceError {
            return (.failure(error), base.calls.load(ordering: .relaxed))
        } catch {
            Issue.record("unexpected \(error)")
            return (.failure(SourceError("\(error)")), base.calls.load(ordering: .relaxed))
        }
    }

    @Test func transientFailuresAreRetriedAndLoggedWithTheirReason() async throws {
        let log = LogLines()
        let (result, calls) = await run(
            [
                .failure(.truncatedBody(status: 200, host: "h:1", bytes: 10)),
                .failure(.graphQLFieldError(service: nil, host: "h:1", messages: ["Internal server error"])),
                .success(Self.page),
            ], retries: 3, log: log)
        #expect(try result.get().items == Self.page.items)
        #expect(calls == 3)
        #expect(log.all.count == 2)
        #expect(log.all[0].hasPrefix("src: first page failed (HTTP 200 whose body is cut off); retrying in "))
        #expect(log.all[0].hasSuffix("attempt 2 of 4"))
        #expect(log.all[1].contains("GraphQL errors without data: Internal server error"))
    }

    @Test func permanentFailuresAreNotRetried() async {
        for error in [
            SourceError.graphQLRequestError(service: nil, host: "h:1", messages: ["Field 'x' doesn't exist"]),
            .graphQLFieldError(service: nil, host: "h:1", messages: ["Query has complexity of 300"]),
            .httpStatus(404, host: "h:1", isRetryable: false),
            .mapping("no list of items at data.x"),
            .pluginAnswer(executable: "p", message: "no such repository"),
        ] {
            let (result, calls) = await run([.failure(error), .success(Self.page)], retries: 3)
            #expect(calls == 1, "\(error)")
            #expect((try? result.get()) == nil)
        }
    }

    @Test func aRetryablePluginErrorIsRetried() async throws {
        let error = SourceError.pluginAnswer(executable: "p", message: "HTTP 503", isRetryable: true)
        let (result, calls) = await run([.failure(error), .success(Self.page)], retries: 1)
        #expect(try result.get().items == Self.page.items)
        #expect(calls == 2)
    }

    @Test func aDeadSourceFailsAfterItsRetriesWithTheAttemptsCounted() async {
        let (result, calls) = await run([.failure(.notJSON(status: 200, host: "h:1", bytes: 5))], retries: 2)
        #expect(calls == 3)
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.kind == .notJSON && error.attempts == 3)
    }

    /// Requests the HTTP layer already retried count against the same budget: no second round.
    @Test func attemptsMadeBelowUseUpTheBudget() async {
        let spent = SourceError.httpStatus(503, host: "h:1", isRetryable: true).afterAttempts(3)
        let (_, calls) = await run([.failure(spent), .success(Self.page)], retries: 2)
        #expect(calls == 1)
        let once = SourceError.httpStatus(503, host: "h:1", isRetryable: true).afterAttempts(2)
        let (result, again) = await run([.failure(once), .success(Self.page)], retries: 2)
        #expect(again == 2)
        #expect((try? result.get())?.items == Self.page.items)
    }
}
