internal import RiffleBytes

/// Builds a flattened `YAMLTree` from parser events, enforcing the limits as it goes.
///
/// Pure Swift, fed by `YAMLDocument` (the only code that talks to libyaml). Nodes are appended to one
/// array as their events arrive; a collection's children wait on one shared stack (`open`) until it ends,
/// then move to the tree's child array in one range. Aliases are resolved here: an alias must follow the
/// end of its anchored node, which also rules out cycles (`&x [*x]`). Each alias adds the size of what it
/// stands for to a running total, so an alias bomb stops at the limit rather than after reading a billion
/// nodes; depth counts the nesting an alias brings along too.
struct TreeBuilder {
    /// A fatal problem: parsing stops here.
    struct Failure: Error {
        var message: String
        var mark: Mark
    }

    /// A problem that does not stop parsing (a duplicate key).
    struct Problem {
        var message: String
        var mark: Mark
        var path: ConfigPath
    }

    /// An anchored node: its entry, size (nodes) and height (nested collections).
    private struct Anchored {
        var entry: Int32
        var size: Int
        var height: Int
    }

    /// Where a collection sits in its parent: the step from the parent's key path to its own. Kept as a
    /// step (a key as its entry), and rendered into a path only for a problem, because rendering one per
    /// collection cost more than building the collection.
    private enum Step {
        /// The root, or a collection used as a key (which has its mapping's path).
        case none
        case key(Int32)
        case index(Int)
    }

    /// A collection being built.
    private struct Frame {
        /// Its entry, whose child range is filled in when it ends.
        var entry: Int32
        var isMapping: Bool
        var step: Step
        /// Where its children start on `open` (a mapping's kept keys and values alternate).
        var first: Int
        /// The entry of the key whose value comes next.
        var pendingKey: Int32?
        /// The pending key repeats an earlier one or is not a string: its value is dropped (the first
        /// one wins).
        var dropValue = false
        /// The keys of a large mapping, each with its position; a small mapping's keys are looked up on
        /// `open` (every key so far is there when the next key arrives).
        var keys: [String: Mark]?
        var size = 1
        var height = 1
    }

    let limits: ParseLimits
    private var tree = YAMLTree()
    /// The children of every open collection, the innermost's last.
    private var open: [Int32] = []
    private var stack: [Frame] = []
    private var anchors: [String: Anchored] = [:]
    private var expanded = 0
    private var documents = 0
    private var rootEntry: Int32?
    private(set) var problems: [Problem] = []

    /// A builder for a file of `inputSize` bytes (which sizes its arrays).
    init(limits: ParseLimits, inputSize: Int) {
        self.limits = limits
        // Room for one node per 8 bytes of the file (a configuration file has about one per 12), and about
        // as many scalar bytes as file bytes: growing an array this size copies it, and the allocator
        // may hand the old block back to the system and fault the new one in page by page on every parse.
        tree.entries.reserveCapacity(inputSize / 8 + 8)
        tree.children.reserveCapacity(inputSize / 8 + 8)
        tree.bytes.reserveCapacity(inputSize)
    }

    /// The finished tree's root, `nil` when the stream held no document.
    func root() -> YAMLNode? {
        guard let rootEntry else { return nil }
        return YAMLNode(YAMLTree.Shared(tree), at: rootEntry)
    }

    mutating func startDocument(at mark: Mark) throws(Failure) {
        documents += 1
        if documents > 1 {
            throw Failure(message: "a second YAML document; a configuration file holds one", mark: mark)
        }
    }

    /// A scalar whose text is `text` as libyaml delivered it; with `restoring`, placeholder braces that
    /// `PlaceholderBraces` shielded become braces again.
    mutating func scalar(
        _ text: UnsafeBufferPointer<UInt8>, style: YAMLScalarStyle, tag: String?, anchor: String?, at mark: Mark,
        restoring: Bool
    ) throws(Failure) {
        let start = tree.bytes.count
        let (isASCII, hasDollar) = ByteScan.asciiAndDollar(text)
        if restoring && !isASCII {
            PlaceholderBraces.restore(text, into: &tree.bytes)
        } else {
            tree.bytes.append(contentsOf: text)
        }
        guard tree.bytes.count <= Int(Int32.max) else { throw Failure(message: "the file is too large", mark: mark) }
        let entry = try append(
            .scalar, style: style, isASCII: isASCII, hasDollar: hasDollar, start: start,
            count: tree.bytes.count - start, tag: tag, anchor: anchor, at: mark)
        finish(entry, size: 1, height: 0, anchor: anchor)
    }

    mutating func alias(_ name: String, at mark: Mark) throws(Failure) {
        guard let target = anchors[name] else {
            throw Failure(
                message: "unknown alias *\(name) (an alias must come after its anchor &\(name) ends)", mark: mark)
        }
        expanded += target.size
        if expanded > limits.maxAliasExpansion {
            throw Failure(
                message: "aliases expand to more than \(limits.maxAliasExpansion) nodes (an alias bomb?)", mark: mark)
        }
        if stack.count + target.height > limits.maxDepth {
            throw Failure(message: "nesting deeper than \(limits.maxDepth) levels", mark: mark)
        }
        let entry = try append(
            .alias, style: .plain, isASCII: true, start: Int(target.entry), count: 0, tag: nil, anchor: nil, at: mark)
        attach(entry, size: target.size, height: target.height)
    }

