import RiffleCore
import RiffleStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The store's figures: writing a large store page by page, and the first screen of the offline view.
enum StoreBenchmark {
    static let sources = 20
    static let pageSize = 50

    static func run(directory: String) async throws {
        for total in [10_000, 200_000] {
            let path = "\(directory)/bench-\(total).sqlite"
            let clock = ContinuousClock()
            let store = try await Store.open(at: path)
            let perSource = total / sources
            let written = try await clock.measure {
                for source in 0..<sources {
                    var run = try await store.beginRun(
                        of: StoreSource(name: "source-\(source)", type: "bench"), policy: SourcePolicy(maxItems: nil))
                    for page in 0..<perSource / pageSize {
                        try await run.commit(
                            Page(
                                items: items(source: source, page: page), nextCursor: String(page + 1),
                                hasMore: true))
                    }
                    try await run.finish(.ok)
                }
            }
            try store.close()
            var info = stat()
            stat(path, &info)
            let seconds = Double(written.components.seconds) + Double(written.components.attoseconds) / 1e18
            say(
                "write \(total) items: \(format(seconds)) s, \(Int(Double(total) / seconds)) items/s, "
                    + "\(Int(info.st_size) / total) bytes/item (\(Int(info.st_size)) bytes)\n")
            // A fresh open, as a new process would: open, then the first 50 of the merged view.
            for attempt in 0..<3 {
                let start = clock.now
                let reader = try await Store.open(at: path)
                let merged = MergedPageable(
                    sources: (0..<sources).map {
                        MergeSource(
                            name: "source-\($0)", pageable: StoredItems(store: reader, source: "source-\($0)"),
                            pageSize: pageSize)
                    })
                let page = try await merged.loadPage(after: nil, pageSize: 50)
                let elapsed = clock.now - start
                say(
                    "read first \(page.items.count) of the merged view at \(total) items (open included, run "
                        + "\(attempt + 1)): \(elapsed)\n")
            }
        }
    }

    static func items(source: Int, page: Int) -> [Item] {
        (0..<pageSize).map { offset in
            let index = page * pageSize + offset
            return Item(
                id: "gid://gitlab/Issue/\(source * 1_000_000 + index)",
                time: Timestamp(unixSeconds: 1_767_225_600 - Int64(index * sources + source) * 7),
                title: "Issue \(index) of source \(source): something about the pipeline failing on main",
                url: "https://gitlab.example.com/group/project/-/issues/\(index)", author: "user\(index % 97)",
                summary: String(repeating: "A summary line of an issue. ", count: 6), tags: ["bug", "backend"],
                extra: ["iid": .int(Int64(index)), "state": .string("opened")])
        }
    }

    static func format(_ value: Double) -> String { String(Double(Int(value * 100)) / 100) }
}
