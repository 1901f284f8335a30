import RiffleCore
import Testing

@testable import RiffleHTTP

/// `AdmissionQueue` against the plain rule it implements, written the obvious way (a scan of everything
/// queued, in arrival order): the same ids start at every step, whatever is queued, started or removed.
@Suite struct AdmissionQueueTests {
    /// The rule, slowly: transfers start in arrival order, skipping those whose origin is at its limit.
    struct Model {
        let maxInFlight: Int
        let maxPerOrigin: Int
        var pending: [(id: UInt64, origin: String)] = []
        var running: [UInt64: String] = [:]

        func count(_ origin: String) -> Int { running.values.filter { $0 == origin }.count }

        mutating func admit() -> [UInt64] {
            var admitted: [UInt64] = []
            var index = 0
            while index < pending.count, running.count < maxInFlight {
                let candidate = pending[index]
                if count(candidate.origin) < maxPerOrigin {
                    pending.remove(at: index)
                    running[candidate.id] = candidate.origin
                    admitted.append(candidate.id)
                } else {
                    index += 1
                }
            }
            return admitted
        }

        mutating func remove(_ id: UInt64) -> Bool {
            if running.removeValue(forKey: id) != nil { return true }
            guard let index = pending.firstIndex(where: { $0.id == id }) else { return false }
            pending.remove(at: index)
            return true
        }

        var canAdmit: Bool { running.count < maxInFlight && pending.contains { count($0.origin) < maxPerOrigin } }
    }

    @Test func arrivalOrderAcrossOrigins() {
        var queue = AdmissionQueue(maxInFlight: 4, maxPerOrigin: 2)
        for (id, origin) in [(1, "a"), (2, "a"), (3, "a"), (4, "b"), (5, "c"), (6, "b"), (7, "c")] {
            queue.enqueue(id: UInt64(id), origin: origin)
        }
        #expect(queue.admit() == [1, 2, 4, 5])
        queue.remove(id: 1)
        #expect(queue.admit() == [3])  // "a" has room again, and 3 came before 6 and 7
        let removedQueued = queue.remove(id: 6)  // cancelled while queued: not the head of its origin
        #expect(removedQueued)
        queue.remove(id: 4)
        #expect(queue.admit() == [7])
        #expect(queue.queuedCount == 0)
        #expect(queue.inFlightCount == 4)
        #expect(!queue.canAdmit)
    }

    @Test func sameAnswersAsTheScanUnderRandomTraffic() {
        var generator = SplitMix64(seed: 17)  // the same traffic every run
        for round in 0..<40 {
            let maxInFlight = Int.random(in: 1...8, using: &generator)
            let maxPerOrigin = Int.random(in: 1...4, using: &generator)
            var queue = AdmissionQueue(maxInFlight: maxInFlight, maxPerOrigin: maxPerOrigin)
            var model = Model(maxInFlight: max(1, maxInFlight), maxPerOrigin: max(1, maxPerOrigin))
            var nextID: UInt64 = 1
            for step in 0..<400 {
                switch Int.random(in: 0..<10, using: &generator) {
                case 0..<5:
                    let origin = "o\(Int.random(in: 0..<5, using: &generator))"
                    queue.enqueue(id: nextID, origin: origin)
                    model.pending.append((nextID, origin))
                    nextID += 1
                case 5..<7:
                    let admitted = (queue: queue.admit(), model: model.admit())
                    #expect(admitted.queue == admitted.model, "round \(round), step \(step)")
                default:
                    let id = UInt64.random(in: 1...max(1, nextID), using: &generator)
                    let removed = (queue: queue.remove(id: id), model: model.remove(id))
                    #expect(removed.queue == removed.model, "round \(round), step \(step)")
                }
                #expect(queue.canAdmit == model.canAdmit, "round \(round), step \(step)")
                #expect(queue.queuedCount == model.pending.count)
                #expect(queue.inFlightCount == model.running.count)
                for origin in ["o0", "o1", "o2", "o3", "o4"] {
                    #expect(queue.inFlight(origin: origin) == model.count(origin))
                }
            }
        }
    }
}
