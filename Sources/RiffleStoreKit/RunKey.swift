/// One run of a source from its head, as the store numbers it: the store's key for the source and the
/// run's number (increasing per source, across processes), so that a newer concurrent run of a source is
/// never undone by an older one.
package struct RunKey: Sendable, Hashable {
    /// The store's key for the source.
    package var sourceID: Int64
    /// The run's number for the source.
    package var run: Int64

    package init(sourceID: Int64, run: Int64) {
        self.sourceID = sourceID
        self.run = run
    }
}
