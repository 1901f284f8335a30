internal import RiffleBytes
package import RiffleCore
internal import RiffleSystem

/// Streams a merged feed into a sink in one format: items are encoded as the merge emits them and
/// written in blocks, so memory stays O(sources × page size) however many items there are.
package struct Exporter: Sendable {
    var format: ExportFormat
    /// Stop after this many items (and stop fetching: loads in flight are cancelled).
    var limit: Int?
    /// Called about four times a second with progress, when set (the CLI sets it when stderr is a
    /// terminal).
    var progress: (@Sendable (ExportProgress) -> Void)?

    /// Only items for which this holds are written (and counted against `limit`): `--unread`.
    var include: (@Sendable (MergedItem) -> Bool)?
    /// Whether the summary lists every written item (`ExportSummary.written`), for `--mark-read`.
    var recordsWritten: Bool

    package init(
        format: ExportFormat, limit: Int? = nil, progress: (@Sendable (ExportProgress) -> Void)? = nil,
        include: (@Sendable (MergedItem) -> Bool)? = nil, recordsWritten: Bool = false
    ) {
        self.format = format
        self.limit = limit
        self.progress = progress
        self.include = include
        self.recordsWritten = recordsWritten
    }

    /// Bytes gathered before each write: 256 KiB, about ten pages of small items, so that the output costs
    /// a `write` per several pages rather than one or two per page (64 KiB did: 412 for 500 pages of 27 MB).
    static let blockSize = 256 * 1024

    /// Writes the feed and commits the sink. A source that fails does not stop the export: the rest is
    /// written, and the summary names the failed sources. A sink error aborts the sink and is thrown.
    ///
    /// The merge, its loads and the encoding run on a `ThreadExecutor` of their own (the global pool if
    /// its thread cannot be made): a page's way from the HTTP loop thread through its load to the
    /// consumer then wakes one thread, not a chain of pool threads.
    package func run(_ feed: MergedFeed, into sink: any ExportSink) async throws -> ExportSummary {
        let executor = try? ThreadExecutor()
        let result: Result<ExportSummary, any Error>
        do {
            result = .success(try await withTaskExecutorPreference(executor) { try await export(feed, into: sink) })
        } catch {
            result = .failure(error)
        }
        await executor?.shutdown()
        return try result.get()
    }

    /// `run(_:into:)` on the current executor.
    private func export(_ feed: MergedFeed, into sink: any ExportSink) async throws -> ExportSummary {
        var encoder = ExportEncoder(format: format)
        let clock = ContinuousClock()
        let started = clock.now
        do {
            let written = try await feed.run { reader in
                let out = ByteBuffer(capacity: Self.blockSize + 64 * 1024)
                encoder.header(into: out)
                var count = 0
                var written: [ItemVersion] = []
                var lastProgress = started
                while limit.map({ count < $0 }) ?? true, let merged = try await reader.next() {
                    if let include, !include(merged) { continue }
                    encoder.item(merged, into: out) { reader.writeToken(into: $0) }
                    count += 1
                    if recordsWritten {
                        written.append(
                            ItemVersion(source: merged.sourceName, id: merged.item.id, time: merged.item.time))
                    }
                    if out.count >= Self.blockSize {
                        try sink.write(out)
                        out.removeAll()
                    }
                    if let progress, clock.now - lastProgress > .milliseconds(250) {
                        lastProgress = clock.now
                        progress(ExportProgress(items: count, elapsed: clock.now - started, statuses: reader.statuses))
                    }
                }
                encoder.footer(into: out)
                try sink.write(out)
                return (count, written)
            }
            // An interrupted run never replaces the previous file.
            try Task.checkCancellation()
            try sink.commit()
            let statuses = feed.statuses
            return ExportSummary(
                items: written.0, elapsed: clock.now - started, statuses: statuses, written: written.1)
        } catch {
            sink.abort()
            throw error
        }
    }
}

/// How far an export has come.
package struct ExportProgress: Sendable {
    var items: Int
    var elapsed: Duration
    var statuses: [SourceStatus]

    /// One line for a terminal: items out, pages per source, elapsed.
    package var line: String {
        let pages = statuses.map { "\($0.name) \($0.pagesLoaded)p" }.joined(separator: ", ")
        let tenths = Int((elapsed.seconds * 10).rounded())
        return "\(items) items · \(pages) · \(tenths / 10).\(tenths % 10)s"
    }
}

/// What an export did.
package struct ExportSummary: Sendable {
    package var items: Int
    package var elapsed: Duration
    package var statuses: [SourceStatus]
    /// Every item written, in order, when the exporter `recordsWritten`; else empty.
    package var written: [ItemVersion] = []

    /// Sources that failed (after retries): the run is partial (exit 2).
    package var failed: [SourceStatus] { statuses.filter { $0.lastError != nil } }
}
