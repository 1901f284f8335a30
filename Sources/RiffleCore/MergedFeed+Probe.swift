extension MergedFeed {
    /// Loads `source`'s first page (at most `pageSize` items) through the same rules as the merge, and
    /// returns its status: items, skipped items with the first reason, items out of order, an early stop,
    /// server warnings — or the failure, including a page whose every item was skipped. What
    /// `riffle sources` reports, so that it can never say `ok` about a page the merge would refuse.
    package static func probe(_ source: MergeSource, pageSize: Int) async -> SourceStatus {
        var state = MergeState(
            sources: [MergeState.SourceInfo(name: source.name, pageSize: pageSize)],
            options: MergeOptions(maxPagesPerSource: 1))
        for request in state.loadsToStart() {
            let result = await source.loadResult(after: request.cursor, pageSize: request.pageSize)
            state.deliver(result, to: request.source)
        }
        // Emit what the page holds, so that items out of order within it are counted.
        while case .item = state.next() {}
        return state.statuses[0]
    }
}
