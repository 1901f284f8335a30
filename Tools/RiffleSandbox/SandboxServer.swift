import FlyingFox
import Synchronization

/// A local fake of the APIs riffle reads — GitLab GraphQL, SpaceX v4, a generic GraphQL API and a REST
/// API with `Link` headers — for tests, benchmarks and `make demo`, with no network.
///
/// Binds 127.0.0.1 only. Serves generated data, deterministic from ``SandboxOptions/seed``, and can
/// delay responses and inject faults into chosen requests. Tests start it in-process on port 0.
public final class SandboxServer: Sendable {
    /// The options the server was created with.
    let options: SandboxOptions

    private struct Running: Sendable {
        var server: HTTPServer
        var task: Task<Void, any Error>
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
    /// SpaceX file), or the socket error when the port is taken.
    public func start() async throws -> UInt16 {
        guard running.withLock({ $0 == nil }) else { throw SandboxUsageError("the sandbox is already running") }
        let router = try SandboxRouter(options: options)
        let handler = SandboxHandler(router: router, state: state, maxBodyBytes: max(1, options.maxRequestBodyBytes))
        let server = HTTPServer(
            address: try .inet(ip4: "127.0.0.1", port: options.port), timeout: 180, logger: .disabled, handler: handler)
        // `run()` fails at once when the port is taken; record that, so that waiting for the server
        // to listen can give up immediately with the real reason.
        let failure = Mutex<(any Error)?>(nil)
        let task = Task {
            do {
                try await server.run()
            } catch {
                failure.withLock { $0 = error }
                throw error
            }
        }
        // A guard against a server that never listens, not a measure of start-up: on two cores, with a
        // test run's hundred tests starting sandboxes at once, the server's task can wait its turn for
        // more than 10 s.
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        while await !server.isListening {
            if let error = failure.withLock({ $0 }) { throw error }
            guard clock.now < deadline else {
                task.cancel()
                throw SandboxUsageError("the sandbox did not start listening within 60 seconds")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        guard case .ip4(_, let port) = await server.listeningAddress else {
            await server.stop()
            task.cancel()
            throw SandboxUsageError("the sandbox is not listening on an IPv4 address")
        }
        let started = running.withLock { current -> Bool in
            guard current == nil else { return false }
            current = Running(server: server, task: task, port: port)
            return true
        }
        guard started else {
            await server.stop()
            task.cancel()
            throw SandboxUsageError("the sandbox is already running")
        }
        return port
    }

    /// The port while running.
    var port: UInt16? { running.withLock { $0?.port } }

    /// Stops listening and closes every connection. Safe to call when not running.
    public func stop() async {
        guard
            let current = running.withLock({ current -> Running? in
                defer { current = nil }
                return current
            })
        else { return }
        await current.server.stop(timeout: 0.25)
        current.task.cancel()
        _ = await current.task.result
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
