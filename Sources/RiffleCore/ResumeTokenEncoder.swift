package import RiffleBytes

/// Writes the resume token of a merge after each emitted item (the export's `cursor`): the same text as
/// `MergeState.position.token`, made at the cost of what changed since the last one.
///
/// The merge (``MergeState``) says where it stands — the anchor's parts (`MergeState.TokenSnapshot`), which
/// sources may have moved page since the last token, and their entries — and the encoder keeps the token's
/// tail (entries and `finished`, see `MergePosition+R3`) encoded between the changes of its sources, so an
/// item costs its head, the head's base64 and a copy of the tail's. Positions the fast path cannot say (out of
/// order, or a source resumed by a count) are written from `MergeState.position`.
///
/// Unsafe only where a token is made: its head is written into scratch on the stack of
/// `MergePosition.r3ScratchCount` bytes, through a `ByteWriter` over it, and the text is made there
/// (`MergePosition.withR3Text`, whose invariants hold). The bytes handed to `withTokenBytes`'s body are
/// valid during the call only; other modules get the token as a `String` or written into a `ByteBuffer`.
package struct ResumeTokenEncoder: Sendable {
    private var tail: Tail
    /// The touched sources handed over by the merge, kept to reuse its buffer.
    private var touched: [Int] = []

    /// An encoder for the tokens of `state`'s merge.
    package init(for state: MergeState) { tail = Tail(names: state.slots.map(\.info.name)) }

    /// The token of `state` right after its last emitted item.
    package mutating func token(for state: inout MergeState) -> String {
        withTokenBytes(for: &state, MergePosition.r3String)
    }

    /// Appends the text of `token(for:)` to `out` without making the `String`: the export's cursor per item,
    /// written into room of exactly its length.
    package mutating func writeToken(for state: inout MergeState, into out: ByteBuffer) {
        withTokenBytes(for: &state) { first, second in
            out.write(reserving: first.count + second.count) { out in
                out.put(first)
                out.put(second)
            }
        }
    }

    /// `body` with the text of `token(for:)` in two parts (see `MergePosition.withR3Text`), the one place it is
    /// made: the export copies them into its block.
    mutating func withTokenBytes<Result>(
        for state: inout MergeState, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        guard state.tokenFollowsTheRule else {
            var text = state.position.token
            return text.withUTF8 { body($0, UnsafeBufferPointer(start: nil, count: 0)) }
        }
        refreshTail(from: &state)
        let snapshot = state.tokenSnapshot(anchorHasEntry: { tail.hasEntry[$0] })
        return tokenBytes(snapshot, state: &state, body)
    }

    /// The head written straight into scratch on the stack from the anchor's parts and the source's name
    /// encoded once (`Tail.names`), then the text made there (`MergePosition.withR3Text(flags:headIn:…)`):
    /// no `Anchor`, array or retained `String` per item.
    private func tokenBytes<Result>(
        _ snapshot: MergeState.TokenSnapshot, state: inout MergeState,
        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let nameStart = tail.nameStarts[snapshot.source]
        let nameEnd = tail.nameStarts[snapshot.source + 1]
        let hasEntries = tail.entryCount > 0
        let tailBytes = tail.bytes
        let names = tail.names
        let encodedTail = tail.text.isEmpty ? nil : tail.text
        let capacity = MergePosition.r3ScratchCount(
            headCount: MergePosition.r3HeadBound + nameEnd - nameStart, tail: tailBytes)
        let text = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { scratch -> Result? in
            var writer = ByteWriter(UnsafeMutableBufferPointer(rebasing: scratch[MergePosition.r3FlagsRoom...]))
            let flags = MergePosition.r3Head(
                time: snapshot.time, source: names[nameStart..<nameEnd], sourceIsIndex: false,
                firstPageIndex: snapshot.firstPageIndex, idHash: snapshot.idHash, entrySkip: snapshot.entrySkip,
                isFrontier: snapshot.isInOrder, frontier: snapshot.frontier, hasEntries: hasEntries,
                hasFinished: snapshot.hasFinished, to: &writer)
            let headCount = writer.count
            if !hasEntries,
                MergePosition.r3TextCount(flags: flags, headCount: headCount, tail: tailBytes, encodedTail: encodedTail)
                    > MergePosition.r3SmallTokenLimit
            {
                return nil
            }
            return MergePosition.withR3Text(
                flags: flags, headIn: scratch, headCount: headCount, tail: tailBytes, encodedTail: encodedTail, body)
        }
        if let text { return text }
        // The name would take the token past the contract's size: name the source by its index instead.
        let named = state.anchorNamedByIndex(anchorHasEntry: tail.hasEntry[snapshot.source])
        let head = MergePosition.r3Head(
            anchor: named.anchor, frontier: snapshot.frontier, hasEntries: false, hasFinished: true)
        let tail = MergePosition.r3Tail(entries: [MergePosition.Entry](), finished: named.finished)
        return MergePosition.withR3Text(flags: head.flags, head: head.bytes, tail: tail, encodedTail: nil, body)
    }

    /// Makes the tail current: unchanged unless the entry of a source the merge touched since differs, or
    /// `finished` changed (a new generation).
    private mutating func refreshTail(from state: inout MergeState) {
        state.moveTouchedSources(into: &touched)
        // Most items move no source to another page: nothing to look at, nothing to empty.
        if !touched.isEmpty {
            for index in touched where tail.isValid && state.tailEntry(for: index) != tail.entries[index] {
                tail.isValid = false
            }
            touched.removeAll(keepingCapacity: true)
        }
        guard !tail.isValid || tail.generation != state.finishedGeneration else { return }
        var entries: [MergePosition.Entry] = []
        entries.reserveCapacity(max(tail.entryCount, 8))
        for index in state.pastFirstPageSources {
            let entry = state.tailEntry(for: index)
            tail.entries[index] = entry
            tail.hasEntry[index] = entry != nil
            if let entry { entries.append(entry) }
        }
        tail.entryCount = entries.count
        tail.bytes = MergePosition.r3Tail(entries: entries, finished: state.finishedForToken)
        tail.text.removeAll(keepingCapacity: true)
        if tail.bytes.count >= MergePosition.r3SeparateTail {
            Base64URL.encode(tail.bytes[...], appendingTo: &tail.text)
        }
        tail.generation = state.finishedGeneration
        tail.isValid = true
    }
}

extension ResumeTokenEncoder {
    /// The part of an `r3.` token that changes only when a source moves page or ends (see
    /// `MergePosition+R3`), with what it was made from.
    struct Tail: Sendable {
        var bytes: [UInt8] = []
        /// The base64 of `bytes` when they are long enough to be encoded apart (else empty).
        var text: [UInt8] = []
        /// Each source's entry in it, and whether it has one (read per item without copying the entry).
        var entries: [MergePosition.Entry?]
        var hasEntry: [Bool]
        /// Every source's name as a head holds it (`MergePosition.r3Source`), one after another: source `i`'s
        /// at `nameStarts[i]..<nameStarts[i + 1]`. Encoded once, copied into each token's head.
        let names: [UInt8]
        let nameStarts: [Int]
        var entryCount = 0
        var isValid = false
        /// The merge's `finishedGeneration` the tail was made at.
        var generation = 0

        init(names sourceNames: [String]) {
            entries = Array(repeating: nil, count: sourceNames.count)
            hasEntry = Array(repeating: false, count: sourceNames.count)
            var names: [UInt8] = []
            var starts = [0]
            for name in sourceNames {
                names += MergePosition.r3Source(.name(name))
                starts.append(names.count)
            }
            self.names = names
            self.nameStarts = starts
        }
    }
}
