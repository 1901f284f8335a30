import RiffleCore
import RiffleTestSupport
import Testing

@testable import RiffleBytes

/// `JSONPathPlan`, the fields' paths looked up together, held to `JSONNode.select` and
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
                        let built = try builder.build(id: "x", time: time)
                        #expect(try built == reference.build(id: "x", time: time), "\(comment)")
                        // `member`, as the GitLab and SpaceX adapters read their fields: the subscripts' answer.
                        var chained: JSONNode? = node
                        for segment in path { chained = chained?[segment] }
                        #expect(plan.member(place, in: node, stops: stops)?.value == chained?.value, "\(comment)")
                        // Read without a `Selection`, as the GraphQL adapter reads its fields: `select`'s answers.
                        #expect(plan.scalarText(place, in: node, stops: stops) == expected?.scalarText, "\(comment)")
                        #expect(
                            plan.timestampValue(place, in: node, stops: stops) == expected?.timestampValue,
                            "\(comment)")
                        for reading in [ItemBuilder.Reading.scalarText, .nonEmptyText, .string] {
                            var direct = ItemBuilder()
                            var selected = ItemBuilder()
                            let set = direct.set(.url, at: place, of: plan, in: node, stops: stops, reading)
                            #expect(set == selected.set(.url, textOf: selection, reading), "\(comment)")
                            let built = try direct.build(id: "x", time: time)
                            #expect(try built == selected.build(id: "x", time: time), "\(comment)")
                        }
                    }
                }
            }
        }
    }

    /// `member` reads through objects only: a value on the way that is not an object (an array, which
    /// `select` would go into) gives nothing, as the subscripts give nothing.
    @Test func memberStopsAtAnythingButAnObject() throws {
        let text = #"{"labels":[{"nodes":1}],"author":"x","milestone":null,"a":{"b":{"c":[1]}}}"#
        let document = try JSONDocument(parsing: Array(text.utf8))
        let plan = JSONPathPlan([
            ["labels", "nodes"], ["author", "username"], ["milestone", "title"], ["a", "b", "c"], [],
        ])
        var stops: [JSONPathPlan.Stop] = []
        plan.locate(in: document.root, into: &stops)
        #expect(plan.select(0, in: document.root, stops: stops) != nil)
        #expect(plan.member(0, in: document.root, stops: stops) == nil)
        #expect(plan.member(1, in: document.root, stops: stops) == nil)
        #expect(plan.member(2, in: document.root, stops: stops) == nil)
        #expect(plan.member(3, in: document.root, stops: stops)?.value == .array([.int(1)]))
        #expect(plan.member(4, in: document.root, stops: stops)?.isObject == true)
        // An array as the node itself: no member at all.
        let array = try JSONDocument(parsing: Array(#"[{"labels":{"nodes":2}}]"#.utf8))
        plan.locate(in: array.root, into: &stops)
        #expect(plan.member(0, in: array.root, stops: stops) == nil)
        #expect(plan.select(0, in: array.root, stops: stops) != nil)
    }

    /// Many fields under one object, as a SpaceX launch has them: each found through the step's hash table,
    /// names sharing their first eight bytes or their length told apart, the last member of a name winning.
    @Test func manyFieldsOfOneObject() throws {
        let names = [
            "id", "date_unix", "date_utc", "date_local", "date_precision", "flight_number", "name", "a", "ab",
            "abcdefgh", "abcdefghi", "abcdefghij", "static_fire_date_utc", "static_fire_date_unix", "upcoming",
        ]
        var text = "{"
        for (offset, name) in names.enumerated() { text += "\"\(name)\":\(offset)," }
        text += #""other":0,"date_utc":99}"#
        let document = try JSONDocument(parsing: Array(text.utf8))
        let paths = names.map { [$0] } + [["missing"], ["abcdefg"], ["date_utc"]]
        let plan = JSONPathPlan(paths)
        var stops: [JSONPathPlan.Stop] = []
        plan.locate(in: document.root, into: &stops)
        for (place, path) in paths.enumerated() {
            #expect(plan.member(place, in: document.root, stops: stops)?.value == document.root[path[0]]?.value)
        }
        #expect(plan.member(2, in: document.root, stops: stops)?.value == .int(99))
        #expect(plan.member(names.count, in: document.root, stops: stops) == nil)
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
        for (place, path) in paths.enumerated() {
            var chained: JSONNode? = document.root
            for segment in path { chained = chained?[segment] }
            #expect(plan.member(place, in: document.root, stops: stops)?.value == chained?.value)
        }
        #expect(plan.member(0, in: document.root, stops: stops)?.scalarText == "3")
        #expect(plan.select(0, in: document.root, stops: stops)?.scalarText == "3")
        #expect(plan.select(1, in: document.root, stops: stops) == nil)
    }
}

/// A plan made from an enum's cases answers for each case as the plan of the same paths answers at its place.
@Suite struct JSONPathPlanFieldTests {
    enum Field: Int, JSONPathPlanField {
        case id, author, missing, deep

        var path: [String] {
            switch self {
            case .id: ["id"]
            case .author: ["author", "login"]
            case .missing: ["nothing"]
            case .deep: ["a", "b", "c"]
            }
        }
    }

    @Test func casesAnswerAtTheirPlaces() throws {
        let document = try JSONDocument(
            parsing: Array(#"{"id": "x", "author": {"login": "ann"}, "a": {"b": {"c": 3}}, "id": "y"}"#.utf8))
        let plan = JSONPathPlan(fields: Field.self)
        let byPaths = JSONPathPlan(Field.allCases.map { $0.path })
        var stops: [JSONPathPlan.Stop] = []
        var pathStops: [JSONPathPlan.Stop] = []
        plan.locate(in: document.root, into: &stops)
        byPaths.locate(in: document.root, into: &pathStops)
        for field in Field.allCases {
            #expect(
                plan.member(field, in: document.root, stops: stops)?.scalarText
                    == byPaths.member(field.rawValue, in: document.root, stops: pathStops)?.scalarText)
        }
        #expect(plan.member(Field.id, in: document.root, stops: stops)?.scalarText == "y")
        #expect(plan.member(Field.author, in: document.root, stops: stops)?.scalarText == "ann")
        #expect(plan.member(Field.missing, in: document.root, stops: stops) == nil)
        #expect(plan.member(Field.deep, in: document.root, stops: stops)?.scalarText == "3")
    }
}
