/// Builds a `YAMLNode` tree from parser events, enforcing the limits as it goes.
///
/// Pure Swift, fed by `YAMLDocument` (the only code that talks to libyaml). Aliases are resolved here:
/// an alias must follow the end of its anchored node, which also rules out cycles (`&x [*x]`). Each alias
/// adds the size of what it copies to a running total, so an alias bomb stops at the limit rather than
/// after materialising a billion nodes; depth counts the nesting an alias brings along too.
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

    /// A finished node with its size (nodes) and height (nested collections).
    private struct Built {
        var node: YAMLNode
        var size: Int
        var height: Int
    }

    /// Where a collection sits in its parent: the step from the parent's key path to its own. Kept as a
    /// step, and rendered into a path only for a problem, because rendering one per collection cost more
    /// than building the collection.
    private enum Step {
        /// The root, or a collection used as a key (which has its mapping's path).
        case none
        case key(String)
        case index(Int)
    }

    /// A collection being built.
    private struct Frame {
        var isMapping: Bool
        var mark: Mark
        var tag: String?
        var anchor: String?
        var step: Step
        var elements: [YAMLNode] = []
        var pairs: [YAMLPair] = []
        var pendingKey: YAMLNode?
        /// The pending key repeats an earlier one: its value is dropped (the first one wins).
        var dropValue = false
        /// The keys of a large mapping, each with its position; a small mapping's keys are looked up in
        /// `pairs` (every key so far is there when the next key arrives).
        var keys: [String: Mark]?
        var size = 1
        var height = 1
    }

    let limits: ParseLimits
    private var stack: [Frame] = []
    private var anchors: [String: Built] = [:]
    private var expanded = 0
    private var documents = 0
    private(set) var root: YAMLNode?
    private(set) var problems: [Problem] = []

    init(limits: ParseLimits) {
        self.limits = limits
    }

    mutating func startDocument(at mark: Mark) throws(Failure) {
        documents += 1
        if documents > 1 {
            throw Failure(message: "a second YAML document; a configuration file holds one", mark: mark)
        }
    }

    mutating func scalar(_ scalar: YAMLScalar, tag: String?, anchor: String?, at mark: Mark) {
        let node = YAMLNode(content: .scalar(scalar), mark: mark, tag: tag, anchor: anchor)
        finish(Built(node: node, size: 1, height: 0))
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
        var node = target.node
        node.mark = mark
        attach(Built(node: node, size: target.size, height: target.height))
    }

    mutating func startCollection(isMapping: Bool, tag: String?, anchor: String?, at mark: Mark) throws(Failure) {
        if stack.count >= limits.maxDepth {
            throw Failure(message: "nesting deeper than \(limits.maxDepth) levels", mark: mark)
        }
        var frame = Frame(isMapping: isMapping, mark: mark, tag: tag, anchor: anchor, step: childStep())
        // Room for a typical mapping from the start: growing it 1, 2, 4, 8 copied every pair each time.
        if isMapping { frame.pairs.reserveCapacity(8) } else { frame.elements.reserveCapacity(4) }
        stack.append(frame)
    }

    mutating func endCollection() {
        guard let frame = stack.popLast() else { return }
        let content: YAMLNode.Content = frame.isMapping ? .mapping(frame.pairs) : .sequence(frame.elements)
        let node = YAMLNode(content: content, mark: frame.mark, tag: frame.tag, anchor: frame.anchor)
        finish(Built(node: node, size: frame.size, height: frame.height))
    }

    /// Where the next node to arrive sits in the collection on top of the stack.
    private func childStep() -> Step {
        guard let top = stack.last else { return .none }
        if top.isMapping {
            guard let key = top.pendingKey else { return .none }
            return .key(key.scalar?.value ?? "?")
        }
        return .index(top.elements.count)
    }

    /// The key path of the collection at `depth` in the stack.
    private func path(ofFrameAt depth: Int) -> ConfigPath {
        var path = ConfigPath()
        for frame in stack[...depth] {
            switch frame.step {
            case .none: break
            case .key(let key): path = path.key(key)
            case .index(let index): path = path.index(index)
            }
        }
        return path
    }

    /// Mappings up to this size look a new key up among their pairs rather than in `Frame.keys`.
    private static let searchedInOrder = 16

    /// Where `key` first appears in the mapping on top of the stack, if it does.
    private mutating func firstMark(ofKey key: String, top: Int) -> Mark? {
        if stack[top].keys == nil && stack[top].pairs.count > Self.searchedInOrder {
            var keys: [String: Mark] = [:]
            for pair in stack[top].pairs {
                if let text = pair.key.scalar?.value, keys[text] == nil { keys[text] = pair.key.mark }
            }
            stack[top].keys = keys
        }
        if let keys = stack[top].keys { return keys[key] }
        return stack[top].pairs.first { $0.key.scalar?.value == key }?.key.mark
    }

    private mutating func finish(_ built: Built) {
        if let anchor = built.node.anchor { anchors[anchor] = built }
        attach(built)
    }

    private mutating func attach(_ built: Built) {
        guard !stack.isEmpty else {
            root = built.node
            return
        }
        let top = stack.count - 1
        stack[top].size += built.size
        stack[top].height = max(stack[top].height, built.height + 1)
        guard stack[top].isMapping else {
            stack[top].elements.append(built.node)
            return
        }
        if let key = stack[top].pendingKey {
            if !stack[top].dropValue { stack[top].pairs.append(YAMLPair(key: key, value: built.node)) }
            stack[top].pendingKey = nil
            stack[top].dropValue = false
            return
        }
        let key = built.node
        stack[top].pendingKey = key
        guard let text = key.scalar?.value else {
            problems.append(
                Problem(
                    message: "a key must be a string, not \(key.kindDescription)", mark: key.mark,
                    path: path(ofFrameAt: top)))
            stack[top].dropValue = true
            return
        }
        if let first = firstMark(ofKey: text, top: top) {
            problems.append(
                Problem(
                    message: "duplicate key \(Quote.text(text)) (first at \(first))", mark: key.mark,
                    path: path(ofFrameAt: top).key(text)))
            stack[top].dropValue = true
        } else {
            stack[top].keys?[text] = key.mark
        }
    }
}
