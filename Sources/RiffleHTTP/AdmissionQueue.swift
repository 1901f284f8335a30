/// Which queued transfers may start now, under a total and a per-origin limit: a pure value type.
///
/// Transfers start in arrival order, except that one whose origin is at its limit lets later ones for
/// other origins go first (no head-of-line blocking across origins).
///
/// Each origin keeps its own queue, and a min-heap holds, by arrival, the head of every origin that may
/// start one more: admitting, finishing and `canAdmit` cost O(log origins), not a scan of everything
/// queued (a thousand queued requests on a few saturated origins made each loop turn walk them all,
/// hashing every origin name on the way).
struct AdmissionQueue: Sendable {
    /// The most transfers in flight at once.
    let maxInFlight: Int
    /// The most transfers in flight to one origin at once.
    let maxPerOrigin: Int

    /// One origin's queued transfers (arrival number, id), oldest first from `head`, and its running count.
    private struct Origin {
        var name: String
        var queued: [(arrival: UInt64, id: UInt64)] = []
        var head = 0
        var running = 0

        var first: (arrival: UInt64, id: UInt64)? { head < queued.count ? queued[head] : nil }
        var queuedCount: Int { queued.count - head }

        mutating func popFirst() {
            head += 1
            if head == queued.count {
                queued.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 64 && head * 2 >= queued.count {
                queued.removeFirst(head)
                head = 0
            }
        }
    }

    private var origins: [Origin] = []
    private var originIndex: [String: Int] = [:]
    /// Where each queued transfer waits, and each running one runs: its origin's index.
    private var queuedOrigin: [UInt64: Int] = [:]
    private var runningOrigin: [UInt64: Int] = [:]
    /// (arrival of the head, origin) for origins that may start one more; entries whose origin has
    /// changed since are dropped when they reach the top, so the top is always current.
    private var ready: [(arrival: UInt64, origin: Int)] = []
    private var arrivals: UInt64 = 0

    init(maxInFlight: Int, maxPerOrigin: Int) {
        self.maxInFlight = max(1, maxInFlight)
        self.maxPerOrigin = max(1, maxPerOrigin)
    }

    /// Transfers waiting to start.
    var queuedCount: Int { queuedOrigin.count }
    /// Transfers started and not yet finished.
    var inFlightCount: Int { runningOrigin.count }

    /// Transfers in flight to `origin`.
    func inFlight(origin: String) -> Int { originIndex[origin].map { origins[$0].running } ?? 0 }

    /// Queues a transfer.
    mutating func enqueue(id: UInt64, origin name: String) {
        let index: Int
        if let known = originIndex[name] {
            index = known
        } else {
            index = origins.count
            origins.append(Origin(name: name))
            originIndex[name] = index
        }
        arrivals += 1
        origins[index].queued.append((arrival: arrivals, id: id))
        queuedOrigin[id] = index
        if origins[index].queuedCount == 1 { offer(index) }
    }

    /// Whether some queued transfer could start now.
    var canAdmit: Bool { runningOrigin.count < maxInFlight && !ready.isEmpty }

    /// Starts as many queued transfers as the limits allow and returns their ids, in order.
    mutating func admit() -> [UInt64] {
        var admitted: [UInt64] = []
        while runningOrigin.count < maxInFlight {
            dropStale()
            guard let top = ready.first else { break }
            popReady()
            let index = top.origin
            guard let first = origins[index].first else { continue }
            origins[index].popFirst()
            origins[index].running += 1
            queuedOrigin[first.id] = nil
            runningOrigin[first.id] = index
            admitted.append(first.id)
            offer(index)
        }
        dropStale()
        return admitted
    }

    /// Forgets a transfer, queued or running (it finished or was cancelled). Returns whether it was known.
    @discardableResult
    mutating func remove(id: UInt64) -> Bool {
        if let index = runningOrigin.removeValue(forKey: id) {
            origins[index].running -= 1
            if origins[index].running == maxPerOrigin - 1 { offer(index) }
            return true
        }
        guard let index = queuedOrigin.removeValue(forKey: id) else { return false }
        let wasFirst = origins[index].first?.id == id
        if wasFirst {
            origins[index].popFirst()
            offer(index)
            dropStale()
        } else if let position = origins[index].queued[origins[index].head...].firstIndex(where: { $0.id == id }) {
            origins[index].queued.remove(at: position)
        }
        return true
    }

    // MARK: - The heap of origins that may start one more

    /// Puts origin `index` on the heap when it has a queued transfer and room under its limit.
    private mutating func offer(_ index: Int) {
        guard origins[index].running < maxPerOrigin, let first = origins[index].first else { return }
        ready.append((arrival: first.arrival, origin: index))
        var child = ready.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard ready[child].arrival < ready[parent].arrival else { break }
            ready.swapAt(child, parent)
            child = parent
        }
    }

    /// Whether a heap entry still names its origin's head, with room to start it.
    private func isCurrent(_ entry: (arrival: UInt64, origin: Int)) -> Bool {
        origins[entry.origin].running < maxPerOrigin && origins[entry.origin].first?.arrival == entry.arrival
    }

    /// Pops entries from the top until the top is current (or the heap is empty).
    private mutating func dropStale() {
        while let top = ready.first, !isCurrent(top) { popReady() }
    }

    /// Removes the top of the heap.
    private mutating func popReady() {
        let last = ready.removeLast()
        guard !ready.isEmpty else { return }
        ready[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < ready.count else { break }
            let right = left + 1
            let child = right < ready.count && ready[right].arrival < ready[left].arrival ? right : left
            guard ready[child].arrival < ready[parent].arrival else { break }
            ready.swapAt(child, parent)
            parent = child
        }
    }
}
