extension MergeState {
    /// The part of an `r3.` token that changes only when a source moves page or ends (see
    /// `MergePosition+R3`), with what it was made from, and the sources changed since.
    struct TokenTail: Sendable {
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
        /// Sources whose entry may have changed since the tail was checked.
        var touched: [Int] = []
        var isTouched: [Bool]

        init(names sourceNames: [String]) {
            entries = Array(repeating: nil, count: sourceNames.count)
            hasEntry = Array(repeating: false, count: sourceNames.count)
            isTouched = Array(repeating: false, count: sourceNames.count)
            var names: [UInt8] = []
            var starts = [0]
            for name in sourceNames {
                names += MergePosition.r3Source(.name(name))
                starts.append(names.count)
            }
            self.names = names
            self.nameStarts = starts
        }

        mutating func touch(_ index: Int) {
            guard !isTouched[index] else { return }
            isTouched[index] = true
            touched.append(index)
        }
    }
}
