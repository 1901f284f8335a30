internal import RiffleBytes

/// The `r3.` token format: its head, tail and text.
///
/// Unsafe where a token's text is made: in scratch on the stack (`withR3Text`), the head written first at
/// `r3FlagsRoom` and the flags then written right before it, so the body is base64-encoded from where it
/// lies without a copy. The scratch is sized by `r3ScratchCount` (checked by a precondition), and every
/// byte goes through a `ByteWriter` over a part of it, which traps before writing past its room. The parts
/// handed to a caller are valid only during its call.
extension MergePosition {
    static let r3Prefix = "r3."

    /// A tail of at least this many bytes is base64-encoded apart from the head (see `r3Text`).
    static let r3SeparateTail = 256
    /// The longest token, in bytes, that names the anchor's source by name when no source has an entry:
    /// contract section 3 keeps every token under 200 bytes with single-page sources, so a longer one (long
    /// source names) names it by index, beside `finished` (`MergeState.finishedBesideIndex`).
    /// The index form's worst case at 1,000 sources is 198 bytes: flags 2, time 7 (µs), index 2, first-page
    /// index 1, id hash 4 and a bitmap of 130 bytes make 146, 195 characters of base64, and the prefix.
    static let r3SmallTokenLimit = 199

    /// 2020-01-01T00:00:00Z in µs: anchor times are written from here, so they take fewer bytes.
    private static let r3Epoch: Int64 = 1_577_836_800_000_000

    /// Bits of the flags that open an `r3.` token.
    private enum Flag {
        static let firstPageIndex: UInt64 = 1
        static let anchorIsFrontier: UInt64 = 2
        static let frontier: UInt64 = 4
        static let entries: UInt64 = 8
        static let finished: UInt64 = 16
        /// The unit of the anchor's time: µs (0), ms or s.
        static let milliseconds: UInt64 = 32
        static let seconds: UInt64 = 64
        static let entrySkip: UInt64 = 128
        /// The anchor's source is written as its index in the configured list, not its name (only with
        /// `finished`). A bit that tokens written before it never set, so they read as they always did.
        static let sourceIndex: UInt64 = 256
        /// A position without an anchor (nothing emitted yet): only `frontier` and `entries` may be set beside
        /// it, and the body is the frontier (µs from the epoch) and the entries, each count given when known.
        static let noAnchor: UInt64 = 512
        static let known: UInt64 = 1023
    }

    /// Bits of an entry's flags.
    enum EntryFlag {
        static let cursor: UInt64 = 1
        static let done: UInt64 = 2
        static let skip: UInt64 = 4
    }

    /// The forms of a `finished` set (the low two bits of its form number).
    private enum FinishedForm {
        static let bitmap: UInt64 = 0
        static let list: UInt64 = 1
        static let complement: UInt64 = 2
    }

    /// `r3.` and base64url of a head, what changes with every item — flags; the anchor's time (from 2020,
    /// zigzag, in the coarsest of µs, ms and s that holds it exactly) and source (its name, or with
    /// `Flag.sourceIndex` its index in the configured list); its first-page index and id
    /// hash when present; its entry's count when its source has an entry; the frontier as a distance back
    /// from the anchor's time when the anchor is not the frontier — then a tail, what changes only when a
    /// source moves page or ends: the entries (count, then flags, name, cursor and count when present) and
    /// `finished` (fingerprint, form, then a bitmap to the end of the token, or a source count and a list of
    /// indices or of the other indices, each as the gap after the one before).
    var r3Token: String {
        guard let anchor else { return r3AnchorlessToken }
        let tail = Self.r3Tail(entries: entries, finished: finished)
        let head = Self.r3Head(
            anchor: anchor, frontier: frontier, hasEntries: !entries.isEmpty, hasFinished: finished != nil)
        return Self.r3Text(flags: head.flags, head: head.bytes, tail: tail, encodedTail: nil)
    }

    /// The token of a position without an anchor: `Flag.noAnchor` and the frontier and entries it has.
    private var r3AnchorlessToken: String {
        var flags = Flag.noAnchor
        if frontier != nil { flags |= Flag.frontier }
        if !entries.isEmpty { flags |= Flag.entries }
        var writer = TokenCoding.Writer()
        writer.varint(flags)
        if let frontier { writer.signed(frontier.microseconds &- Self.r3Epoch) }
        Self.writeEntries(entries, into: &writer)
        return Self.r3Prefix + Base64URL.encode(writer.bytes)
    }

