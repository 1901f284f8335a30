internal import RiffleBytes

extension MergePosition {
    static let r2Prefix = "r2."

    /// Bits of the flags that open an `r2.` token.
    private enum Flag {
        static let firstPageIndex: UInt64 = 1
        static let anchorIsFrontier: UInt64 = 2
        static let frontier: UInt64 = 4
        static let entries: UInt64 = 8
        static let finished: UInt64 = 16
        static let known: UInt64 = 31
    }

    /// Bits of an entry's flags (`skip` in `r3.` only, where the count is written only when flagged).
    enum EntryFlag {
        static let cursor: UInt64 = 1
        static let done: UInt64 = 2
        static let skip: UInt64 = 4
    }

    /// The forms of a `finished` set.
    private enum FinishedForm {
        static let bitmap: UInt64 = 0
        static let list: UInt64 = 1
        static let complement: UInt64 = 2
    }

    /// `r2.` and base64url of: flags; the anchor's time (µs, zigzag) and source; its index and id hash when
    /// present; the frontier as a distance back from the anchor's time when the anchor is not the frontier;
    /// the entries (count, then flags, name, cursor when present, skip); `finished` (fingerprint, source count,
    /// form, then a bitmap, a list of indices, or a list of the other indices, each index as the gap from the
    /// one before). Written now only by tests, to check that earlier tokens still resume; an entry without
    /// its count is written with the count 0, and an anchor's source named by index (which `r2.` cannot
    /// say) with an empty name, which no configured source has.
    package var r2Token: String {
        guard let anchor else { return r1Token }
        var flags: UInt64 = 0
        if anchor.firstPageIndex != nil { flags |= Flag.firstPageIndex }
        if anchor.isFrontier { flags |= Flag.anchorIsFrontier }
        if !anchor.isFrontier, frontier != nil { flags |= Flag.frontier }
        if !entries.isEmpty { flags |= Flag.entries }
        if finished != nil { flags |= Flag.finished }
        var writer = TokenCoding.Writer(capacity: 32 + entries.count * 48)
        writer.varint(flags)
        writer.signed(anchor.time.microseconds)
        if case .name(let name) = anchor.source { writer.string(name) } else { writer.string("") }
        if let index = anchor.firstPageIndex {
            writer.count(index)
            writer.word(anchor.idHash)
        }
        if !anchor.isFrontier, let frontier {
            writer.signed(anchor.time.microseconds &- frontier.microseconds)
        }
        if !entries.isEmpty {
            writer.count(entries.count)
            for entry in entries {
                writer.varint((entry.cursor == nil ? 0 : EntryFlag.cursor) | (entry.done ? EntryFlag.done : 0))
                writer.string(entry.name)
                if let cursor = entry.cursor { writer.string(cursor) }
                writer.count(entry.skip ?? 0)
            }
        }
        if let finished { writer.raw(Self.encode(finished)) }
        return Self.r2Prefix + Base64URL.encode(writer.bytes)
    }

    /// Parses the bytes of an `r2.` token; `nil` when they are not one (unknown flags, trailing bytes,
    /// numbers out of range and text that is not UTF-8 included).
    init?(r2Bytes bytes: [UInt8]) {
        var reader = TokenCoding.Reader(bytes)
        guard let flags = reader.varint(), flags & ~Flag.known == 0,
            let time = reader.signed(), let source = reader.string()
        else { return nil }
        var firstPageIndex: Int?
        var idHash: UInt32 = 0
        if flags & Flag.firstPageIndex != 0 {
            guard let index = reader.count(limit: Int(Int32.max)), let hash = reader.word() else { return nil }
            firstPageIndex = index
            idHash = hash
        }
        let isFrontier = flags & Flag.anchorIsFrontier != 0
        var frontier: Timestamp? = isFrontier ? Timestamp(microseconds: time) : nil
        if flags & Flag.frontier != 0 {
            guard !isFrontier, let distance = reader.signed() else { return nil }
            frontier = Timestamp(microseconds: time &- distance)
        }
        var entries: [Entry] = []
        if flags & Flag.entries != 0 {
            guard let list = Self.readEntries(&reader, countIsFlagged: false) else { return nil }
            entries = list
        }
        var finished: FinishedSources?
        if flags & Flag.finished != 0 {
            guard let set = Self.decodeFinished(&reader) else { return nil }
            finished = set
        }
        guard reader.isAtEnd else { return nil }
        let anchor = Anchor(
            time: Timestamp(microseconds: time), source: .name(source), firstPageIndex: firstPageIndex, idHash: idHash,
            isFrontier: isFrontier)
        self.init(entries: entries, frontier: frontier, anchor: anchor, finished: finished)
    }

