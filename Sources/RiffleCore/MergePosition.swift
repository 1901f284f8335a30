/// Where a merged stream stands right after one emitted item: for every source, the cursor of the page
/// holding its next unemitted item and how many of that page's items come before it. Resuming from a
/// position reloads those pages and skips those items, so reading on and resuming give the same items.
///
/// Its text form (`token`) is the export's `cursor` field and `--after`'s argument: opaque to users.
public struct MergePosition: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        /// The source's configured name: a resumed run matches sources by name.
        public var name: String
        /// The cursor that loads the page holding the next item (`nil`: the first page).
        public var cursor: String?
        /// Items of that page already consumed.
        public var skip: Int
        /// The source has nothing more (exhausted after its last item).
        public var done: Bool

        public init(name: String, cursor: String?, skip: Int, done: Bool) {
            self.name = name
            self.cursor = cursor
            self.skip = skip
            self.done = done
        }
    }

    public var entries: [Entry]
    /// The time of the last in-order item emitted, which decides what counts as late.
    public var frontier: Timestamp?

    public init(entries: [Entry], frontier: Timestamp?) {
        self.entries = entries
        self.frontier = frontier
    }

    /// The entry for a source name.
    public func entry(named name: String) -> Entry? { entries.first { $0.name == name } }

    static let prefix = "r1."
    /// Tokens longer than this are refused when parsed (every input has a limit).
    static let maxTokenLength = 64 * 1024

    /// The opaque text form: `r1.` and base64url (no padding) of compact JSON
    /// `{"f":FRONTIER,"s":[{"c":CURSOR,"i":SKIP,"n":NAME,"x":DONE},…]}` (absent `f`/`c` omitted).
    /// Written by hand: export makes one per item, so it must cost little.
    public var token: String {
        var json: [UInt8] = []
        json.reserveCapacity(32 + entries.count * 48)
        json.append(UInt8(ascii: "{"))
        if let frontier {
            json.append(contentsOf: #""f":"#.utf8)
            json.append(contentsOf: String(frontier.microseconds).utf8)
            json.append(UInt8(ascii: ","))
        }
        json.append(contentsOf: #""s":["#.utf8)
        for (position, entry) in entries.enumerated() {
            if position > 0 { json.append(UInt8(ascii: ",")) }
            json.append(UInt8(ascii: "{"))
            if let cursor = entry.cursor {
                json.append(contentsOf: #""c":"#.utf8)
                JSONValue.writeString(cursor, to: &json)
                json.append(UInt8(ascii: ","))
            }
            json.append(contentsOf: #""i":"#.utf8)
            json.append(contentsOf: String(entry.skip).utf8)
            json.append(contentsOf: #","n":"#.utf8)
            JSONValue.writeString(entry.name, to: &json)
            json.append(contentsOf: entry.done ? #","x":true}"#.utf8 : #","x":false}"#.utf8)
        }
        json.append(contentsOf: "]}".utf8)
        return Self.prefix + Base64URL.encode(json)
    }

    /// Parses a token made by `token`; `nil` when it is not one. Members it does not know are ignored,
    /// and a `null` frontier or cursor counts as absent.
    public init?(token: String) {
        guard token.utf8.count <= Self.maxTokenLength, token.hasPrefix(Self.prefix),
            let bytes = Base64URL.decode(token.dropFirst(Self.prefix.count)),
            let json = try? JSONValue(parsing: bytes), case .object(let members) = json,
            case .array(let list)? = members["s"]
        else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(list.count)
        for element in list {
            guard let entry = Entry(json: element) else { return nil }
            entries.append(entry)
        }
        switch members["f"] {
        case nil, .null?: self.init(entries: entries, frontier: nil)
        case .int(let microseconds)?: self.init(entries: entries, frontier: Timestamp(microseconds: microseconds))
        default: return nil
        }
    }
}

extension MergePosition.Entry {
    /// An entry of a token's `s` list: `{"c":CURSOR,"i":SKIP,"n":NAME,"x":DONE}`, `c` optional.
    fileprivate init?(json: JSONValue) {
        guard case .object(let members) = json, case .string(let name)? = members["n"],
            case .int(let skip)? = members["i"], skip >= 0, let skip = Int(exactly: skip),
            case .bool(let done)? = members["x"]
        else { return nil }
        switch members["c"] {
        case nil, .null?: self.init(name: name, cursor: nil, skip: skip, done: done)
        case .string(let cursor)?: self.init(name: name, cursor: cursor, skip: skip, done: done)
        default: return nil
        }
    }
}
