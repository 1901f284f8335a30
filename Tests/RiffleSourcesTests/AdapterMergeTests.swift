import RiffleConfig
import RiffleCore
import RiffleSandbox
import RiffleSources
import Testing

/// The three adapters merged against one sandbox, as `riffle export` runs them.
@Suite("Adapter: merged feed")
struct AdapterMergeTests {
    @Test func threeAdaptersMergeNewestFirstWithoutDuplicates() async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 40)) { sandbox in
            let sources = [
                MergeSource(name: "gitlab", pageable: sandbox.gitlab(.project("sandbox/rocket")), pageSize: 15),
                MergeSource(name: "launches", pageable: sandbox.spacex(.all), pageSize: 15),
                MergeSource(
                    name: "articles", pageable: sandbox.graphql(AdapterGraphQLTests.articles(sandbox)), pageSize: 15),
            ]
            // What each source gives alone.
            var expected: [String: Set<String>] = [:]
            for source in sources {
                expected[source.name] = Set(try await drain(source.pageable, pageSize: 15).ids)
            }

            let feed = MergedFeed(sources: sources, options: MergeOptions())
            let (merged, statuses) = try await feed.run { reader in
                var merged: [MergedItem] = []
                while let item = try await reader.next() { merged.append(item) }
                return (merged, reader.statuses)
            }

            var seen: [String: Set<String>] = [:]
            for item in merged { seen[item.sourceName, default: []].insert(item.item.id) }
            #expect(seen == expected, "every item of every source, nothing else")
            #expect(merged.count == expected.values.map(\.count).reduce(0, +), "no duplicates")
            #expect(expected["launches"]?.count == 40 && expected["articles"]?.count == 40)
            #expect(merged.allSatisfy { !$0.isLate })
            for (a, b) in zip(merged, merged.dropFirst()) {
                #expect(a.item.time >= b.item.time, "\(a.item.title) before \(b.item.title)")
                if a.item.time == b.item.time, a.sourceIndex != b.sourceIndex {
                    #expect(a.sourceIndex < b.sourceIndex, "ties in source order")
                }
            }
            #expect(Set(merged.prefix(30).map(\.sourceName)).count >= 2, "the sources interleave")
            for status in statuses {
                #expect(status.state == .done, "\(status.name): \(status.state)")
                #expect(status.lastError == nil && status.skippedItems == 0 && status.lateItems == 0)
            }
        }
    }
}