    mutating func startCollection(isMapping: Bool, tag: String?, anchor: String?, at mark: Mark) throws(Failure) {
        if stack.count >= limits.maxDepth {
            throw Failure(message: "nesting deeper than \(limits.maxDepth) levels", mark: mark)
        }
        let step = childStep()
        let entry = try append(
            isMapping ? .mapping : .sequence, style: .plain, isASCII: true, start: 0, count: 0, tag: tag,
            anchor: anchor, at: mark)
        stack.append(Frame(entry: entry, isMapping: isMapping, step: step, first: open.count))
    }

    mutating func endCollection() {
        guard let frame = stack.popLast() else { return }
        tree.entries[Int(frame.entry)].start = Int32(tree.children.count)
        tree.entries[Int(frame.entry)].count = Int32(open.count - frame.first)
        tree.children.append(contentsOf: open[frame.first...])
        open.removeSubrange(frame.first...)
        let anchor = tree.name(tree.entries[Int(frame.entry)].anchor)
        finish(frame.entry, size: frame.size, height: frame.height, anchor: anchor)
    }

    /// Appends an entry; its index.
    private mutating func append(
        _ kind: YAMLTree.Kind, style: YAMLScalarStyle, isASCII: Bool, hasDollar: Bool = false, start: Int, count: Int,
        tag: String?, anchor: String?, at mark: Mark
    ) throws(Failure) -> Int32 {
        guard tree.entries.count < Int(Int32.max) else { throw Failure(message: "the file is too large", mark: mark) }
        tree.entries.append(
            YAMLTree.Entry(
                kind: kind, style: style, isASCII: isASCII, hasDollar: hasDollar, line: Int32(clamping: mark.line),
                column: Int32(clamping: mark.column), start: Int32(start), count: Int32(count), tag: intern(tag),
                anchor: intern(anchor)))
        return Int32(tree.entries.count - 1)
    }

    /// `name`'s index in `names`, -1 for none. Inlined: called twice for every node, nearly always with
    /// none.
    @inline(__always)
    private mutating func intern(_ name: String?) -> Int32 {
        guard let name else { return -1 }
        tree.names.append(name)
        return Int32(tree.names.count - 1)
    }

    /// Where the next node to arrive sits in the collection on top of the stack.
    private func childStep() -> Step {
        guard let top = stack.last else { return .none }
        if top.isMapping {
            guard let key = top.pendingKey else { return .none }
            return .key(key)
        }
        return .index(open.count - top.first)
    }

    /// The key path of the collection at `depth` in the stack.
    private func path(ofFrameAt depth: Int) -> ConfigPath {
        var path = ConfigPath()
        for frame in stack[...depth] {
            switch frame.step {
            case .none: break
            case .key(let key): path = path.key(tree.text(of: key) ?? "?")
            case .index(let index): path = path.index(index)
            }
        }
        return path
    }

    /// Mappings up to this size look a new key up among their pairs rather than in `Frame.keys`.
    private static let searchedInOrder = 16

    /// Where the scalar `key` (an entry) first appears among the keys of the mapping
    /// on top of the stack, if it does.
    private mutating func firstMark(ofKey key: Int32, top: Int) -> Mark? {
        let first = stack[top].first
        let pairs = (open.count - first) / 2
        if stack[top].keys == nil && pairs > Self.searchedInOrder {
            var keys: [String: Mark] = [:]
            for pair in 0..<pairs {
                let entry = open[first + 2 * pair]
                if let text = tree.text(of: entry), keys[text] == nil { keys[text] = tree.entries[Int(entry)].mark }
            }
            stack[top].keys = keys
        }
        if let keys = stack[top].keys { return tree.text(of: key).flatMap { keys[$0] } }
        return tree.firstSameText(as: key, among: open, first: first, pairs: pairs).map { tree.entries[Int($0)].mark }
    }

    private mutating func finish(_ entry: Int32, size: Int, height: Int, anchor: String?) {
        if let anchor { anchors[anchor] = Anchored(entry: entry, size: size, height: height) }
        attach(entry, size: size, height: height)
    }

    private mutating func attach(_ entry: Int32, size: Int, height: Int) {
        guard !stack.isEmpty else {
            rootEntry = entry
            return
        }
        let top = stack.count - 1
        stack[top].size += size
        stack[top].height = max(stack[top].height, height + 1)
        guard stack[top].isMapping else {
            open.append(entry)
            return
        }
        if let key = stack[top].pendingKey {
            if !stack[top].dropValue {
                open.append(key)
                open.append(entry)
            }
            stack[top].pendingKey = nil
            stack[top].dropValue = false
            return
        }
        stack[top].pendingKey = entry
        let mark = tree.entries[Int(entry)].mark
        let kind = tree.kind(of: entry)
        guard kind == .scalar else {
            problems.append(
                Problem(
                    message: "a key must be a string, not \(kind == .sequence ? "a list" : "a mapping")", mark: mark,
                    path: path(ofFrameAt: top)))
            stack[top].dropValue = true
            return
        }
        if let first = firstMark(ofKey: entry, top: top) {
            let text = tree.text(of: entry) ?? "?"
            problems.append(
                Problem(
                    message: "duplicate key \(Quote.text(text)) (first at \(first))", mark: mark,
                    path: path(ofFrameAt: top).key(text)))
            stack[top].dropValue = true
        } else if stack[top].keys != nil, let text = tree.text(of: entry) {
            stack[top].keys?[text] = mark
        }
    }
}
