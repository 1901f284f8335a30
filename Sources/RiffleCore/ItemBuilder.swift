package import RiffleBytes

/// Puts an `Item` together in one allocation (`ItemStorage`): each text's UTF-8 is appended to a scratch
/// buffer — straight from the page's bytes when a string there has no escapes and is ASCII — and `build`
/// copies them into the item's buffer. One builder serves a whole page: its buffers are kept between items.
///
/// Its texts are the ones the `String` way gives (`JSONNode.scalarText`, `stringValue`): the adapters
/// read a page through it instead of making a `String` per field.
package struct ItemBuilder {
    private var bytes: [UInt8] = []
    private var title: Range<Int>?
    private var url: Range<Int>?
    private var author: Range<Int>?
    private var summary: Range<Int>?
    private var tags: [Range<Int>] = []
    /// `extra` as JSON text (`appendExtra`), without its closing brace; empty when none was added.
    private var extraJSON: [UInt8] = []
    /// Each member of `extraJSON`: its name and where its text (`"name":value`) starts, in the order added.
    private var extraMembers: [(name: String, start: Int)] = []
    /// Whether a member was added out of `String`'s order, or twice: `build` then sorts them and keeps the
    /// last of each name.
    private var extraUnsorted = false

    /// Which text of a JSON value a field takes.
    package enum Reading: Sendable {
        /// `JSONNode.scalarText`: a string, or a number or boolean as text; empty kept.
        case scalarText
        /// `scalarText` when it is not empty (an empty text is an absent field).
        case nonEmptyText
        /// `JSONNode.stringValue`: strings only; empty kept.
        case string
    }

    package init() {}

    /// A builder whose scratch buffer holds `capacity` bytes before it grows.
    init(reservingCapacity capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Forgets the fields set so far; the buffers are kept for the next item.
    ///
    /// A buffer already empty is left alone: `build` resets and the adapters reset again before each item,
    /// and emptying an array keeping its capacity costs a call even when there is nothing to remove.
    package mutating func reset() {
        if !bytes.isEmpty { bytes.removeAll(keepingCapacity: true) }
        if !tags.isEmpty { tags.removeAll(keepingCapacity: true) }
        if !extraJSON.isEmpty { extraJSON.removeAll(keepingCapacity: true) }
        if !extraMembers.isEmpty { extraMembers.removeAll(keepingCapacity: true) }
        extraUnsorted = false
        title = nil
        url = nil
        author = nil
        summary = nil
    }

    /// Sets `field` to `text`.
    package mutating func set(_ field: Item.TextField, text: String) {
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        assign(field, start..<bytes.count)
    }

    /// Sets `field` to `node`'s text as `reading` takes it; returns `false`, setting nothing, when there
    /// is none.
    @discardableResult
    package mutating func set(_ field: Item.TextField, textOf node: JSONNode?, _ reading: Reading) -> Bool {
        guard let node, let range = append(node, reading) else { return false }
        assign(field, range)
        return true
    }

    /// Sets `field` to the text of what a dotted path found (a node; collected values have no text).
    @discardableResult
    package mutating func set(_ field: Item.TextField, textOf selection: JSONNode.Selection?, _ reading: Reading)
        -> Bool
    {
        guard case .node(let node)? = selection else { return false }
        return set(field, textOf: node, reading)
    }

    /// Sets `field` to the text at `plan`'s path `path` in `node`, from the stops `plan.locate(in: node, …)`
    /// filled: what `set(field, textOf: plan.select(path, in: node, stops: stops), reading)` sets, without a
    /// `Selection` (and its hold on the document) per field when the path ends in an object's member.
    @discardableResult
    package mutating func set(
        _ field: Item.TextField, at path: Int, of plan: JSONPathPlan, in node: JSONNode, stops: [JSONPathPlan.Stop],
        _ reading: Reading
    ) -> Bool {
        guard let member = plan.member(path, in: node, stops: stops) else {
            return set(field, textOf: plan.select(path, in: node, stops: stops), reading)
        }
        guard let range = append(member, reading) else { return false }
        assign(field, range)
        return true
    }

    /// Appends a tag.
    package mutating func appendTag(text: String) {
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        appendTag(start..<bytes.count)
    }

    /// Appends `node`'s text as `reading` takes it as a tag; returns `false`, appending nothing, when
    /// there is none.
    @discardableResult
    package mutating func appendTag(textOf node: JSONNode?, _ reading: Reading) -> Bool {
        guard let node, let range = append(node, reading) else { return false }
        appendTag(range)
        return true
    }

    /// Appends the tags `node.scalarTexts(at: segments)` gives, read in place.
    package mutating func appendTags(at segments: ArraySlice<String>, of node: JSONNode) {
        node.forEachScalar(at: segments) { found in appendTag(textOf: found, .scalarText) }
    }

    /// Appends the tags at `plan`'s path `path` in `node`, from the stops `plan.locate(in: node, …)` filled:
    /// what `appendTags(at: path's segments, of: node)` appends.
    package mutating func appendTags(
        _ path: Int, of plan: JSONPathPlan, in node: JSONNode, stops: [JSONPathPlan.Stop]
    ) {
        plan.forEachScalar(path, in: node, stops: stops) { found in appendTag(textOf: found, .scalarText) }
    }

    /// Adds the member `name` of `extra` with `node`'s value, written at once as the JSON the export writes
    /// for it — the bytes `JSONValue.object(extra).write` gives, without the dictionary, its hashing and the
    /// sort of its keys per item. Nothing is added for a missing or `null` node, nor for a
    /// number too large for a `Double` (JSON cannot hold it: it would be written `null`), and such members
    /// of nested objects are dropped, as `build(extra:)` drops them — an absent field is omitted, never
    /// `null` (contract section 3), so the text reads back as the same value. Members added in the order
    /// `JSONValue.write` sorts keys in (`String`'s `<`), each name once, are written as they come; any other
    /// order is sorted by `build`, and of a name added twice the last is kept, as a dictionary would.
    package mutating func appendExtra(_ name: String, _ node: JSONNode?) {
        guard let node, !node.isNull else { return }
        if node.isNumber {
            let value = node.value
            guard !value.writesNull else { return }
            startExtraMember(name)
            value.write(to: &extraJSON)
            return
        }
        startExtraMember(name)
        node.writeJSON(to: &extraJSON)
    }

    /// Adds the member `name` of `extra` with `value` (see `appendExtra(_:_:)`: same order, members that
    /// would be written `null` dropped).
    package mutating func appendExtra(_ name: String, value: JSONValue) {
        guard !value.writesNull else { return }
        startExtraMember(name)
        value.droppingNullMembers.write(to: &extraJSON)
    }

    /// Adds the member `name` of `extra`: an object of the string members `pairs` gives (GitLab's label
    /// colours, `{label: "#hex"}`), written straight from the page's bytes with its keys sorted as
    /// `JSONValue.write` sorts them — the bytes the dictionary `[pair.name: .string(pair.value)]` gives,
    /// without that dictionary per item. A pair whose value is not a string is skipped; of pairs
    /// with one name the last wins, as assigning them to the dictionary in order would. Nothing is added
    /// when no pair is left. `pairs` is sorted in place (a caller keeps it for the next item).
    package mutating func appendExtra(_ name: String, stringMembers pairs: inout [(name: String, value: JSONNode)]) {
        pairs.removeAll { !$0.value.isString }
        guard !pairs.isEmpty else { return }
        // The last of each name wins: sorted by name, then place (the sort need not be stable).
        if pairs.count > 1 {
            var placed = pairs.enumerated().map { (place: $0.offset, pair: $0.element) }
            placed.sort { $0.pair.name != $1.pair.name ? $0.pair.name < $1.pair.name : $0.place < $1.place }
            pairs = placed.map(\.pair)
        }
        startExtraMember(name)
        extraJSON.append(UInt8(ascii: "{"))
        var first = true
        for (position, pair) in pairs.enumerated() {
            if position + 1 < pairs.count, pairs[position + 1].name == pair.name { continue }
            if !first { extraJSON.append(UInt8(ascii: ",")) }
            first = false
            JSONValue.writeString(pair.name, to: &extraJSON)
            extraJSON.append(UInt8(ascii: ":"))
            pair.value.writeJSON(to: &extraJSON)
        }
        extraJSON.append(UInt8(ascii: "}"))
    }

    /// Opens the object or separates the member, then writes `"name":`, noting where the member starts and
    /// whether it breaks the order.
    private mutating func startExtraMember(_ name: String) {
        if let last = extraMembers.last, !(last.name < name) { extraUnsorted = true }
        extraJSON.append(extraJSON.isEmpty ? UInt8(ascii: "{") : UInt8(ascii: ","))
        if extraMembers.capacity == 0 { extraMembers.reserveCapacity(8) }
        extraMembers.append((name, extraJSON.count))
        JSONValue.writeString(name, to: &extraJSON)
        extraJSON.append(UInt8(ascii: ":"))
    }

    /// `extraJSON` with its members sorted by name and, of each name, the last added kept (each member's text
    /// moved whole: the bytes a dictionary of them would write).
    private mutating func sortExtraMembers() {
        let ends = extraMembers.indices.map {
            $0 + 1 < extraMembers.count ? extraMembers[$0 + 1].start - 1 : extraJSON.count
        }
        var order = Array(extraMembers.indices)
        order.sort {
            extraMembers[$0].name != extraMembers[$1].name ? extraMembers[$0].name < extraMembers[$1].name : $0 < $1
        }
        var sorted: [UInt8] = [UInt8(ascii: "{")]
        sorted.reserveCapacity(extraJSON.count)
        for (place, member) in order.enumerated() {
            if place + 1 < order.count, extraMembers[order[place + 1]].name == extraMembers[member].name { continue }
            if sorted.count > 1 { sorted.append(UInt8(ascii: ",")) }
            sorted.append(contentsOf: extraJSON[extraMembers[member].start..<ends[member]])
        }
        extraJSON = sorted
    }

    /// The item of the fields set (an unset title is empty), with `extra`'s `null` members dropped; the
    /// builder is reset for the next one. `extra` is for an item without `appendExtra`'s members. Throws when
    /// the item's texts and `extra` together pass 4 GiB, which its offsets cannot address (a page decides
    /// that, so it is an error of the page, not a trap).
    package mutating func build(id: String, time: Timestamp, extra: [String: JSONValue] = [:]) throws(SourceError)
        -> Item
    {
        precondition(extra.isEmpty || extraJSON.isEmpty, "extra given both as members and as a dictionary")
        if extraUnsorted { sortExtraMembers() }
        if !extraJSON.isEmpty { extraJSON.append(UInt8(ascii: "}")) }
        let storage = ItemStorage.make(
            id: id, extra: extra.isEmpty ? extra : JSONValue.droppingNullMembers(extra), texts: bytes,
            title: title ?? 0..<0, url: url, author: author, summary: summary, tags: tags, extraJSON: extraJSON)
        reset()
        guard let storage else { throw SourceError("item \(id): its texts pass the 4 GiB an item can hold") }
        return Item(time: time, storage: storage)
    }

    /// Inlined: a call kept a hold on `node`'s document (a retain and a release per field).
    @inline(__always)
    private mutating func append(_ node: JSONNode, _ reading: Reading) -> Range<Int>? {
        let start = bytes.count
        guard node.appendText(stringsOnly: reading == .string, to: &bytes) else { return nil }
        if reading == .nonEmptyText, bytes.count == start { return nil }
        return start..<bytes.count
    }

    private mutating func appendTag(_ range: Range<Int>) {
        // The first tag makes room for a few: one allocation for most items' tags, kept for the page.
        if tags.capacity == 0 { tags.reserveCapacity(4) }
        tags.append(range)
    }

    private mutating func assign(_ field: Item.TextField, _ range: Range<Int>) {
        switch field {
        case .title: title = range
        case .url: url = range
        case .author: author = range
        case .summary: summary = range
        }
    }
}
