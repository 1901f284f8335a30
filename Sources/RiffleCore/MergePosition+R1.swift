internal import RiffleBytes

extension MergePosition {
    static let r1Prefix = "r1."

    /// The first token format, `r1.` and base64url (no padding) of compact JSON
    /// `{"f":FRONTIER,"s":[{"c":CURSOR,"i":SKIP,"n":NAME,"x":DONE},…]}` (absent `f`/`c` omitted): an entry
    /// for every source. Still written for a position without an anchor (nothing emitted yet), whose entries
    /// all have their count, and still read, so tokens printed by earlier versions resume as they did.
    var r1Token: String {
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
            json.append(contentsOf: String(entry.skip ?? 0).utf8)
            json.append(contentsOf: #","n":"#.utf8)
            JSONValue.writeString(entry.name, to: &json)
            json.append(contentsOf: entry.done ? #","x":true}"#.utf8 : #","x":false}"#.utf8)
        }
        json.append(contentsOf: "]}".utf8)
        return Self.r1Prefix + Base64URL.encode(json)
    }

    /// Parses the JSON of an `r1.` token; `nil` when it is not one. Members it does not know are ignored,
    /// and a `null` frontier or cursor counts as absent.
    init?(r1JSON bytes: [UInt8]) {
        guard let json = try? JSONValue(parsing: bytes), case .object(let members) = json,
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
