import Synchronization

/// What a running sandbox changes as requests arrive: the request record, per-endpoint counters, the
/// fault rules and the latency. Shared by the server object and the request handler.
final class SandboxState: Sendable {
    private struct Values {
        var record: [SandboxRequest] = []
        var counts: [SandboxEndpoint: Int] = [:]
        var total = 0
        var faults: [FaultRule]
        var latency: Duration
        /// Requests after the first `after` (counted as `total`) wait `latency` instead.
        var later: (after: Int, latency: Duration)?
        /// Answers wait while this is set (`SandboxServer.hold`), however long.
        var held = false
    }

    /// Most requests kept in the record; older ones are dropped first.
    static let maxRecorded = 10_000

    private let values: Mutex<Values>

    init(faults: [FaultRule], latency: Duration) {
        values = Mutex(Values(faults: faults, latency: latency))
    }

    /// Numbers a new request: its count at its endpoint, the fault it gets, and the latency to apply.
    func admit(_ endpoint: SandboxEndpoint) -> (number: Int, fault: FaultRule.Fault?, latency: Duration) {
        values.withLock { values in
            values.total += 1
            let number = (values.counts[endpoint] ?? 0) + 1
            values.counts[endpoint] = number
            let rule = values.faults.first { rule in
                if let target = rule.endpoint {
                    target == endpoint && rule.requests.contains(number)
                } else {
                    rule.requests.contains(values.total)
                }
            }
            var latency = values.latency
            if let later = values.later, values.total > later.after { latency = later.latency }
            return (number, rule?.fault, latency)
        }
    }

    func record(_ request: SandboxRequest) {
        values.withLock { values in
            if values.record.count >= Self.maxRecorded { values.record.removeFirst(values.record.count / 2) }
            values.record.append(request)
        }
    }

    var requests: [SandboxRequest] { values.withLock { $0.record } }

    func resetRecord() {
        values.withLock { $0.record.removeAll() }
    }

    /// Installs rules and restarts request numbering, so rule numbers count from now.
    func setFaults(_ rules: [FaultRule]) {
        values.withLock { values in
            values.faults = rules
            values.counts = [:]
            values.total = 0
        }
    }

    func setLatency(_ latency: Duration) {
        values.withLock { $0.latency = latency }
    }

    /// Whether answers are held back (see `SandboxServer.hold`).
    var isHeld: Bool {
        get { values.withLock { $0.held } }
        set { values.withLock { $0.held = newValue } }
    }

    func setLatency(_ latency: Duration, afterRequests count: Int) {
        values.withLock { $0.later = (count, latency) }
    }
}
