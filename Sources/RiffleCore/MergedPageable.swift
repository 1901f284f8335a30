/// The merged stream seen as one more `Pageable`: a page is the next `pageSize` merged items and its
/// cursor is a `MergePosition` token, so a merge can itself be paged, resumed, or be a source of
/// another merge. Item ids become `SOURCE/ID` to stay unique; the source name is also in `extra`.
package struct MergedPageable: Pageable {
    let sources: [MergeSource]
    let options: MergeOptions

    package init(sources: [MergeSource], options: MergeOptions = MergeOptions()) {
        self.sources = sources
        self.options = options
    }

    package func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
        var position: MergePosition?
        if let cursor {
            switch MergePosition.parse(token: cursor) {
            case .success(let parsed): position = parsed
            case .failure(let problem):
                throw SourceError.invalidCursor("\(problem): \(cursor.prefix(40))")
            }
        }
        let feed = MergedFeed(sources: sources, options: options, resumingAt: position)
        let size = max(1, pageSize)
        return try await feed.run { reader in
            var items: [Item] = []
            var run: [MergedItem] = []
            while items.count < size, try await reader.next(upTo: size - items.count, into: &run) {
                for merged in run {
                    var item = merged.item
                    item.id = "\(merged.sourceName)/\(item.id)"
                    item.extra["source"] = .string(merged.sourceName)
                    items.append(item)
                }
            }
            let next = reader.token
            // Peek one item: the page is the last one when nothing follows it.
            let hasMore = items.count == size ? try await reader.next() != nil : false
            return Page(items: items, nextCursor: next, hasMore: hasMore)
        }
    }
}
