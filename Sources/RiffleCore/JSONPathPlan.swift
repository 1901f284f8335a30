/// Dotted paths compiled once (per source) and looked up together: each segment's bytes, ASCII-ness and
/// array position are known beforehand, and the paths share a tree of their segments, so the members an
/// object is asked for (an item's `id`, `title`, `url`, … under one `node`) are all found in ONE pass
/// over its members instead of one pass per field, each re-checking its name (issue 17: `memberIndex`
/// was ~3,000 instructions an item).
///
/// The answers are `JSONNode.select`'s: a member is the last one of that name, names compare as
/// `memberIndex` compares them (bytes when both are ASCII, else as Swift strings), the walk goes through
/// objects while segments remain, and what is left of a path after a non-object is walked as `select`
/// walks it (arrays indexed or collected).
public struct JSONPathPlan: Sendable {
    /// One segment of a path, with what its lookups need known once.
    struct Segment: Sendable {
        /// The segment as written.
        let name: String
        /// Its UTF-8.
        let utf8: [UInt8]
        /// Whether every byte is ASCII (then an ASCII member name is compared as bytes).
        let isASCII: Bool
        /// The array position it names (`Int(name)`), else `nil`.
        let position: Int?

        init(_ name: String) {
            self.name = name
            utf8 = Array(name.utf8)
            isASCII = utf8.allSatisfy { $0 < 0x80 }
            position = Int(name)
        }
    }

    /// One node of the tree of segments: the paths that end here and the segments that go on from here.
    struct Step: Sendable {
        /// The segments taken from this step's value, one per child (distinct names).
        var segments: [Segment] = []
        /// The child step of each segment, as indices into `steps`.
        var children: [Int] = []
        /// The paths whose segments all lie on the way to here.
        var ends: [Int] = []
        /// Every path going through a child, for marking them together.
        var below: [Int] = []
        /// The segments on the way here.
        var depth = 0
    }

    /// Where a path's walk through objects stopped: the tape index of the value reached and the segments
    /// taken to reach it, or `missing` when an object on the way had no such member.
    public struct Stop: Sendable, Equatable {
        var index: Int32
        var taken: Int32

        static let missing = Stop(index: -1, taken: 0)
    }

    /// The compiled paths, in the order given.
    let paths: [[Segment]]
    /// The tree of their segments; `steps[0]` is the node the plan is applied to.
    let steps: [Step]

    /// Compiles `paths` (each a dotted path's segments); the answers come by their place in this list.
    public init(_ paths: [[String]]) {
        var steps = [Step()]
        for (path, segments) in paths.enumerated() {
            var at = 0
            for (depth, name) in segments.enumerated() {
                steps[at].below.append(path)
                if let child = steps[at].segments.firstIndex(where: { $0.name == name }) {
                    at = steps[at].children[child]
                } else {
                    var step = Step()
                    step.depth = depth + 1
                    steps.append(step)
                    steps[at].segments.append(Segment(name))
                    steps[at].children.append(steps.count - 1)
                    at = steps.count - 1
                }
            }
            steps[at].ends.append(path)
        }
        self.paths = paths.map { $0.map(Segment.init) }
        self.steps = steps
    }

    /// Walks every path through the objects of `node` at once, filling `stops` (one per path; resized
    /// when it has another count, else reused for the next node).
    public func locate(in node: JSONNode, into stops: inout [Stop]) {
        if stops.count != paths.count { stops = Array(repeating: .missing, count: paths.count) }
        let document = node.document
        document.entries.withUnsafeBufferPointer { entries in
            document.bytes.withUnsafeBufferPointer { bytes in
                stops.withUnsafeMutableBufferPointer { stops in
                    // The members found per step, nested as the walk is: at most one slot per step.
                    withUnsafeTemporaryAllocation(of: Int.self, capacity: steps.count) { found in
                        var top = 0
                        walk(
                            0, at: node.index, document: document, entries: entries, bytes: bytes, found: found,
                            top: &top, stops: stops)
                    }
                }
            }
        }
    }

    /// Fills the stops of the paths through step `stepIndex`, whose value is the tape entry `at`; `found`
    /// from `top` on is free for the members this step and the ones below it look up.
    private func walk(
        _ stepIndex: Int, at: Int, document: JSONDocument, entries: UnsafeBufferPointer<JSONDocument.Entry>,
        bytes: UnsafeBufferPointer<UInt8>, found: UnsafeMutableBufferPointer<Int>, top: inout Int,
        stops: UnsafeMutableBufferPointer<Stop>
    ) {
        let step = steps[stepIndex]
        let here = Stop(index: Int32(truncatingIfNeeded: at), taken: Int32(truncatingIfNeeded: step.depth))
        for path in step.ends { stops[path] = here }
        guard !step.segments.isEmpty else { return }
        guard entries[at].kind == .object else {
            // `select` stops at a value that is not an object: the rest of each path goes on from here.
            for path in step.below { stops[path] = here }
            return
        }
        let base = top
        top += step.segments.count
        let slots = UnsafeMutableBufferPointer(rebasing: found[base..<top])
        slots.initialize(repeating: -1)
        JSONNode.members(of: at, named: step.segments, document: document, entries: entries, bytes: bytes, found: slots)
        for (child, childStep) in step.children.enumerated() {
            let member = slots[child]
            if member < 0 {
                for path in steps[childStep].ends { stops[path] = .missing }
                for path in steps[childStep].below { stops[path] = .missing }
            } else {
                walk(
                    childStep, at: member, document: document, entries: entries, bytes: bytes, found: found,
                    top: &top, stops: stops)
            }
        }
        top = base
    }

    /// What `node.select(path's segments)` gives, from the stops `locate(in: node, …)` filled.
    public func select(_ path: Int, in node: JSONNode, stops: [Stop]) -> JSONNode.Selection? {
        let stop = stops[path]
        guard stop.index >= 0 else { return nil }
        let found = JSONNode(document: node.document, index: Int(stop.index))
        return found.selectInArrays(paths[path][Int(stop.taken)...])
    }

    /// Calls `body` with each value whose text `node.scalarTexts(at: path's segments)` takes, from the
    /// stops `locate(in: node, …)` filled.
    func forEachScalar(_ path: Int, in node: JSONNode, stops: [Stop], _ body: (JSONNode) -> Void) {
        let stop = stops[path]
        guard stop.index >= 0 else { return }
        JSONNode(document: node.document, index: Int(stop.index)).forEachScalar(
            at: paths[path][Int(stop.taken)...], body)
    }
}
