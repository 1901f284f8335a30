/// Which queued transfers may start now, under a total and a per-origin limit: a pure value type.
///
/// Transfers start in arrival order, except that one whose origin is at its limit lets later ones for
/// other origins go first (no head-of-line blocking across origins).
struct AdmissionQueue: Sendable {
    /// The most transfers in flight at once.
    let maxInFlight: Int
    /// The most transfers in flight to one origin at once.
    let maxPerOrigin: Int

    private var pending: [(id: UInt64, origin: String)] = []
    private var running: [UInt64: String] = [:]
    private var perOrigin: [String: Int] = [:]

    init(maxInFlight: Int, maxPerOrigin: Int) {
        self.maxInFlight = max(1, maxInFlight)
        self.maxPerOrigin = max(1, maxPerOrigin)
    }

    /// Transfers waiting to start.
    var queuedCount: Int { pending.count }
    /// Transfers started and not yet finished.
    var inFlightCount: Int { running.count }

    /// Transfers in flight to `origin`.
    func inFlight(origin: String) -> Int { perOrigin[origin, default: 0] }

    /// Queues a transfer.
    mutating func enqueue(id: UInt64, origin: String) {
        pending.append((id: id, origin: origin))
    }

    /// Whether some queued transfer could start now.
    var canAdmit: Bool {
        running.count < maxInFlight && pending.contains { perOrigin[$0.origin, default: 0] < maxPerOrigin }
    }

    /// Starts as many queued transfers as the limits allow and returns their ids, in order.
    mutating func admit() -> [UInt64] {
        var admitted: [UInt64] = []
        var index = 0
        while index < pending.count, running.count < maxInFlight {
            let candidate = pending[index]
            if perOrigin[candidate.origin, default: 0] < maxPerOrigin {
                pending.remove(at: index)
                running[candidate.id] = candidate.origin
                perOrigin[candidate.origin, default: 0] += 1
                admitted.append(candidate.id)
            } else {
                index += 1
            }
        }
        return admitted
    }

    /// Forgets a transfer, queued or running (it finished or was cancelled). Returns whether it was known.
    @discardableResult
    mutating func remove(id: UInt64) -> Bool {
        if let origin = running.removeValue(forKey: id) {
            let count = perOrigin[origin, default: 1] - 1
            perOrigin[origin] = count > 0 ? count : nil
            return true
        }
        if let index = pending.firstIndex(where: { $0.id == id }) {
            pending.remove(at: index)
            return true
        }
        return false
    }
}
