extension MergeState {
    /// The part of an `r3.` token that changes only when a source moves page or ends (see
    /// `MergePosition+R3`), with what it was made from, and the sources changed since.
    struct TokenTail: Sendable {
        var bytes: [UInt8] = []
        /// The base64 of `bytes` when they are long enough to be encoded apart (else empty).
        var text: [UInt8] = []
        /// The last token's head, whose buffer the next one's is written over (no allocation per item).
        var head: [UInt8] = []
        /// Each source's entry in it.
        var entries: [MergePosition.Entry?]
        var entryCount = 0
        var isValid = false
        /// Sources whose entry may have changed since the tail was checked.
        var touched: [Int] = []
        var isTouched: [Bool]

        init(sourceCount: Int) {
            entries = Array(repeating: nil, count: sourceCount)
            isTouched = Array(repeating: false, count: sourceCount)
        }

        mutating func touch(_ index: Int) {
            guard !isTouched[index] else { return }
            isTouched[index] = true
            touched.append(index)
        }
    }
}
