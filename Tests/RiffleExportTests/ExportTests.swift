import RiffleBytes
import RiffleCore
import RiffleExport
import RiffleTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A sink that keeps bytes in memory.
final class MemorySink: ExportSink, @unchecked Sendable {
    var bytes: [UInt8] = []
    var committed = false
    var aborted = false
    func write(_ bytes: [UInt8]) throws { self.bytes += bytes }
    func commit() throws { committed = true }
    func abort() { aborted = true }
    var text: String { String(decoding: bytes, as: UTF8.self) }
}

struct FailingSource: Pageable {
    func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
        throw SourceError("HTTP 502 from api.example.test")
    }
}

func sampleSources(count: Int = 120) -> [MergeSource] {
    let a = (0..<count).map {
        Item(
            id: "a\($0)", time: Timestamp(unixSeconds: 1_700_000_000 - Int64($0) * 60),
            title: "Alpha \($0) \u{1B}]0;pwn\u{7}",
            url: "https://a.example/\($0)", author: "ann", summary: $0 % 2 == 0 ? "body \($0)" : nil,
            tags: ["bug", "ui"], extra: ["iid": .int(Int64($0))])
    }
    let b = (0..<count).map {
        Item(id: "b\($0)", time: Timestamp(unixSeconds: 1_700_000_000 - Int64($0) * 97), title: "Beta \($0) 中文 😀")
    }
    return [
        MergeSource(name: "alpha", pageable: InMemorySource(items: a), pageSize: 25),
        MergeSource(name: "beta", pageable: InMemorySource(items: b), pageSize: 40),
    ]
}

func export(
    _ format: ExportFormat, sources: [MergeSource] = sampleSources(), limit: Int? = nil, after: MergePosition? = nil
)
    async throws -> (MemorySink, ExportSummary)
{
    let sink = MemorySink()
    let feed = MergedFeed(sources: sources, options: MergeOptions(), resumingAt: after)
    let summary = try await Exporter(format: format, limit: limit).run(feed, into: sink)
    return (sink, summary)
}

