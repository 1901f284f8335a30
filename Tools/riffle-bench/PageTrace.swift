import Foundation
import RiffleCore
import Synchronization

/// When each source's page requests went out and when their pages landed, for `riffle-bench reader
/// --trace`: a timeline beside the first screen and the keys, to see what a waiting turn waited for.
final class PageTrace: Sendable {
    struct Event: Sendable {
        var source: String
        /// The page's number in its source, from 1.
        var page: Int
        var asked: ContinuousClock.Instant
        var landed: ContinuousClock.Instant?
        var items: Int
    }

    /// A source whose loads are recorded in a trace.
    struct Traced: Pageable {
        let name: String
        let base: any Pageable
        let trace: PageTrace

        func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
            let index = trace.begin(name)
            do {
                let page = try await base.loadPage(after: cursor, pageSize: pageSize)
                trace.end(index, items: page.items.count)
                return page
            } catch {
                trace.end(index, items: -1)
                throw error
            }
        }
    }

    let start: ContinuousClock.Instant
    private let events = Mutex<[Event]>([])

    init(start: ContinuousClock.Instant) { self.start = start }

    /// `sources` with their loads recorded here.
    func wrap(_ sources: [MergeSource]) -> [MergeSource] {
        sources.map { source in
            MergeSource(
                name: source.name, pageable: Traced(name: source.name, base: source.pageable, trace: self),
                pageSize: source.pageSize)
        }
    }

    private func begin(_ source: String) -> Int {
        events.withLock { events in
            let page = events.filter { $0.source == source }.count + 1
            events.append(Event(source: source, page: page, asked: .now, landed: nil, items: 0))
            return events.count - 1
        }
    }

    private func end(_ index: Int, items: Int) {
        events.withLock { events in
            events[index].landed = .now
            events[index].items = items
        }
    }

    /// One line per page: source, page, asked and landed (ms since start), items.
    func lines() -> [String] {
        events.withLock { $0 }.map { event in
            let landed = event.landed.map { "\(ReaderBenchmark.milliseconds(from: start, to: $0))" } ?? "-"
            let asked = ReaderBenchmark.milliseconds(from: start, to: event.asked)
            return "  \(event.source) page \(event.page): asked \(asked), landed \(landed) (\(event.items) items)"
        }
    }
}