    /// The head of an `r3.` token without its flags, and the flags.
    static func r3Head(
        anchor: Anchor, frontier: Timestamp?, hasEntries: Bool, hasFinished: Bool
    ) -> (flags: UInt64, bytes: [UInt8]) {
        let source = r3Source(anchor.source)
        var flags: UInt64 = 0
        var bytes: [UInt8] = []
        ByteWriter.appending(to: &bytes, reserving: r3HeadBound + source.count) { writer in
            flags = r3Head(
                time: anchor.time, source: source[...], sourceIsIndex: anchor.source.isIndex,
                firstPageIndex: anchor.firstPageIndex, idHash: anchor.idHash, entrySkip: anchor.entrySkip,
                isFrontier: anchor.isFrontier, frontier: frontier, hasEntries: hasEntries,
                hasFinished: hasFinished, to: &writer)
        }
        return (flags, bytes)
    }

    /// The most bytes `r3Head(time:…to:)` writes besides the source's: the time, the first-page index and the
    /// entry's count (a varint each, at most 10 bytes), the id hash (4) and the frontier's distance (10).
    static let r3HeadBound = 44

    /// The anchor's source as a head holds it: its name (length and UTF-8), or its index.
    static func r3Source(_ source: SourceReference) -> [UInt8] {
        var writer = TokenCoding.Writer(capacity: 16)
        switch source {
        case .name(let name): writer.string(name)
        case .index(let index): writer.count(index)
        }
        return writer.bytes
    }

    /// A head's flags, with its bytes written through `out`, which has room for `r3HeadBound` bytes and
    /// `source`'s: the one writer of a head. `source` is the anchor's source as `r3Source` writes it (an index
    /// when `sourceIsIndex`); `idHash` is written only with `firstPageIndex`. Taking the anchor's parts rather
    /// than an `Anchor` lets the export write a head per item without making one (its source's name is a
    /// `String`), from a name encoded once (`ResumeTokenEncoder.Tail.names`).
    static func r3Head(
        time: Timestamp, source: ArraySlice<UInt8>, sourceIsIndex: Bool, firstPageIndex: Int?,
        idHash: UInt32, entrySkip: Int?, isFrontier: Bool, frontier: Timestamp?, hasEntries: Bool,
        hasFinished: Bool, to out: inout ByteWriter
    ) -> UInt64 {
        var flags: UInt64 = 0
        let offset = time.microseconds &- r3Epoch
        if offset % 1_000_000 == 0 {
            flags |= Flag.seconds
            TokenCoding.signed(offset / 1_000_000, to: &out)
        } else if offset % 1000 == 0 {
            flags |= Flag.milliseconds
            TokenCoding.signed(offset / 1000, to: &out)
        } else {
            TokenCoding.signed(offset, to: &out)
        }
        if sourceIsIndex { flags |= Flag.sourceIndex }
        out.put(source)
        if let index = firstPageIndex {
            flags |= Flag.firstPageIndex
            TokenCoding.count(index, to: &out)
            TokenCoding.word(idHash, to: &out)
        }
        if let skip = entrySkip {
            flags |= Flag.entrySkip
            TokenCoding.count(skip, to: &out)
        }
        if isFrontier { flags |= Flag.anchorIsFrontier }
        if !isFrontier, let frontier {
            flags |= Flag.frontier
            TokenCoding.signed(time.microseconds &- frontier.microseconds, to: &out)
        }
        if hasEntries { flags |= Flag.entries }
        if hasFinished { flags |= Flag.finished }
        return flags
    }

    /// The tail of an `r3.` token: the entries (none: nothing), then `finished`.
    static func r3Tail(entries: some Collection<Entry>, finished: FinishedSources?) -> [UInt8] {
        var writer = TokenCoding.Writer(capacity: 8 + entries.count * 32)
        writeEntries(entries, into: &writer)
        if let finished { writer.raw(r3Encode(finished)) }
        return writer.bytes
    }

    /// Entries as a token holds them (none: nothing): their count, then each one's flags, name, cursor and
    /// count when present.
    static func writeEntries(_ entries: some Collection<Entry>, into writer: inout TokenCoding.Writer) {
        guard !entries.isEmpty else { return }
        writer.count(entries.count)
        for entry in entries {
            var flags: UInt64 = 0
            if entry.cursor != nil { flags |= EntryFlag.cursor }
            if entry.done { flags |= EntryFlag.done }
            if entry.skip != nil { flags |= EntryFlag.skip }
            writer.varint(flags)
            writer.string(entry.name)
            if let cursor = entry.cursor { writer.string(cursor) }
            if let skip = entry.skip { writer.count(skip) }
        }
    }

