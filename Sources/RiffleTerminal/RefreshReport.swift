package import RiffleCore

/// What a refresh found at the top of the sources: `r`'s, or a background refresh's (`RefreshInbox`).
package struct RefreshReport: Sendable {
    /// Items found, any order. The reader keeps those newer than what it holds of their source (or newer
    /// versions of items it holds) waiting for `g`; `sourceIndex` is the source's place in the
    /// configuration, as in the merge.
    package var items: [MergedItem]
    /// Sources whose refresh failed, with the error (untrusted text).
    package var failures: [(source: String, message: String)]

    init(items: [MergedItem], failures: [(source: String, message: String)] = []) {
        self.items = items
        self.failures = failures
    }

    /// Loads the top of every source that has shown items: its first page, then further pages (at most
    /// `pageLimit`) until an item no newer than what it had already shown; concurrently, in child tasks.
    /// Sources that have shown nothing yet are left to the merge.
    package static func fetch(sources: [MergeSource], newest: [Int: Timestamp], pageLimit: Int) async -> RefreshReport {
        await withTaskGroup(of: (Int, Result<[Item], SourceError>).self) { group in
            for (index, source) in sources.enumerated() {
                guard let known = newest[index] else { continue }
                group.addTask {
                    let result = await SourceContext.$name.withValue(source.name) {
                        await top(of: source, newerThan: known, pageLimit: pageLimit)
                    }
                    return (index, result)
                }
            }
            var report = RefreshReport(items: [], failures: [])
            for await (index, result) in group {
                switch result {
                case .success(let items):
                    report.items += items.map {
                        MergedItem(sourceIndex: index, sourceName: sources[index].name, item: $0)
                    }
                case .failure(let error):
                    report.failures.append((sources[index].name, error.message))
                }
            }
            report.failures.sort { $0.source < $1.source }
            return report
        }
    }

    private static func top(of source: MergeSource, newerThan known: Timestamp, pageLimit: Int) async -> Result<
        [Item], SourceError
    > {
        var found: [Item] = []
        var cursor: String?
        do {
            for _ in 0..<pageLimit {
                let page = try await source.pageable.loadPage(after: cursor, pageSize: source.pageSize)
                for item in page.items {
                    guard item.time > known else { return .success(found) }
                    found.append(item)
                }
                guard page.hasMore, let next = page.nextCursor, next != cursor else { break }
                cursor = next
            }
            return .success(found)
        } catch let error as SourceError {
            return .failure(error)
        } catch {
            return .failure(SourceError(String(describing: error)))
        }
    }
}
