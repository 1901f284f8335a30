import RiffleCore
import RiffleStore
import RiffleStoreKit

// riffle-store-probe: writes pages to a store, for the store's multi-process and kill -9 tests.
//
//     riffle-store-probe PATH SOURCE PAGES PAGE_SIZE
//
// (The store's figures are `riffle-bench store`.)
//
// One run of SOURCE from its head: PAGES pages of PAGE_SIZE items (ids `SOURCE-N`, times going back one
// second per item from 2026-01-01), one transaction each. After each commit it prints `committed K` (the
// pages committed so far) and flushes, so a test that kills it knows what must be in the store.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes `text` to a file descriptor unbuffered (a line on stdout is out before the next commit starts).
func say(_ text: String, to descriptor: Int32 = 1) {
    _ = text.withCString { write(descriptor, $0, strlen($0)) }
}

let arguments = CommandLine.arguments
guard arguments.count == 5, let pages = Int(arguments[3]), let pageSize = Int(arguments[4]), pages >= 0,
    pageSize > 0
else {
    say("usage: riffle-store-probe PATH SOURCE PAGES PAGE_SIZE\n", to: 2)
    exit(64)
}
let (path, source) = (arguments[1], arguments[2])
let start: Int64 = 1_767_225_600  // 2026-01-01T00:00:00Z

do {
    let store = try await SQLiteStore.open(at: path)
    var run = try await store.beginRun(
        of: StoreSource(name: source, type: "probe"), policy: SourcePolicy(maxItems: nil))
    for page in 0..<pages {
        let items = (0..<pageSize).map { offset in
            let index = page * pageSize + offset
            return Item(
                id: "\(source)-\(index)", time: Timestamp(unixSeconds: start - Int64(index)),
                title: "item \(index) of \(source)", url: "https://example.com/\(source)/\(index)",
                author: "probe", summary: String(repeating: "summary ", count: 8), tags: ["probe", source],
                extra: ["index": .int(Int64(index))])
        }
        try await run.commit(Page(items: items, nextCursor: String((page + 1) * pageSize), hasMore: page + 1 < pages))
        say("committed \(page + 1)\n")
    }
    try await run.finish(.ok)
    // Closed as a clean exit leaves it: every committed page is in the file, none only in the WAL.
    try store.close()
} catch {
    say("riffle-store-probe: \(error)\n", to: 2)
    exit(1)
}
