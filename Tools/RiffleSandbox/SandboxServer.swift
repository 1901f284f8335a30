import RiffleTestSupport
import Synchronization

/// A local fake of the APIs riffle reads — GitLab GraphQL, SpaceX v4, a generic GraphQL API and a REST
/// API with `Link` headers — for tests, benchmarks and `make demo`, with no network.
///
/// Binds 127.0.0.1 only. Serves generated data, deterministic from ``SandboxOptions/seed``, and can
/// delay responses and inject faults into chosen requests. Tests start it in-process on port 0, on threads of
/// its own.
public final class SandboxServer: Sendable {
    /// The options the server was created with.
    let options: SandboxOptions

    private struct Running: Sendable {
        var server: ThreadedHTTPServer
        var port: UInt16
    }

    private let state: SandboxState
    private let running = Mutex<Running?>(nil)

    public init(options: SandboxOptions = SandboxOptions()) {
        self.options = options
        self.state = SandboxState(faults: options.faults, latency: options.latency)
    }

    /// Builds the data, starts listening on 127.0.0.1 and returns the port (the chosen one when
    /// ``SandboxOptions/port`` is 0). Throws ``SandboxUsageError`` for unusable options (an unreadable
    /// SpaceX file), or when the port is taken.
    ///
    /// The server runs on threads of its own (`ThreadedHTTPServer`): in a test process it answers however
    /// busy the cooperative pool is with the code under test. It listens when this returns.
    public func start() async throws -> UInt16 {
        guard running.withLock({ $0 == nil }) else { throw SandboxUsageError("the sandbox is already running") }
        let router = try SandboxRouter(options: options)
        let handler = SandboxHandler(router: router, state: state, maxBodyBytes: max(1, options.maxRequestBodyBytes))
        let server: ThreadedHTTPServer
        do {
            server = try ThreadedHTTPServer(handler: handler, port: options.port)
        } catch {
            throw SandboxUsageError(error.description)
        }
        let started = running.withLock { current -> Bool in
            guard current == nil else { return false }
            current = Running(server: server, port: server.port)
            return true
        }
        guard started else {
            server.stop()
            throw SandboxUsageError("the sandbox is already running")
        }
        return server.port
    }

    /// The port while running.
    var port: UInt16? { running.withLock { $0?.port } }

    /// Stops listening and closes every connection (answers in flight are dropped), awaited. Safe to call
    /// when not running.
    public func stop() async {
        guard
            let current = running.withLock({ current -> Running? in
                defer { current = nil }
                return current
            })
        else { return }
        await current.server.stopAndWait()
    }

    /// Requests received since start or the last ``resetRecord()``, oldest first (at most the last
    /// 10,000).
    package func requests() -> [SandboxRequest] {
        state.requests
    }

    /// Forgets the recorded requests.
    package func resetRecord() {
        state.resetRecord()
    }

    /// Replaces the fault rules; request numbers for rules start again at 1.
    package func setFaults(_ rules: [FaultRule]) {
        state.setFaults(rules)
    }

    /// Holds every answer (`true`) until released (`false`): a test opens the gate once it has seen what
    /// should come before the answers. Requests are still received and recorded while held.
    package func hold(_ held: Bool) {
        state.isHeld = held
    }

    /// Changes the delay before every response.
    package func setLatency(_ latency: Duration) {
        state.setLatency(latency)
    }

    /// Makes every request after the first `count` (counted across endpoints, from the last
    /// ``setFaults(_:)``) wait `latency` instead of the latency above: a test holds later pages back
    /// while the first ones are answered.
    package func setLatency(_ latency: Duration, afterRequests count: Int) {
        state.setLatency(latency, afterRequests: count)
    }
}
