/// Dotted paths compiled once (per source) and looked up together: each segment's bytes, ASCII-ness and
/// array position are known beforehand, and the paths share a tree of their segments, so the members an
/// object is asked for (an item's `id`, `title`, `url`, … under one `node`) are all found in ONE pass
/// over its members instead of one pass per field, each re-checking its name.
///
/// The answers are `JSONNode.select`'s: a member is the last one of that name, names compare as
/// `memberIndex` compares them (bytes when both are ASCII, else as Swift strings), the walk goes through
/// objects while segments remain, and what is left of a path after a non-object is walked as `select`
/// walks it (arrays indexed or collected).
package struct JSONPathPlan: Sendable {
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

    /// One node of the tree of segments, as the plan is built: the paths that end here and the segments
    /// that go on from here.
    private struct Node {
        var segments: [Segment] = []
        var children: [Int] = []
        var ends: [Int32] = []
        var below: [Int32] = []
        var depth = 0
    }

    /// One step of the walk, in flat tables of plain integers (no reference counted per lookup): its
    /// children are `children[firstChild..<firstChild + childCount]`, the paths ending here and the
    /// paths going on through a child are runs of `pathLists`.
    struct Step: Sendable {
        var firstChild: Int32
        var childCount: Int32
        var firstEnd: Int32
        var endCount: Int32
        var firstBelow: Int32
        var belowCount: Int32
        var depth: Int32
        /// Whether every child's name is ASCII (then an ASCII member name is only ever compared as bytes).
        var allASCII: Bool
        /// The step's hash table of its children's names: `slots[firstSlot...]`, `1 << (64 - slotShift)` of them
        /// (`JSONPathPlan.slot`).
        var firstSlot: Int32
        var slotShift: Int32
    }

    /// A segment going on from a step: its bytes are `nameBytes[start..<start + count]`, its name as a
    /// `String` is `names[name]` (for names compared as strings), its step `steps[step]`.
    struct Child: Sendable {
        var step: Int32
        var start: Int32
        var count: Int32
        var name: Int32
        var isASCII: Bool
        /// The name's first eight bytes (fewer when shorter), little-endian: most names are told apart by this
        /// one compare (`JSONPathPlan.head`).
        var head: UInt64
    }

    /// The compiled paths, in the order given.
    let paths: [[Segment]]
    /// The tree of their segments; `steps[0]` is the node the plan is applied to.
    let steps: [Step]
    let children: [Child]
    let nameBytes: [UInt8]
    let names: [String]
    let pathLists: [Int32]
    /// The steps' hash tables: each slot holds a child's index in `children` plus one, or 0 when empty. An
    /// ASCII member name is looked up here among a step's ASCII children, one probe or two, instead of
    /// being compared with each child in turn (an issue of GitLab's has eleven fields, a launch of SpaceX's
    /// nine, and each member of the object was tried against all of them).
    let slots: [Int32]

    /// Where a path's walk through objects stopped: the tape index of the value reached and the segments
    /// taken to reach it, or `missing` when an object on the way had no such member.
    package struct Stop: Sendable, Equatable {
        var index: Int32
        var taken: Int32

        static let missing = Stop(index: -1, taken: 0)
    }

    /// Compiles `paths` (each a dotted path's segments); the answers come by their place in this list.
    package init(_ paths: [[String]]) {
        var nodes = [Node()]
        for (path, segments) in paths.enumerated() {
            var at = 0
            for (depth, name) in segments.enumerated() {
                nodes[at].below.append(Int32(path))
                if let child = nodes[at].segments.firstIndex(where: { $0.name == name }) {
                    at = nodes[at].children[child]
                } else {
                    var node = Node()
                    node.depth = depth + 1
                    nodes.append(node)
                    nodes[at].segments.append(Segment(name))
                    nodes[at].children.append(nodes.count - 1)
                    at = nodes.count - 1
                }
            }
            nodes[at].ends.append(Int32(path))
        }
        var steps: [Step] = []
        var children: [Child] = []
        var nameBytes: [UInt8] = []
        var names: [String] = []
        var pathLists: [Int32] = []
        var slots: [Int32] = []
        for node in nodes {
            // At least four slots per child, so probes are short and always meet an empty slot.
            var bits = 2
            while 1 << bits < node.children.count * 4 { bits += 1 }
            let firstSlot = slots.count
            slots.append(contentsOf: repeatElement(0, count: node.children.isEmpty ? 0 : 1 << bits))
            for (offset, segment) in node.segments.enumerated() {
                let head = segment.utf8.withUnsafeBufferPointer { Self.head($0[...]) }
                var slot = Self.slot(head: head, count: segment.utf8.count, shift: 64 - bits)
                while slots[firstSlot + slot] != 0 { slot = (slot + 1) & ((1 << bits) - 1) }
                slots[firstSlot + slot] = Int32(children.count + offset + 1)
            }
            steps.append(
                Step(
                    firstChild: Int32(children.count), childCount: Int32(node.children.count),
                    firstEnd: Int32(pathLists.count), endCount: Int32(node.ends.count),
                    firstBelow: Int32(pathLists.count + node.ends.count), belowCount: Int32(node.below.count),
                    depth: Int32(node.depth), allASCII: node.segments.allSatisfy(\.isASCII),
                    firstSlot: Int32(firstSlot), slotShift: Int32(64 - bits)))
            pathLists.append(contentsOf: node.ends)
            pathLists.append(contentsOf: node.below)
            for (segment, child) in zip(node.segments, node.children) {
                children.append(
                    Child(
                        step: Int32(child), start: Int32(nameBytes.count), count: Int32(segment.utf8.count),
                        name: Int32(names.count), isASCII: segment.isASCII,
                        head: segment.utf8.withUnsafeBufferPointer { Self.head($0[...]) }))
                nameBytes.append(contentsOf: segment.utf8)
                names.append(segment.name)
            }
        }
        self.paths = paths.map { $0.map(Segment.init) }
        self.steps = steps
        self.children = children
        self.nameBytes = nameBytes
        self.names = names
        self.pathLists = pathLists
        self.slots = slots
    }

    /// The slot of a name in a step's table (`1 << (64 - shift)` slots), from its first eight bytes and its length.
    @inline(__always)
    static func slot(head: UInt64, count: Int, shift: Int) -> Int {
        Int(
            truncatingIfNeeded: ((head &+ UInt64(truncatingIfNeeded: count)) &* 0x9E37_79B9_7F4A_7C15) &>> UInt64(shift)
        )
    }

    /// The plan's tables and the document's buffers, borrowed for one `locate`.
    private struct Walk {
        let steps: UnsafeBufferPointer<Step>
        let children: UnsafeBufferPointer<Child>
        let nameBytes: UnsafeBufferPointer<UInt8>
        let pathLists: UnsafeBufferPointer<Int32>
        let slots: UnsafeBufferPointer<Int32>
        let entries: UnsafeBufferPointer<JSONDocument.Entry>
        let bytes: UnsafeBufferPointer<UInt8>
        let stops: UnsafeMutableBufferPointer<Stop>
        /// The members found per step, nested as the walk is: at most one slot per step.
        let found: UnsafeMutableBufferPointer<Int>
    }

    /// Walks every path through the objects of `node` at once, filling `stops` (one per path; resized
    /// when it has another count, else reused for the next node).
    package func locate(in node: JSONNode, into stops: inout [Stop]) {
        if stops.count != paths.count { stops = Array(repeating: .missing, count: paths.count) }
        let document = node.document
        steps.withUnsafeBufferPointer { steps in
            children.withUnsafeBufferPointer { children in
                nameBytes.withUnsafeBufferPointer { nameBytes in
                    pathLists.withUnsafeBufferPointer { pathLists in
                        slots.withUnsafeBufferPointer { slots in
                            document.entries.withUnsafeBufferPointer { entries in
                                document.bytes.withUnsafeBufferPointer { bytes in
                                    stops.withUnsafeMutableBufferPointer { stops in
                                        withUnsafeTemporaryAllocation(of: Int.self, capacity: steps.count) { found in
                                            let walk = Walk(
                                                steps: steps, children: children, nameBytes: nameBytes,
                                                pathLists: pathLists, slots: slots, entries: entries, bytes: bytes,
                                                stops: stops, found: found)
                                            var top = 0
                                            self.walk(0, at: node.index, walk, document: document, top: &top)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Sets the stop of every path in `pathLists[first..<first + count]`.
    @inline(__always)
    private static func mark(_ first: Int32, _ count: Int32, _ stop: Stop, _ walk: Walk) {
        var at = Int(first)
        let end = at + Int(count)
        while at < end {
            walk.stops[Int(walk.pathLists[at])] = stop
            at += 1
        }
    }

    /// Fills the stops of the paths through step `stepIndex`, whose value is the tape entry `at`; `found`
    /// from `top` on is free for the members this step and the ones below it look up.
    private func walk(_ stepIndex: Int, at: Int, _ walk: Walk, document: JSONDocument, top: inout Int) {
        let step = walk.steps[stepIndex]
        let here = Stop(index: Int32(truncatingIfNeeded: at), taken: step.depth)
        Self.mark(step.firstEnd, step.endCount, here, walk)
        guard step.childCount > 0 else { return }
        guard walk.entries[at].kind == .object else {
            // `select` stops at a value that is not an object: the rest of each path goes on from here.
            Self.mark(step.firstBelow, step.belowCount, here, walk)
            return
        }
        let base = top
        top += Int(step.childCount)
        let slots = UnsafeMutableBufferPointer(rebasing: walk.found[base..<top])
        slots.initialize(repeating: -1)
        let first = Int(step.firstChild)
        members(of: at, step: step, walk, document: document, found: slots)
        for slot in 0..<Int(step.childCount) {
            let child = walk.steps[Int(walk.children[first + slot].step)]
            let member = slots[slot]
            if member < 0 {
                Self.mark(child.firstEnd, child.endCount, .missing, walk)
                Self.mark(child.firstBelow, child.belowCount, .missing, walk)
            } else if child.childCount == 0 {
                // A leaf (most of an item's fields): what `walk` does for it — its paths end here — without the call.
                Self.mark(
                    child.firstEnd, child.endCount, Stop(index: Int32(truncatingIfNeeded: member), taken: child.depth),
                    walk)
            } else {
                self.walk(Int(walk.children[first + slot].step), at: member, walk, document: document, top: &top)
            }
        }
        top = base
    }

    /// The first eight bytes of `bytes` (all of them when fewer, the rest zero), little-endian.
    @inline(__always)
    static func head(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> UInt64 {
        let count = min(bytes.count, 8)
        // One load when eight bytes lie there in the buffer (a name is followed by its quote and more).
        if let base = bytes.base.baseAddress, bytes.startIndex + 8 <= bytes.base.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + bytes.startIndex).loadUnaligned(as: UInt64.self))
            return count == 8 ? word : word & ((1 &<< UInt64(count &* 8)) &- 1)
        }
        var word: UInt64 = 0
        for offset in 0..<count { word |= UInt64(bytes[bytes.startIndex + offset]) &<< UInt64(offset &* 8) }
        return word
    }

    /// Looks up the segments `children` among the members of the object at tape index `object` in one
    /// pass over them: `found[i]` becomes the tape index of the value of the last member named as the
    /// i-th child (compared as `JSONNode.memberIndex` compares: bytes when both are ASCII, else as
    /// `String`s), and stays as it is when there is none.
    private func members(
        of object: Int, step: Step, _ walk: Walk, document: JSONDocument, found: UnsafeMutableBufferPointer<Int>
    ) {
        let range = Int(step.firstChild)..<Int(step.firstChild) + Int(step.childCount)
        let allASCII = step.allASCII
        let firstSlot = Int(step.firstSlot)
        let shift = Int(step.slotShift)
        let mask = (1 &<< (64 &- shift)) &- 1
        let end = Int(walk.entries[object].next)
        var position = object + 1
        while position < end {
            let key = walk.entries[position]
            if key.kind == .asciiName, allASCII {
                // The common case: ASCII names against ASCII segments, bytes only (no `String` at all).
                let start = Int(key.start) + 1
                let count = Int(key.end) - 1 - start
                let head = Self.head(walk.bytes[start..<(start + count)])
                // Equal names have equal heads and lengths, so the same slot: probe from it to an empty one.
                var slot = Self.slot(head: head, count: count, shift: shift)
                while true {
                    let entry = Int(walk.slots[firstSlot + slot])
                    if entry == 0 { break }
                    let segment = walk.children[entry - 1]
                    if Int(segment.count) == count, segment.head == head {
                        var offset = 8
                        let name = Int(segment.start)
                        while offset < count, walk.bytes[start + offset] == walk.nameBytes[name + offset] {
                            offset += 1
                        }
                        if offset >= count {
                            // Segments of a step have distinct names: no other one is this member's.
                            found[entry - 1 - range.lowerBound] = position + 1
                            break
                        }
                    }
                    slot = (slot + 1) & mask
                }
            } else if key.kind == .asciiName {
                let start = Int(key.start) + 1
                let count = Int(key.end) - 1 - start
                var keyText: String?
                for child in range {
                    let segment = walk.children[child]
                    if segment.isASCII {
                        guard Int(segment.count) == count else { continue }
                        var offset = 0
                        let name = Int(segment.start)
                        while offset < count, walk.bytes[start + offset] == walk.nameBytes[name + offset] {
                            offset += 1
                        }
                        if offset == count { found[child - range.lowerBound] = position + 1 }
                    } else {
                        if keyText == nil { keyText = JSONNode(document: document, index: position).stringValue }
                        if keyText == names[Int(segment.name)] { found[child - range.lowerBound] = position + 1 }
                    }
                }
            } else {
                let keyText = JSONNode(document: document, index: position).stringValue
                for child in range where keyText == names[Int(walk.children[child].name)] {
                    found[child - range.lowerBound] = position + 1
                }
            }
            position = Int(walk.entries[position + 1].next)
        }
    }

    /// Where path `path` ended, from the stops `locate(in: node, …)` filled: `.missing` when an object on
    /// the way lacks a member, `.value(i)` when the walk through objects reached its end at tape index `i`
    /// (what `select` gives as `.node`), `.inArrays` when the rest goes on into arrays (ask `select`).
    func end(of path: Int, stops: [Stop]) -> End {
        let stop = stops[path]
        guard stop.index >= 0 else { return .missing }
        let taken = Int(stop.taken)
        return taken == paths[path].count ? .value(Int(stop.index)) : .inArrays(at: Int(stop.index), taken: taken)
    }

    /// `select(path, in: node, stops: stops)?.scalarText`, without a `Selection` where the path ends in an
    /// object's member.
    package func scalarText(_ path: Int, in node: JSONNode, stops: [Stop]) -> String? {
        switch end(of: path, stops: stops) {
        case .missing: nil
        case .value(let index): JSONNode(document: node.document, index: index).scalarText
        case .inArrays: select(path, in: node, stops: stops)?.scalarText
        }
    }

    /// See `end(of:stops:)`.
    enum End {
        case missing
        case value(Int)
        /// The value at tape index `at` reached through objects, `taken` of the path's segments behind it.
        case inArrays(at: Int, taken: Int)
    }

    /// What `node.select(path's segments)` gives, from the stops `locate(in: node, …)` filled.
    package func select(_ path: Int, in node: JSONNode, stops: [Stop]) -> JSONNode.Selection? {
        switch end(of: path, stops: stops) {
        case .missing: return nil
        // A path walked to its end through objects (an item's fields, mostly) has nothing left to walk.
        case .value(let index): return .node(JSONNode(document: node.document, index: index))
        case .inArrays(let index, let taken):
            return JSONNode(document: node.document, index: index).selectInArrays(paths[path][taken...])
        }
    }

    /// What `node[first][second]…` gives for path `path` (each segment a member of an object, looked up by
    /// the subscript), from the stops `locate(in: node, …)` filled: the value reached through objects alone;
    /// `nil` when an object on the way has no such member or a value on the way is not an object (where
    /// `select` would go on into arrays). The HTTP adapters' fixed fields are read this way.
    package func member(_ path: Int, in node: JSONNode, stops: [Stop]) -> JSONNode? {
        guard case .value(let index) = end(of: path, stops: stops) else { return nil }
        return JSONNode(document: node.document, index: index)
    }

    /// Calls `body` with each value whose text `node.scalarTexts(at: path's segments)` takes, from the stops
    /// `locate(in: node, …)` filled.
    package func forEachScalar(_ path: Int, in node: JSONNode, stops: [Stop], _ body: (JSONNode) -> Void) {
        let stop = stops[path]
        guard stop.index >= 0 else { return }
        let document = node.document
        node.forEachScalar(at: paths[path][Int(stop.taken)...], from: Int(stop.index)) {
            body(JSONNode(document: document, index: $0))
        }
    }
}
