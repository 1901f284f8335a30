package import RiffleBytes
package import RiffleCore
internal import RiffleSystem
import Synchronization

/// A source read through an executable plugin speaking JSON lines (contract section 5).
///
/// One long-lived process per source, started on the first page (and again after a failure, so a retry
/// starts afresh). Each page is one request line and one answer line within the source's timeout. A
/// plugin that crashes, hangs, prints something that is not an answer or too much fails this source only:
/// it is stopped and reaped, and the error quotes the end of its stderr, sanitized.
package final class ExecutablePluginSource: Pageable {
    /// The plugin file.
    let executable: String
    /// The source's params, sent in every request (never in the environment).
    package let params: [String: String]
    package let timeout: Duration
    /// The clock `timeout` is measured on: the continuous clock, or a test's.
    let clock: any Clock<Duration>
    /// The plugin's whole environment.
    let environment: [String: String]
    /// Under `-v`: where request lines and the plugin's stderr lines go.
    let log: PluginLog?

    /// The longest answer line accepted.
    static let maxLineBytes = 8 << 20

    private let session = Mutex(Session())

    private struct Session {
        var process: PluginProcess?
        var busy = false
    }

    /// `environment` is riffle's own: only `PATH`, `HOME` and `LANG` are passed on (see
    /// `minimalEnvironment(from:)`), plus `extraEnvironment`. `log` (under `-v`) gets a line per request
    /// and the plugin's stderr, line by line.
    package init(
        executable: String, params: [String: String], timeout: Duration, environment: [String: String],
        extraEnvironment: [String: String] = [:], log: PluginLog? = nil,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.clock = clock
        self.executable = executable
        self.params = params
        self.timeout = timeout
        self.log = log
        self.environment = Self.minimalEnvironment(from: environment).merging(extraEnvironment) { _, given in given }
    }

    deinit {
        session.withLock { $0.process }?.requestStop()
    }

    /// `PATH` (a standard one when unset), `HOME` and `LANG` from `environment`, nothing else.
    static func minimalEnvironment(from environment: [String: String]) -> [String: String] {
        var minimal = ["PATH": environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"]
        for name in ["HOME", "LANG"] { minimal[name] = environment[name] }
        return minimal
    }

    /// The running plugin's process id, if one runs.
    package var processID: Int32? {
        session.withLock { session in session.process.flatMap { $0.isFinished ? nil : $0.pid } }
    }

    /// Stops the plugin process, if one runs, and waits until it is reaped.
    package func stop() async {
        let process = session.withLock { session in
            defer { session.process = nil }
            return session.process
        }
        await process?.stop()
    }

    package func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
        guard let log else { return try await exchange(after: cursor, pageSize: pageSize) }
        let started = ContinuousClock.now
        let outcome: String
        defer {
            log.request(
                cursor: cursor, pageSize: max(1, pageSize), elapsed: ContinuousClock.now - started, outcome: outcome)
        }
        do {
            let page = try await exchange(after: cursor, pageSize: pageSize)
            outcome = PluginLog.describe(page)
            return page
        } catch let error as SourceError {
            outcome = "failed: \(error)"
            throw error
        } catch {
            outcome = "cancelled"
            throw error
        }
    }

    /// One request line out, one answer line in.
    private func exchange(after cursor: String?, pageSize: Int) async throws -> Page {
        let process = try acquire()
        defer { session.withLock { $0.busy = false } }

        let request = JSONValue.object([
            "params": .object(params.mapValues(JSONValue.string)),
            "page_size": .int(Int64(max(1, pageSize))),
            "cursor": cursor.map(JSONValue.string) ?? .null,
        ])
        var line = Array(request.jsonText.utf8)
        line.append(10)
        process.send(line)

        switch await process.next(timeout: timeout, clock: clock) {
        case .event(.line(let answer)):
            do {
                let page = try PluginAnswer.page(from: answer)
                if !page.hasMore { await stop() }
                return page
            } catch .reported(let message, let retryable) {
                throw SourceError.pluginAnswer(
                    executable: executable, message: PluginText.message(message), isRetryable: retryable)
            } catch .malformed(let reason) {
                throw await fail(process, "answered with something that is not an answer: \(reason)")
            }
        case .event(.endOfOutput), .event(.whole):
            throw await fail(process, "exited without answering")
        case .event(.oversized):
            throw await fail(process, "printed a line longer than \(Self.maxLineBytes >> 20) MiB")
        case .event(.unexpectedOutput):
            throw await fail(process, "printed a line no request asked for")
        case .timedOut:
            throw await fail(process, "did not answer within \(Self.describe(timeout))")
        case .cancelled:
            await stopIfCurrent(process)
            throw CancellationError()
        }
    }

    /// The running process, started if need be; marks the source busy.
    private func acquire() throws -> PluginProcess {
        enum Acquired {
            case process(PluginProcess)
            case busy
            case failed(SystemError)
        }
        var stderrLine: (@Sendable (String) -> Void)?
        if let log { stderrLine = { line in log.passStderr(line) } }
        let acquired = session.withLock { session -> Acquired in
            guard !session.busy else { return .busy }
            if let process = session.process, !process.isFinished {
                session.busy = true
                return .process(process)
            }
            do throws(SystemError) {
                let process = try PluginProcess.start(
                    path: executable, arguments: [], environment: environment, framing: .lines,
                    maxOutput: Self.maxLineBytes, stderrLine: stderrLine)
                session.process = process
                session.busy = true
                return .process(process)
            } catch let failure {
                return .failed(failure)
            }
        }
        switch acquired {
        case .process(let process): return process
        case .busy: throw SourceError.pluginBusy(executable: executable)
        case .failed(let failure):
            throw SourceError.pluginFailed(executable: executable, detail: "could not be started: \(failure)")
        }
    }

    private func stopIfCurrent(_ process: PluginProcess) async {
        session.withLock { session in
            if session.process === process { session.process = nil }
        }
        await process.stop()
    }

    /// Stops and reaps the plugin, then words the failure with how it ended and its stderr.
    private func fail(_ process: PluginProcess, _ what: String) async -> SourceError {
        await stopIfCurrent(process)
        var detail = what
        if let exit = process.exitDescription { detail += " (\(exit))" }
        if let stderr = PluginText.excerpt(process.stderrTail) { detail += "; stderr: \(stderr)" }
        return .pluginFailed(executable: executable, detail: detail)
    }

    static func describe(_ duration: Duration) -> String {
        let milliseconds = duration.milliseconds
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
    }
}
