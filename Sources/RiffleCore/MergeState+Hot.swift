extension MergeState {
    /// One source's bookkeeping that `next()` does per item beside its buffer, in one record per source
    /// (`MergeState.hot`) rather than an array per field: an item then touches one cache line of it
    /// rather than one line in each of four arrays, which shows when hundreds of sources interleave.
    struct Hot: Sendable {
        /// The source's name, which each `MergedItem` carries.
        var name: String
        /// The buffer count below which the source asks for its next page (`threshold`), or 0 while it
        /// cannot load.
        var loadBelow = 0
        /// The source is in `candidates`: its buffer changed since the last `loadsToStart()`.
        var isCandidate = false
    }
}