    /// A count of entries (at least one), then each, as `writeEntries` writes them.
    static func readEntries(_ reader: inout TokenCoding.Reader) -> [Entry]? {
        guard let count = reader.count(limit: reader.remaining), count > 0 else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let known = EntryFlag.cursor | EntryFlag.done | EntryFlag.skip
            guard let flags = reader.varint(), flags & ~known == 0, let name = reader.string() else { return nil }
            var cursor: String?
            if flags & EntryFlag.cursor != 0 {
                guard let text = reader.string() else { return nil }
                cursor = text
            }
            var skip: Int?
            if flags & EntryFlag.skip != 0 {
                guard let count = reader.count(limit: Int(Int32.max)) else { return nil }
                skip = count
            }
            entries.append(Entry(name: name, cursor: cursor, skip: skip, done: flags & EntryFlag.done != 0))
        }
        return entries
    }

    /// The text of a token from its flags, head and tail (see `withR3Text`), as a `String`.
    static func r3Text(flags: UInt64, head: [UInt8], tail: [UInt8], encodedTail: [UInt8]?) -> String {
        withR3Text(flags: flags, head: head, tail: tail, encodedTail: encodedTail, r3String)
    }

    /// The `String` of a token's text in its two parts (as `withR3Text` hands them out).
    static func r3String(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> String {
        ByteWriter.string(reserving: first.count + second.count) { text in
            text.put(first)
            text.put(second)
        }
    }

    /// The length in bytes of the text `withR3Text` makes from these parts, without making it.
    static func r3TextCount(flags: UInt64, head: [UInt8], tail: [UInt8], encodedTail: [UInt8]?) -> Int {
        r3TextCount(flags: flags, headCount: head.count, tail: tail, encodedTail: encodedTail)
    }

    /// `r3TextCount` from the head's length.
    static func r3TextCount(flags: UInt64, headCount: Int, tail: [UInt8], encodedTail: [UInt8]?) -> Int {
        let separate = tail.count >= r3SeparateTail
        var flagsLength = TokenCoding.Writer.varintLength(flags)
        if separate { flagsLength += (3 - (flagsLength + headCount) % 3) % 3 }
        let bodyCount = flagsLength + headCount + (separate ? 0 : tail.count)
        let tailCount = separate ? encodedTail?.count ?? Base64URL.encodedCount(tail.count) : 0
        return r3Prefix.utf8.count + Base64URL.encodedCount(bodyCount) + tailCount
    }

    /// Bytes a scratch buffer keeps before a head for the flags (`withR3Text(flags:headIn:…)`): a varint of
    /// 64 bits takes at most ten (the flags known today, two), and making the body's length a multiple of 3
    /// at most two more.
    static let r3FlagsRoom = 12

    /// The bytes of scratch `withR3Text(flags:headIn:…)` needs for a head of up to `headCount` bytes and `tail`.
    @inline(__always)
    static func r3ScratchCount(headCount: Int, tail: [UInt8]) -> Int {
        let body = r3FlagsRoom + headCount + (tail.count >= r3SeparateTail ? 0 : tail.count)
        return body + 3 + Base64URL.encodedCount(body)
    }

    /// `body` with the text of a token from its flags, head and tail, in two parts: `r3.` and the base64 of
    /// the flags and head (and a short tail), on the stack; then the tail's base64 (empty for a short tail).
    /// A tail of `r3SeparateTail` bytes or more starts at a multiple of 3 bytes — the flags' varint takes up
    /// to two bytes more, which any reader of varints accepts — so its text is the tail's own base64, which a
    /// caller may pass in already made (`encodedTail`): then making a token costs the head and a copy. A
    /// shorter tail is not padded.
    ///
    /// `r3Text` makes the `String` from them; the export appends them to its output
    /// (`ResumeTokenEncoder.withTokenBytes`, through `withR3Text(flags:headIn:…)`), without a `String` per item.
    static func withR3Text<Result>(
        flags: UInt64, head: [UInt8], tail: [UInt8], encodedTail: [UInt8]?,
        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: r3ScratchCount(headCount: head.count, tail: tail)) {
            scratch in
            let headRoom = UnsafeMutableBufferPointer(rebasing: scratch[r3FlagsRoom...])
            _ = headRoom.initialize(fromContentsOf: head)
            return withR3Text(
                flags: flags, headIn: scratch, headCount: head.count, tail: tail, encodedTail: encodedTail, body)
        }
    }

    /// `withR3Text` over a head already written in `scratch` at `r3FlagsRoom`, `headCount` bytes of it, the
    /// scratch holding `r3ScratchCount(headCount:tail:)` bytes: the one maker of a token's text. The flags go
    /// right before the head, the short tail right after it, and the text after that.
    static func withR3Text<Result>(
        flags: UInt64, headIn scratch: UnsafeMutableBufferPointer<UInt8>, headCount: Int, tail: [UInt8],
        encodedTail: [UInt8]?, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let separate = tail.count >= r3SeparateTail
        if separate, encodedTail == nil {
            var text: [UInt8] = []
            Base64URL.encode(tail[...], appendingTo: &text)
            return withR3Text(
                flags: flags, headIn: scratch, headCount: headCount, tail: tail, encodedTail: text, body)
        }
        precondition(scratch.count >= r3ScratchCount(headCount: headCount, tail: tail), "token scratch too small")
        var flagsLength = TokenCoding.Writer.varintLength(flags)
        if separate { flagsLength += (3 - (flagsLength + headCount) % 3) % 3 }
        precondition(flagsLength <= r3FlagsRoom, "token flags too long")
        var writer = ByteWriter(UnsafeMutableBufferPointer(rebasing: scratch[(r3FlagsRoom - flagsLength)...]))
        TokenCoding.varint(flags, length: flagsLength) { writer.put($0) }
        // The head, already in the scratch right after the flags' room.
        writer.keep(headCount)
        if !separate { writer.put(tail) }
        let bodyCount = writer.count
        writer.put("r3.")
        writer.putBase64URL(UnsafeBufferPointer(rebasing: writer.written[..<bodyCount]))
        let first = UnsafeBufferPointer(rebasing: writer.written[bodyCount...])
        guard separate, let encodedTail else { return body(first, UnsafeBufferPointer(start: nil, count: 0)) }
        return encodedTail.withUnsafeBufferPointer { body(first, $0) }
    }

    /// Parses the bytes of an `r3.` token; `nil` when they are not one (unknown flags, trailing bytes,
    /// numbers out of range and text that is not UTF-8 included).
    init?(r3Bytes bytes: [UInt8]) {
        var reader = TokenCoding.Reader(bytes)
        guard let flags = reader.varint(), flags & ~Flag.known == 0 else { return nil }
        if flags & Flag.noAnchor != 0 {
            self.init(anchorlessFlags: flags, &reader)
            return
        }
        guard flags & (Flag.seconds | Flag.milliseconds) != Flag.seconds | Flag.milliseconds,
            flags & Flag.sourceIndex == 0 || flags & Flag.finished != 0, let scaled = reader.signed()
        else { return nil }
        let source: SourceReference
        if flags & Flag.sourceIndex != 0 {
            guard let index = reader.count(limit: Self.maxSourceCount) else { return nil }
            source = .index(index)
        } else {
            guard let name = reader.string() else { return nil }
            source = .name(name)
        }
        let unit: Int64 = flags & Flag.seconds != 0 ? 1_000_000 : flags & Flag.milliseconds != 0 ? 1000 : 1
        let (offset, overflow) = scaled.multipliedReportingOverflow(by: unit)
        // The time is in the coarsest unit that holds it exactly, as written; anything else is not a token.
        guard !overflow, unit == 1_000_000 || scaled % 1000 != 0 else { return nil }
        let time = offset &+ Self.r3Epoch
        var firstPageIndex: Int?
        var idHash: UInt32 = 0
        if flags & Flag.firstPageIndex != 0 {
            guard let index = reader.count(limit: Int(Int32.max)), let hash = reader.word() else { return nil }
            firstPageIndex = index
            idHash = hash
        }
        var entrySkip: Int?
        if flags & Flag.entrySkip != 0 {
            guard let skip = reader.count(limit: Int(Int32.max)) else { return nil }
            entrySkip = skip
        }
        let isFrontier = flags & Flag.anchorIsFrontier != 0
        var frontier: Timestamp? = isFrontier ? Timestamp(microseconds: time) : nil
        if flags & Flag.frontier != 0 {
            guard !isFrontier, let distance = reader.signed() else { return nil }
            frontier = Timestamp(microseconds: time &- distance)
        }
        var entries: [Entry] = []
        if flags & Flag.entries != 0 {
            guard let list = Self.readEntries(&reader) else { return nil }
            entries = list
        }
        var finished: FinishedSources?
        if flags & Flag.finished != 0 {
            guard let set = Self.r3DecodeFinished(&reader) else { return nil }
            finished = set
        }
        guard reader.isAtEnd else { return nil }
        // An index names a source of the list `finished` speaks of.
        if case .index(let index) = source, index >= finished?.sourceCount ?? 0 { return nil }
        let anchor = Anchor(
            time: Timestamp(microseconds: time), source: source, firstPageIndex: firstPageIndex, idHash: idHash,
            isFrontier: isFrontier, entrySkip: entrySkip)
        self.init(entries: entries, frontier: frontier, anchor: anchor, finished: finished)
    }

    /// The rest of an anchorless token (`Flag.noAnchor`) after its `flags`.
    private init?(anchorlessFlags flags: UInt64, _ reader: inout TokenCoding.Reader) {
        guard flags & ~(Flag.noAnchor | Flag.frontier | Flag.entries) == 0 else { return nil }
        var frontier: Timestamp?
        if flags & Flag.frontier != 0 {
            guard let offset = reader.signed() else { return nil }
            frontier = Timestamp(microseconds: offset &+ Self.r3Epoch)
        }
        var entries: [Entry] = []
        if flags & Flag.entries != 0 {
            guard let list = Self.readEntries(&reader) else { return nil }
            entries = list
        }
        guard reader.isAtEnd else { return nil }
        self.init(entries: entries, frontier: frontier)
    }

    /// The bytes of a `finished` set in an `r3.` token, in its smallest form: a bitmap (to the token's end,
    /// the source count told by its length and the unused bits of its last byte), the indices, or the
    /// indices of the others.
    package static func r3Encode(_ finished: FinishedSources) -> [UInt8] {
        let bitmapLength = (finished.sourceCount + 7) / 8
        var best = TokenCoding.Writer(capacity: bitmapLength + 6)
        best.word(finished.fingerprint)
        best.varint(FinishedForm.bitmap | UInt64(bitmapLength * 8 - finished.sourceCount) << 2)
        var bitmap = [UInt8](repeating: 0, count: bitmapLength)
        for index in finished.indices { bitmap[index / 8] |= 1 << UInt8(index % 8) }
        best.raw(bitmap)

        // Each listed index takes at least a byte: a list only when it can be shorter than the bitmap.
        func consider(_ form: UInt64, _ indices: @autoclosure () -> [Int], count: Int) {
            guard count + 6 < best.bytes.count else { return }
            var list = TokenCoding.Writer()
            list.word(finished.fingerprint)
            list.varint(form)
            list.count(finished.sourceCount)
            gaps(indices(), into: &list)
            if list.bytes.count < best.bytes.count { best = list }
        }
        consider(FinishedForm.list, finished.indices, count: finished.indices.count)
        consider(
            FinishedForm.complement, others(of: finished.indices, below: finished.sourceCount),
            count: finished.sourceCount - finished.indices.count)
        return best.bytes
    }

    private static func r3DecodeFinished(_ reader: inout TokenCoding.Reader) -> FinishedSources? {
        guard let fingerprint = reader.word(), let form = reader.varint() else { return nil }
        switch form & 3 {
        case FinishedForm.bitmap:
            let unused = Int(form >> 2)
            guard unused < 8, let bitmap = reader.bytes(reader.remaining),
                bitmap.count <= (maxSourceCount + 7) / 8, bitmap.count > 0 || unused == 0
            else { return nil }
            let sourceCount = bitmap.count * 8 - unused
            let indices = setBits(bitmap)
            guard indices.last.map({ $0 < sourceCount }) ?? true else { return nil }
            return FinishedSources(fingerprint: fingerprint, sourceCount: sourceCount, indices: indices)
        case FinishedForm.list, FinishedForm.complement:
            guard form >> 2 == 0, let sourceCount = reader.count(limit: maxSourceCount),
                let listed = readGaps(&reader, below: sourceCount)
            else { return nil }
            let indices = form & 3 == FinishedForm.list ? listed : others(of: listed, below: sourceCount)
            return FinishedSources(fingerprint: fingerprint, sourceCount: sourceCount, indices: indices)
        default: return nil
        }
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
}
