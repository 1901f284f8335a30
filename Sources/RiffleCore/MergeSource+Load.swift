extension MergeSource {
    /// Loads one page with the source's name in `SourceContext` (so `-v` lines name it), as a result the
    /// merge state takes: a `SourceError` as it is, cancellation as `.cancelled`, anything else worded.
    /// The one place a merge, or a probe of a source's first page, calls an adapter.
    func loadResult(after cursor: String?, pageSize: Int) async -> Result<Page, SourceError> {
        do {
            let page = try await SourceContext.$name.withValue(name) {
                try await pageable.loadPage(after: cursor, pageSize: pageSize)
            }
            return .success(page)
        } catch let error as SourceError {
            return .failure(error)
        } catch is CancellationError {
            return .failure(.cancelled)
        } catch {
            return .failure(SourceError(String(describing: error)))
        }
    }
}
