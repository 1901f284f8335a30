package import RiffleBytes

/// One entry of a feed, in the source-independent shape every adapter maps its API into.
///
/// All text here came from a server and is untrusted: the reader and logs must sanitize it before it
/// reaches a terminal. `id` is the identity within one source; `time` orders the feed (newest first).
///
/// Everything but the time lives in one immutable buffer (`ItemStorage`: the id, `extra`, and the texts'
/// UTF-8 back to back), so copying an item — which the merge does for every item it moves — is one
/// reference count, and the encoder writes the texts from their bytes (`withUTF8`). The adapters fill it
/// from the page's bytes through `ItemBuilder`; the `String` properties read and replace it. An item of an
/// id and a title alone, made from `String`s (the store's and the benchmarks' bare items), keeps the two
/// strings as they are instead (`Body.plain`): a buffer would cost it an allocation and a copy of both.
package struct Item: Sendable, Hashable {
    package var time: Timestamp
    private var body: Body

    /// Where an item's fields are.
    private enum Body: Sendable {
        /// Only an id and a title: no URL, author, summary, tags or `extra`.
        case plain(id: String, title: String)
        case stored(ItemStorage.Shared)
    }

    /// The texts of an item that `withUTF8` reads as bytes.
    package enum TextField: Sendable, CaseIterable {
        case title, url, author, summary

        /// The field's flag in `ItemStorage.Header.present` (the title is always present).
        var bit: UInt8 {
            switch self {
            case .title: return 0
            case .url: return 1
            case .author: return 2
            case .summary: return 4
            }
        }
    }

    package init(
        id: String, time: Timestamp, title: String, url: String? = nil, author: String? = nil,
        summary: String? = nil, tags: [String] = [], extra: [String: JSONValue] = [:]
    ) {
        if url == nil, author == nil, summary == nil, tags.isEmpty, extra.isEmpty {
            self.time = time
            self.body = .plain(id: id, title: title)
            return
        }
        var capacity = title.utf8.count + (url?.utf8.count ?? 0) + (author?.utf8.count ?? 0)
        capacity += (summary?.utf8.count ?? 0)
        for tag in tags { capacity += tag.utf8.count }
        var builder = ItemBuilder(reservingCapacity: capacity)
        builder.set(.title, text: title)
        if let url { builder.set(.url, text: url) }
        if let author { builder.set(.author, text: author) }
        if let summary { builder.set(.summary, text: summary) }
        for tag in tags { builder.appendTag(text: tag) }
        // Texts of 4 GiB or more held in `String`s: a caller's bug, not a page's (a page is refused far below).
        do {
            self = try builder.build(id: id, time: time, extra: extra)
        } catch {
            preconditionFailure("\(error)")
        }
    }

    init(time: Timestamp, storage: ItemStorage) {
        self.time = time
        self.body = .stored(ItemStorage.Shared(storage: storage))
    }

    /// The buffer of a stored item; `nil` for a plain one.
    private var storage: ItemStorage? {
        guard case .stored(let shared) = body else { return nil }
        return shared.storage
    }

    package var id: String {
        get {
            switch body {
            case .plain(let id, _): return id
            case .stored(let shared): return shared.storage.id
            }
        }
        set { remake(id: newValue) }
    }

    package var title: String {
        get { text(.title) ?? "" }
        set { remake(text: (.title, newValue)) }
    }

    package var url: String? {
        get { text(.url) }
        set { remake(text: (.url, newValue)) }
    }

    package var author: String? {
        get { text(.author) }
        set { remake(text: (.author, newValue)) }
    }

    package var summary: String? {
        get { text(.summary) }
        set { remake(text: (.summary, newValue)) }
    }

    /// Adapter tags (GitLab labels, a launch's rocket).
    package var tags: [String] {
        get {
            guard let storage else { return [] }
            return (0..<storage.tagCount).map { storage.text(storage.tagRange($0)) }
        }
        set { remake(tags: newValue) }
    }

    /// Adapter-specific fields (`iid`, `state`, `flight_number`, label colours …), written under `extra`.
    /// Never holds `null`: a member whose value is `null`, at any depth of nested objects, is dropped when
    /// the item is built (an absent field is omitted, never `null`, in the export — contract section 3).
    /// An adapter's item keeps it as the JSON text the export writes (`withExtraJSON`): read here, that text
    /// is parsed again, so a value is what the store gives back (an integral `3.0` reads as the integer 3).
    /// That text is written only by `ItemBuilder`, and always reads; were it ever not to, reading `extra`
    /// stops the program with `readExtra`'s error rather than giving an empty `extra`.
    package var extra: [String: JSONValue] {
        get {
            do {
                return try readExtra()
            } catch {
                preconditionFailure("\(error)")
            }
        }
        set { remake(extra: newValue) }
    }

    /// `extra`, or the error that its JSON text does not read back as an object.
    package func readExtra() throws(ItemExtraError) -> [String: JSONValue] {
        guard let storage else { return [:] }
        return try storage.readExtra()
    }

    /// `storage`'s `extra` as `extra` reads it: stops the program on an unreadable text (see `extra`).
    static func readExtra(_ storage: ItemStorage) -> [String: JSONValue] {
        do {
            return try storage.readExtra()
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// `extra` as the JSON text the export writes (`JSONValue.object(extra).write`'s bytes), when the item
    /// holds it so — an adapter's item, built with `ItemBuilder.appendExtra`; `nil` otherwise (then `extra` is
    /// to be written).
    package var extraJSONText: String? { withExtraJSON { String(decoding: $0, as: UTF8.self) } }

    /// The buffer of a stored item, for `withTexts`; `nil` for a plain one.
    var storedBuffer: ItemStorage? { storage }

    /// How many tags there are (`tags.count`, without making them).
    package var tagCount: Int { storage?.tagCount ?? 0 }

    private func text(_ field: TextField) -> String? {
        switch body {
        case .plain(_, let title): return field == .title ? title : nil
        case .stored(let shared): return shared.storage.range(of: field).map { shared.storage.text($0) }
        }
    }

    /// Makes the item again with the given parts changed (a setter's way: rare, so through `String`s).
    private mutating func remake(
        id: String? = nil, text changed: (field: TextField, text: String?)? = nil, tags: [String]? = nil,
        extra: [String: JSONValue]? = nil
    ) {
        func text(_ field: TextField, _ current: String?) -> String? {
            guard let changed, changed.field == field else { return current }
            return changed.text
        }
        self = Item(
            id: id ?? self.id, time: time, title: text(.title, title) ?? "", url: text(.url, url),
            author: text(.author, author), summary: text(.summary, summary), tags: tags ?? self.tags,
            extra: extra ?? self.extra)
    }

    /// Equal when every field is, texts compared as Swift strings (canonical equivalence): the bytes are
    /// compared first, and the strings only when the bytes differ.
    package static func == (lhs: Item, rhs: Item) -> Bool {
        guard lhs.time == rhs.time else { return false }
        if let left = lhs.storage, let right = rhs.storage {
            if left === right { return true }
            guard left.id == right.id, left.hasSameExtra(as: right) else { return false }
            if left.hasSameTexts(as: right) { return true }
        } else {
            guard lhs.id == rhs.id, lhs.extra == rhs.extra else { return false }
        }
        return lhs.title == rhs.title && lhs.url == rhs.url && lhs.author == rhs.author
            && lhs.summary == rhs.summary && lhs.tags == rhs.tags
    }

    /// Hashes the fields as strings, so that items equal as `==` says hash alike.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(time)
        hasher.combine(title)
        hasher.combine(url)
        hasher.combine(author)
        hasher.combine(summary)
        hasher.combine(tags)
        hasher.combine(extra)
    }
}
