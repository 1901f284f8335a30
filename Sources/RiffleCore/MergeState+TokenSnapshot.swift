extension MergeState {
    /// What a token written right after the last emitted item says of its anchor, read off the merge
    /// (`tokenSnapshot(anchorHasEntry:)`) for `ResumeTokenEncoder`.
    package struct TokenSnapshot: Sendable {
        /// The anchor's source, as its index in the configured list.
        var source: Int
        var time: Timestamp
        /// The anchor is the frontier.
        var isInOrder: Bool
        /// Its index on its source's first page, when the token names it (see `MergePosition.Anchor`).
        var firstPageIndex: Int?
        var idHash: UInt32
        /// Its source's entry's count, when that goes with the anchor.
        var entrySkip: Int?
        var frontier: Timestamp?
        /// The token carries `finished`.
        var hasFinished: Bool
    }
}