@Suite struct ExportFormatTests {
    @Test func jsonIsOneArrayOfContractItems() async throws {
        let (sink, summary) = try await export(.json)
        #expect(sink.committed)
        #expect(summary.items == 240)
        let value = try JSONValue(parsing: sink.bytes)
        guard case .array(let items) = value else {
            Issue.record("not an array")
            return
        }
        #expect(items.count == 240)
        let first = try #require(items.first)
        #expect(first["source"] == .string("alpha"))
        #expect(first["id"] == .string("a0"))
        #expect(first["time"] == .string("2023-11-14T22:13:20Z"))
        #expect(first["title"] == .string("Alpha 0 \u{1B}]0;pwn\u{7}"))
        #expect(first["tags"] == .array([.string("bug"), .string("ui")]))
        #expect(first["extra"]?["iid"] == .int(0))
        #expect(first["cursor"]?.stringValue?.hasPrefix("r3.") == true)
        let beta = try #require(items.first { $0["source"] == .string("beta") })
        #expect(
            beta["url"] == nil && beta["author"] == nil && beta["summary"] == nil && beta["tags"] == nil
                && beta["extra"] == nil,
            "absent optional fields are omitted, not null")
        let times = items.compactMap { $0["time"]?.stringValue }
        #expect(times == times.sorted(by: >), "newest first")
        #expect(!sink.text.contains("\u{1B}"), "control characters are escaped in JSON")
    }

    @Test func ndjsonIsOneItemPerLine() async throws {
        let (sink, _) = try await export(.ndjson)
        let lines = sink.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 241 && lines.last == "")
        for line in lines.dropLast() { _ = try JSONValue(parsing: String(line)) }
    }

    @Test func jsonFeedFollowsVersion11() async throws {
        let (sink, _) = try await export(.jsonfeed)
        let feed = try JSONValue(parsing: sink.bytes)
        #expect(feed["version"] == .string("https://jsonfeed.org/version/1.1"))
        #expect(feed["title"]?.stringValue != nil)
        guard case .array(let items)? = feed["items"] else {
            Issue.record("no items")
            return
        }
        var ids = Set<String>()
        for item in items {
            let id = try #require(item["id"]?.stringValue, "id is a string")
            #expect(ids.insert(id).inserted, "ids are unique")
            #expect(item["content_text"]?.stringValue != nil || item["content_html"]?.stringValue != nil)
            let date = try #require(item["date_published"]?.stringValue)
            #expect(Timestamp(rfc3339: date) != nil)
            #expect(item["_riffle"]?["source"] != nil)
        }
    }

    @Test func emptyFeedsAreStillValidDocuments() async throws {
        for format in ExportFormat.allCases {
            let (sink, _) = try await export(
                format, sources: [MergeSource(name: "none", pageable: InMemorySource(items: []), pageSize: 10)])
            if format == .ndjson {
                #expect(sink.bytes.isEmpty)
            } else {
                _ = try JSONValue(parsing: sink.bytes)
            }
        }
    }

    @Test func sameDataGivesTheSameBytes() async throws {
        let (first, _) = try await export(.json)
        let (second, _) = try await export(.json)
        #expect(first.bytes == second.bytes)
    }

    @Test func resumingAfterTheHundredthItemContinuesExactly() async throws {
        let (whole, _) = try await export(.ndjson, limit: 200)
        let (head, _) = try await export(.ndjson, limit: 100)
        let lines = head.text.split(separator: "\n")
        let last = try JSONValue(parsing: String(try #require(lines.last)))
        let token = try #require(last["cursor"]?.stringValue)
        let position: MergePosition = try #require(MergePosition(token: token), "the cursor is a resume token")
        let (tail, _) = try await export(.ndjson, limit: 100, after: position)
        #expect(head.text + tail.text == whole.text)
    }

    @Test func aFailedSourceIsNamedAndTheRestIsStillOneValidDocument() async throws {
        let sources = sampleSources(count: 10) + [MergeSource(name: "broken", pageable: FailingSource(), pageSize: 10)]
        let (sink, summary) = try await export(.json, sources: sources)
        #expect(summary.failed.map(\.name) == ["broken"])
        #expect(summary.failed.first?.lastError?.message == "HTTP 502 from api.example.test")
        guard case .array(let items) = try JSONValue(parsing: sink.bytes) else {
            Issue.record("not an array")
            return
        }
        #expect(items.count == 20)
    }
}

@Suite struct AtomicFileSinkTests {
    func temporaryDirectory() throws -> String {
        var template = Array("/tmp/riffle-export-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        return String(cString: try #require(made))
    }

    func remove(_ directory: String) {
        for name in entries(directory) { unlink(directory + "/" + name) }
        rmdir(directory)
    }

    func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            out += buffer[0..<count]
        }
        return String(decoding: out, as: UTF8.self)
    }

    func entries(_ directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    @Test func commitReplacesAndAbortLeavesThePreviousFile() throws {
        let directory = try temporaryDirectory()
        defer { remove(directory) }
        let path = directory + "/feed.json"
        let first = try AtomicFileSink(path: path)
        try first.write(Array("old".utf8))
        #expect(read(path) == nil, "nothing is visible before commit")
        try first.commit()
        #expect(read(path) == "old")

        let second = try AtomicFileSink(path: path)
        try second.write(Array("half a fi".utf8))
        second.abort()
        #expect(read(path) == "old", "an aborted run never clobbers the previous file")
        #expect(entries(directory) == ["feed.json"], "and leaves no temporary file")
    }

    /// A file sink whose disk fills up: each write reaches the temporary file, then fails.
    final class DiskFillingUp: ExportSink {
        struct Full: Error {}
        let file: AtomicFileSink
        let directory: String
        /// What the directory held when the write failed.
        var entriesAtFailure: [String] = []
        let entries: (String) -> [String]

        init(_ file: AtomicFileSink, in directory: String, entries: @escaping (String) -> [String]) {
            self.file = file
            self.directory = directory
            self.entries = entries
        }

        func write(_ bytes: [UInt8]) throws {
            try file.write(bytes)
            entriesAtFailure = entries(directory)
            throw Full()
        }
        func commit() throws { try file.commit() }
        func abort() { file.abort() }
    }

    @Test func aFailingExportAbortsItsFile() async throws {
        let directory = try temporaryDirectory()
        defer { remove(directory) }
        let path = directory + "/out.json"
        let previous = try AtomicFileSink(path: path)
        try previous.write(Array("previous".utf8))
        try previous.commit()
        let sink = DiskFillingUp(try AtomicFileSink(path: path), in: directory, entries: entries)
        await #expect(throws: DiskFillingUp.Full.self) {
            _ = try await Exporter(format: .json).run(MergedFeed(sources: sampleSources(count: 5)), into: sink)
        }
        #expect(sink.entriesAtFailure.count == 2, "the half-written temporary file was there")
        withExtendedLifetime(sink) {
            #expect(entries(directory) == ["out.json"], "the exporter aborted it: no temporary file is left")
            #expect(read(path) == "previous", "and the previous file is untouched")
        }
    }
}

@Suite struct SpecialOutputTests {
    @Test func devNullIsWrittenNotReplaced() async throws {
        let sink = try outputSink(path: "/dev/null")
        try sink.write(Array("x".utf8))
        try sink.commit()
        var info = stat()
        #expect(stat("/dev/null", &info) == 0)
        #expect((info.st_mode & S_IFMT) == S_IFCHR, "/dev/null is still a character device")
    }
}

@Suite(.timeLimit(.minutes(3))) struct CancelledExportTests {
    /// A source whose load never answers until it is cancelled: cancelling the export while it waits
    /// must not commit. Each load that begins says so on `loadsBegun`, the moment it begins.
    final class Slow: Pageable {
        let loadsBegun: AsyncStream<Void>
        private let begun: AsyncStream<Void>.Continuation

        init() { (loadsBegun, begun) = AsyncStream.makeStream() }

        func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
            begun.yield()
            // Only cancellation ends this load (no answer after a while that a slow machine could reach
            // before the test cancels, so that the export completes and commits).
            while true { try await Task.sleep(for: .seconds(3600)) }
        }
    }

    /// Waits on the event itself: the slow source's load has begun (however long a loaded machine takes
    /// to get there; the suite's time limit bounds a run that never does), then cancels the export.
    @Test func aCancelledExportNeverCommits() async throws {
        let sink = MemorySink()
        let slow = Slow()
        let feed = MergedFeed(
            sources: sampleSources(count: 3) + [MergeSource(name: "slow", pageable: slow, pageSize: 10)])
        let task = Task { try await Exporter(format: .json).run(feed, into: sink) }
        var begun = slow.loadsBegun.makeAsyncIterator()
        let loadBegan = await begun.next() != nil
        #expect(loadBegan, "the export waits for the slow source")
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(!sink.committed && sink.aborted)
    }
}
