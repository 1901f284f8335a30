import RiffleCore
import RiffleTestSupport
import Testing

/// `JSONPathPlan`, the fields' paths looked up together (issue 17), held to `JSONNode.select` and
/// `scalarTexts(at:)`, one path at a time, over generated documents and paths sharing their prefixes.
@Suite struct JSONPathPlanTests {
    /// Segments of the paths tried: the generator's names, positions, a missing name, and names equal to
    /// others only as Swift strings (the Kelvin sign and `K`, `é` composed and not).
    static let segments = [
        "id", "title", "a", "node", "é", "e\u{301}", "k\n", "K", "\u{212A}", "0", "1", "-1", "missing",
    ]

    @Test func planAnswersAsSelect() async throws {
        // Seconds of synchronous work: on a thread of its own, so the pool stays free for other tests.
        try await offThePoolInTask {
            var random = SplitMix64(seed: 90_210)
            for _ in 0..<2_000 {
                var bytes: [UInt8] = []
                DifferentialInputs.value(&random, depth: 0, into: &bytes)
                guard let document = try? JSONDocument(parsing: bytes) else {
                    Issue.record("a generated document did not parse")
                    continue
                }
                // Paths sharing prefixes (as an item's fields share `node`), repeated ones and an empty one.
                let paths: [[String]] = (0..<Int(1 + random.next() % 7)).map { _ in
                    (0..<Int(random.next() % 4)).map { _ in
                        Self.segments[Int(random.next() % UInt64(Self.segments.count))]
                    }
                }
                let plan = JSONPathPlan(paths)
                var stops: [JSONPathPlan.Stop] = []
                let nodes = [document.root] + (document.root.elements ?? [])
                for node in nodes {
                    plan.locate(in: node, into: &stops)
                    for (place, path) in paths.enumerated() {
                        let comment = "\(path) \(String(decoding: bytes.prefix(200), as: UTF8.self))"
                        let expected = node.select(path[...])
                        let selection = plan.select(place, in: node, stops: stops)
                        #expect(selection?.value == expected?.value, "\(comment)")
                        #expect(selection?.scalarText == expected?.scalarText, "\(comment)")
                        var builder = ItemBuilder()
                        builder.appendTags(place, of: plan, in: node, stops: stops)
                        var reference = ItemBuilder()
                        for text in node.scalarTexts(at: path[...]) { reference.appendTag(text: text) }
                        let time = Timestamp(microseconds: 0)
                        #expect(
                            builder.build(id: "x", time: time) == reference.build(id: "x", time: time), "\(comment)")
                    }
                }
            }
        }
    }

    @Test func lastMemberOfANameWinsInOnePass() throws {
        let text = #"{"node":{"id":"1","title":"a","id":"2","\u0074itle":"b","K":1,"\u212A":2},"node":{"id":"3"}}"#
        let document = try JSONDocument(parsing: Array(text.utf8))
        let paths = [
            ["node", "id"], ["node", "title"], ["node", "K"], ["node", "\u{212A}"], ["node"], ["node", "id"],
        ]
        let plan = JSONPathPlan(paths)
        var stops: [JSONPathPlan.Stop] = []
        plan.locate(in: document.root, into: &stops)
        for (place, path) in paths.enumerated() {
            #expect(
                plan.select(place, in: document.root, stops: stops)?.value == document.root.select(path[...])?.value)
        }
        #expect(plan.select(0, in: document.root, stops: stops)?.scalarText == "3")
        #expect(plan.select(1, in: document.root, stops: stops) == nil)
    }
}
