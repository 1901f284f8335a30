/// The ids one source sent in its last few pages, with their times, so that an item sent again (offset
/// paging over data that changed, a keyset page that overlaps) is recognised. Bounded to a few pages:
/// memory stays O(page size), never O(items).
struct DedupWindow: Sendable {
    private var times: [String: (time: Timestamp, page: Int)] = [:]
    private var pages: [[String]] = []
    private var pageSerial = 0
    let capacity: Int

    init(pages capacity: Int) { self.capacity = capacity }

    func time(of id: String) -> Timestamp? { times[id]?.time }

    /// Starts remembering a new page, forgetting the oldest beyond capacity.
    mutating func beginPage() {
        pageSerial += 1
        pages.append([])
        if pages.count > capacity {
            let oldest = pages.removeFirst()
            let oldestSerial = pageSerial - capacity
            for id in oldest where times[id]?.page == oldestSerial { times[id] = nil }
        }
    }

    mutating func remember(_ id: String, at time: Timestamp) {
        times[id] = (time, pageSerial)
        pages[pages.count - 1].append(id)
    }
}
