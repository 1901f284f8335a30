import Foundation
import RiffleBytes
import RiffleConfig
import RiffleCore
import RiffleSandbox
import RiffleSources
import RiffleTestSupport
import Testing

/// The SpaceX adapter end to end: sandbox SpaceX v4, real libcurl client.
@Suite("Adapter: SpaceX")
struct AdapterSpaceXTests {
    /// Every launch matching `filter`, as the sandbox returns it in one request, rocket populated,
    /// newest first.
    static func truth(_ sandbox: AdapterSandbox, _ filter: [String: JSONValue]) async throws -> [JSONValue] {
        let json = try await sandbox.post(
            "/v4/launches/query",
            .object([
                "query": .object(filter),
                "options": .object([
                    "limit": .int(1000), "sort": .object(["date_unix": .string("desc")]),
                    "populate": .array([.string("rocket")]),
                ]),
            ]))
        return json["docs"]?.elements ?? []
    }

    /// The item a launch document should become.
    static func expectMapped(_ item: Item, _ launch: JSONValue, rocketName: String?) {
        let links = launch["links"]
        let url = ["webcast", "article", "wikipedia"].lazy.compactMap { links?[$0]?.stringValue }.first { !$0.isEmpty }
        #expect(item.id == launch["id"]?.stringValue)
        #expect(item.title == launch["name"]?.stringValue)
        #expect(item.time == launch["date_unix"]?.intValue.map { Timestamp(unixSeconds: $0) }, "time is date_unix")
        #expect(item.url == url, "\(item.title): webcast, else article, else wikipedia")
        #expect(item.summary == launch["details"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 })
        #expect(item.tags == (rocketName.map { [$0] } ?? []))
        #expect(item.author == nil)
        for key in ["flight_number", "success", "upcoming"] {
            // `null` (an upcoming launch's `success`) is absent, never kept as `null`.
            let expected = launch[key] == .null ? nil : launch[key]
            #expect(item.extra[key] == expected, "extra.\(key) of \(item.title)")
        }
    }

