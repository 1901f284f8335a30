import Foundation
import RiffleCore
import RiffleStore
import RiffleStoreKit
import RiffleSystem

/// A store filled in this process, page by page through `Store.beginRun` and `SourceRun.commit` as riffle
/// writes what it reads, for the store benchmark's offline figures; and the first screen of its merged view
/// read in this process, which is that figure without process start-up.
///
/// Items look like GitLab issues (an id, a title, a URL, an author, a summary of about 170 characters, two
/// tags, two extras), their times interleaved across the sources as real sources' are, so the merge takes
/// from every source.
enum StoreFill {
    static let pageSize = 50

    /// How writing went.
    struct Written: Sendable {
        var items: Int
        var seconds: Double
        /// The file's size with its `-wal`, once the store is closed.
        var bytes: Int
    }

    /// Writes `total` items into a new store at `path`, spread evenly over `sources` (named by `name`,
    /// adapter type `type`), each source one run from its head in pages of ``pageSize``, nothing dropped.
    static func fill(path: String, total: Int, sources: [String], type: String) async throws -> Written {
        let started = SystemClock.monotonicNanoseconds()
        let store = try await SQLiteStore.open(at: path)
        let perSource = total / sources.count
        for (index, name) in sources.enumerated() {
            var run = try await store.beginRun(
                of: StoreSource(name: name, type: type), policy: SourcePolicy(maxItems: nil))
            let pages = (perSource + pageSize - 1) / pageSize
            for page in 0..<pages {
                let items = (page * pageSize..<min(perSource, (page + 1) * pageSize)).map {
                    item(source: index, sources: sources.count, index: $0)
                }
                try await run.commit(Page(items: items, nextCursor: String(page + 1), hasMore: page + 1 < pages))
            }
            try await run.finish(.ok)
        }
        try store.close()
        let seconds = Double(SystemClock.monotonicNanoseconds() - started) / 1e9
        return Written(items: perSource * sources.count, seconds: seconds, bytes: fileBytes(path))
    }

    /// Opens the store at `path` afresh, as a new process would, and reads the first `count` items of the
    /// merged newest-first view of `sources`: the seconds that took, open included, and the items read.
    static func firstScreen(path: String, sources: [String], count: Int) async throws -> (seconds: Double, items: Int) {
        let started = SystemClock.monotonicNanoseconds()
        let store = try await SQLiteStore.open(at: path)
        let merged = MergedPageable(
            sources: sources.map {
                MergeSource(name: $0, pageable: StoredItems(store: store, source: $0), pageSize: pageSize)
            })
        let page = try await merged.loadPage(after: nil, pageSize: count)
        let seconds = Double(SystemClock.monotonicNanoseconds() - started) / 1e9
        try store.close()
        return (seconds, page.items.count)
    }

    /// Bytes of the store file at `path` and of its `-wal` beside it (0 for what is missing).
    static func fileBytes(_ path: String) -> Int {
        [path, path + "-wal"].reduce(0) { total, file in
            total + (((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int) ?? 0)
        }
    }

    /// Item `index` (0 is the newest) of source `source` of `sources`.
    static func item(source: Int, sources: Int, index: Int) -> Item {
        Item(
            id: "gid://gitlab/Issue/\(source * 1_000_000 + index)",
            time: Timestamp(unixSeconds: 1_767_225_600 - Int64(index * sources + source) * 7),
            title: "Issue \(index) of source \(source): something about the pipeline failing on main",
            url: "https://gitlab.example.com/group/project/-/issues/\(index)", author: "user\(index % 97)",
            summary: String(repeating: "A summary line of an issue. ", count: 6), tags: ["bug", "backend"],
            extra: ["iid": .int(Int64(index)), "state": .string("opened")])
    }
}