    /// The bytes of a `finished` set in its smallest form.
    package static func encode(_ finished: FinishedSources) -> [UInt8] {
        var header = TokenCoding.Writer(capacity: 8)
        header.word(finished.fingerprint)
        header.count(finished.sourceCount)

        var bitmap = [UInt8](repeating: 0, count: (finished.sourceCount + 7) / 8)
        for index in finished.indices { bitmap[index / 8] |= 1 << UInt8(index % 8) }
        while bitmap.last == 0 { bitmap.removeLast() }
        var best = TokenCoding.Writer(capacity: bitmap.count + 4)
        best.varint(FinishedForm.bitmap)
        best.count(bitmap.count)
        best.raw(bitmap)

        var list = TokenCoding.Writer()
        list.varint(FinishedForm.list)
        gaps(finished.indices, into: &list)
        if list.bytes.count < best.bytes.count { best = list }

        // Each listed index takes at least a byte: list the others only when there are few of them.
        if finished.sourceCount - finished.indices.count < best.bytes.count {
            var complement = TokenCoding.Writer()
            complement.varint(FinishedForm.complement)
            gaps(others(of: finished.indices, below: finished.sourceCount), into: &complement)
            if complement.bytes.count < best.bytes.count { best = complement }
        }
        return header.bytes + best.bytes
    }

    /// A count of entries (at least one), then each (see `readEntry`).
    static func readEntries(_ reader: inout TokenCoding.Reader, countIsFlagged: Bool) -> [Entry]? {
        guard let count = reader.count(limit: reader.remaining), count > 0 else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            guard let entry = readEntry(&reader, countIsFlagged: countIsFlagged) else { return nil }
            entries.append(entry)
        }
        return entries
    }

    /// One entry: flags, name, the cursor when flagged, then the count — always in `r2.`, only when flagged
    /// (`countIsFlagged`) in `r3.`.
    static func readEntry(_ reader: inout TokenCoding.Reader, countIsFlagged: Bool) -> Entry? {
        let known = EntryFlag.cursor | EntryFlag.done | (countIsFlagged ? EntryFlag.skip : 0)
        guard let flags = reader.varint(), flags & ~known == 0, let name = reader.string() else { return nil }
        var cursor: String?
        if flags & EntryFlag.cursor != 0 {
            guard let text = reader.string() else { return nil }
            cursor = text
        }
        var skip: Int?
        if !countIsFlagged || flags & EntryFlag.skip != 0 {
            guard let count = reader.count(limit: Int(Int32.max)) else { return nil }
            skip = count
        }
        return Entry(name: name, cursor: cursor, skip: skip, done: flags & EntryFlag.done != 0)
    }

    /// Ascending indices as their count, the first, then each one's gap after the one before, less one.
    static func gaps(_ indices: [Int], into writer: inout TokenCoding.Writer) {
        writer.count(indices.count)
        var previous = -1
        for index in indices {
            writer.count(index - previous - 1)
            previous = index
        }
    }

    /// Indices written by `gaps`, each below `sourceCount`; `nil` when they are not.
    static func readGaps(_ reader: inout TokenCoding.Reader, below sourceCount: Int) -> [Int]? {
        guard let count = reader.count(limit: sourceCount) else { return nil }
        var listed: [Int] = []
        listed.reserveCapacity(count)
        var previous = -1
        for _ in 0..<count {
            guard let gap = reader.count(limit: sourceCount) else { return nil }
            let index = previous + 1 + gap
            guard index < sourceCount else { return nil }
            listed.append(index)
            previous = index
        }
        return listed
    }

    /// The indices below `sourceCount` that ascending `indices` does not hold.
    static func others(of indices: [Int], below sourceCount: Int) -> [Int] {
        var others: [Int] = []
        var next = 0
        for index in indices {
            others.append(contentsOf: next..<index)
            next = index + 1
        }
        others.append(contentsOf: next..<max(next, sourceCount))
        return others
    }

    /// The indices of the bits set in a bitmap (bit `i % 8` of byte `i / 8`).
    static func setBits(_ bitmap: ArraySlice<UInt8>) -> [Int] {
        var indices: [Int] = []
        for (byteIndex, byte) in bitmap.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << UInt8(bit)) != 0 { indices.append(byteIndex * 8 + bit) }
        }
        return indices
    }

    private static func decodeFinished(_ reader: inout TokenCoding.Reader) -> FinishedSources? {
        guard let fingerprint = reader.word(), let sourceCount = reader.count(limit: maxSourceCount),
            let form = reader.varint()
        else { return nil }
        var indices: [Int] = []
        switch form {
        case FinishedForm.bitmap:
            guard let length = reader.count(limit: (sourceCount + 7) / 8), let bitmap = reader.bytes(length)
            else { return nil }
            indices = setBits(bitmap)
            guard indices.last.map({ $0 < sourceCount }) ?? true else { return nil }
        case FinishedForm.list, FinishedForm.complement:
            guard let listed = readGaps(&reader, below: sourceCount) else { return nil }
            indices = form == FinishedForm.list ? listed : others(of: listed, below: sourceCount)
        default: return nil
        }
        return FinishedSources(fingerprint: fingerprint, sourceCount: sourceCount, indices: indices)
    }
}