    @Test func everyPageToTheEndAndNoPagePastIt() async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 60)) { sandbox in
            let drained = try await drain(sandbox.spacex(.all), pageSize: 25)
            let truth = try await Self.truth(sandbox, [:])
            #expect(drained.ids == truth.compactMap { $0["id"]?.stringValue })
            #expect(drained.items.count == 60 && Set(drained.ids).count == 60)
            #expect(isNewestFirst(drained.items))
            #expect(drained.pages.map(\.items.count) == [25, 25, 10])
            #expect(drained.pages.last?.hasMore == false && drained.stop == .noMorePages)
            let bodies = sandbox.recordedBodies(.spacex).filter { $0["options"]?["limit"] == .int(25) }
            #expect(bodies.map { $0["options"]?["page"] } == [.int(1), .int(2), .int(3)], "no page past the end")
            #expect(bodies.allSatisfy { $0["options"]?["sort"] == .object(["date_unix": .string("desc")]) })
        }
        // An exact number of pages: the last full page ends it, no empty page is asked for.
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 50)) { sandbox in
            let drained = try await drain(sandbox.spacex(.all), pageSize: 25)
            #expect(drained.pages.map(\.items.count) == [25, 25])
            #expect(sandbox.server.requests().count == 2)
        }
    }

    @Test(arguments: [SpaceXSettings.Upcoming.pastOnly, .upcomingOnly, .all])
    func upcomingFilter(_ upcoming: SpaceXSettings.Upcoming) async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 70)) { sandbox in
            let drained = try await drain(sandbox.spacex(upcoming), pageSize: 20)
            let filter: [String: JSONValue] =
                switch upcoming {
                case .pastOnly: ["upcoming": .bool(false)]
                case .upcomingOnly: ["upcoming": .bool(true)]
                case .all: [:]
                }
            let truth = try await Self.truth(sandbox, filter)
            #expect(drained.ids == truth.compactMap { $0["id"]?.stringValue })
            #expect(!drained.items.isEmpty)
            let flags = Set(drained.items.compactMap { $0.extra["upcoming"] })
            switch upcoming {
            case .pastOnly: #expect(flags == [.bool(false)])
            case .upcomingOnly: #expect(flags == [.bool(true)])
            case .all: #expect(flags == [.bool(false), .bool(true)])
            }
            let sent = sandbox.recordedBodies(.spacex).first?["query"]
            #expect(sent == .object(filter))
        }
    }

    @Test func everyFieldMapped() async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 120)) { sandbox in
            let drained = try await drain(sandbox.spacex(.all), pageSize: 50)
            let truth = try await Self.truth(sandbox, [:])
            #expect(drained.items.count == truth.count)
            for (item, launch) in zip(drained.items, truth) {
                Self.expectMapped(item, launch, rocketName: launch["rocket"]?["name"]?.stringValue)
            }
            let links = truth.compactMap { $0["links"] }
            #expect(links.contains { $0["webcast"] == .null && $0["article"]?.stringValue != nil })
            #expect(
                links.contains {
                    $0["webcast"] == .null && $0["article"] == .null && $0["wikipedia"]?.stringValue != nil
                },
                "the data exercises every url fallback")
            #expect(truth.contains { $0["details"] == .null } && truth.contains { $0["details"]?.stringValue != nil })
            #expect(Set(drained.items.flatMap(\.tags)).isSuperset(of: ["Falcon 9"]))
        }
    }

    /// The 205 real launches of SpaceX API v4, served by the sandbox, come through unchanged.
    @Test(.enabled(if: SharedFixtures.present, Comment(rawValue: SharedFixtures.missing)), arguments: [100, 17])
    func allRealLaunches(pageSize: Int) async throws {
        let launchesPath = SharedFixtures.path("spacex/v4-launches.json")
        let rocketsPath = SharedFixtures.path("spacex/v4-rockets.json")
        let launches = try JSONValue(parsing: Array(try Data(contentsOf: URL(filePath: launchesPath)))).elements
        let rockets = try JSONValue(parsing: Array(try Data(contentsOf: URL(filePath: rocketsPath)))).elements
        var rocketNames: [String: String] = [:]
        for rocket in rockets {
            if let id = rocket["id"]?.stringValue { rocketNames[id] = rocket["name"]?.stringValue }
        }
        #expect(launches.count == 205)

        let options = SandboxOptions(spaceXLaunchesFile: launchesPath, spaceXRocketsFile: rocketsPath)
        let drained = try await AdapterSandbox.with(options) { sandbox in
            try await drain(sandbox.spacex(.all), pageSize: pageSize)
        }
        #expect(drained.items.count == 205, "nothing lost")
        #expect(Set(drained.ids) == Set(launches.compactMap { $0["id"]?.stringValue }), "every real id once")
        #expect(Set(drained.ids).count == 205)
        #expect(isNewestFirst(drained.items))
        #expect(drained.pages.count == (205 + pageSize - 1) / pageSize)
        #expect(drained.pages.allSatisfy { $0.notes.skipped == 0 })

        let byID = Dictionary(
            launches.compactMap { launch in launch["id"]?.stringValue.map { ($0, launch) } },
            uniquingKeysWith: { a, _ in a })
        for item in drained.items {
            guard let launch = byID[item.id] else { continue }
            Self.expectMapped(item, launch, rocketName: launch["rocket"]?.stringValue.flatMap { rocketNames[$0] })
        }

        // The real data's quirks survive: launches at the same second, repeated flight numbers.
        var times: [Timestamp: Int] = [:]
        var flights: [JSONValue: Int] = [:]
        for item in drained.items {
            times[item.time, default: 0] += 1
            if let flight = item.extra["flight_number"] { flights[flight, default: 0] += 1 }
        }
        var fixtureFlights: [JSONValue: Int] = [:]
        for launch in launches {
            if let flight = launch["flight_number"] { fixtureFlights[flight, default: 0] += 1 }
        }
        #expect(times.values.contains { $0 > 1 }, "duplicate dates kept")
        #expect(flights == fixtureFlights, "repeated flight numbers kept as often as the API has them")
        #expect(flights.values.contains { $0 > 1 })
        #expect(drained.items.contains { $0.title == "TürkmenÄlem 52°E / MonacoSAT" })
        #expect(drained.items.count { $0.extra["upcoming"] == .bool(true) } == 18)
    }
}
