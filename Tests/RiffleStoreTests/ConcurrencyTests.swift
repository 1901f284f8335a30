import Foundation
import RiffleCore
import RiffleTestSupport
import Testing

@testable import RiffleStore
@testable import RiffleStoreKit

@Suite struct ConcurrencyTests {
    @Test func twoStoresOnOneFileWriteAtOnce() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory + "/s.sqlite"
            async let first = Self.write(path: path, source: "one", pages: 60)
            async let second = Self.write(path: path, source: "two", pages: 60)
            async let reads = Self.readRepeatedly(path: path, times: 60)
            _ = try await (first, second, reads)
            let store = try await SQLiteStore.open(at: path)
            let counts = try await store.summaries().map(\.itemCount)
            #expect(counts == [600, 600])
        }
    }

    static func write(path: String, source: String, pages: Int) async throws {
        let store = try await SQLiteStore.open(at: path)
        var run = try await store.beginRun(
            of: StoreSource(name: source, type: "probe"), policy: SourcePolicy(maxItems: nil))
        for index in 0..<pages {
            let items = (0..<10).map { item("\(source)-\(index)-\($0)", at: Int64(-(index * 10 + $0))) }
            try await run.commit(page(items))
        }
        try await run.finish(.ok)
    }

    static func readRepeatedly(path: String, times: Int) async throws {
        let store = try await SQLiteStore.open(at: path)
        for _ in 0..<times {
            _ = try await StoredItems(store: store, source: "one").load(after: nil, pageSize: 50)
            _ = try await store.summaries()
        }
    }

    @Test func twoProcessesWriteOneStoreAtOnce() async throws {
        let probe = try BuiltProducts.path(of: "riffle-store-probe")
        try await withTemporaryDirectory { directory in
            let path = directory + "/s.sqlite"
            let processes = ["alpha", "beta"].map { source in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: probe)
                process.arguments = [path, source, "150", "40"]
                process.standardOutput = FileHandle.nullDevice
                return process
            }
            async let first = processes[0].runUntilExit()
            async let second = processes[1].runUntilExit()
            #expect(try await [first, second] == [0, 0])
            let store = try await SQLiteStore.open(at: path)
            let summaries = try await store.summaries()
            #expect(summaries.map(\.itemCount) == [6_000, 6_000])
            #expect(summaries.map(\.lastOutcome) == [.ok, .ok])
        }
    }

    @Test func killingAWriterLeavesEveryCommittedPage() async throws {
        let probe = try BuiltProducts.path(of: "riffle-store-probe")
        try await withTemporaryDirectory { directory in
            let path = directory + "/s.sqlite"
            let pageSize = 50
            for round in 0..<8 {
                let output = Pipe()
                let process = Process()
                process.executableURL = URL(fileURLWithPath: probe)
                process.arguments = [path, "victim-\(round)", "1000000", String(pageSize)]
                process.standardOutput = output
                _ = try await process.runUntilExit {
                    try await Task.sleep(for: .milliseconds(Int.random(in: 150...900)))
                    kill(process.processIdentifier, SIGKILL)
                }
                let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                let committed = printed.split(separator: "\n").last.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
                let store = try await SQLiteStore.open(at: path)
                let stored = try await storedItems(store, "victim-\(round)", pageSize: 1_000)
                // Whole pages only: every page printed as committed, and at most the one committed after.
                #expect(stored.count % pageSize == 0)
                #expect(stored.count / pageSize >= committed && stored.count / pageSize <= committed + 1)
                #expect(
                    stored.prefix(committed * pageSize).map(\.id)
                        == (0..<committed * pageSize).map { "victim-\(round)-\($0)" })
                try store.close()
            }
        }
    }
}
