import Synchronization

/// What a loopback server observed: requests, connections, concurrency. Thread-safe.
package final class ServerStats: Sendable {
    private struct State {
        var requests: [RecordedRequest] = []
        var inFlight = 0
        var maxInFlight = 0
        var connections: Set<Int> = []
        var counters: [String: Int] = [:]
    }

    private let state = Mutex(State())

    init() {}

    /// Every request received so far, in arrival order.
    package var requests: [RecordedRequest] { state.withLock { $0.requests } }
    /// The number of requests received.
    package var requestCount: Int { state.withLock { $0.requests.count } }
    /// The most requests handled at the same moment.
    package var maxConcurrent: Int { state.withLock { $0.maxInFlight } }
    /// Distinct client connections seen (by client port).
    package var connectionCount: Int { state.withLock { $0.connections.count } }

    /// Records a request arriving; pair with `end()`.
    func begin(_ request: RecordedRequest) {
        state.withLock { state in
            state.requests.append(request)
            state.inFlight += 1
            state.maxInFlight = max(state.maxInFlight, state.inFlight)
            if let port = request.remotePort { state.connections.insert(port) }
        }
    }

    /// Records a request's response being sent.
    func end() {
        state.withLock { $0.inFlight -= 1 }
    }

    /// Increments the counter `key` and returns its new value (for "fail N times, then succeed").
    func increment(_ key: String) -> Int {
        state.withLock { state in
            state.counters[key, default: 0] += 1
            return state.counters[key, default: 0]
        }
    }
}
