import Foundation
import RiffleSandbox
import RiffleTestSupport
import Testing

@Suite("Sandbox SpaceX v4")
struct SandboxSpaceXTests {
    static let metaKeys: Set<String> = [
        "docs", "totalDocs", "limit", "totalPages", "page", "pagingCounter", "hasPrevPage", "hasNextPage", "prevPage",
        "nextPage",
    ]

    @Test func paginatesLikeMongoosePaginateV2() async throws {
        try await SandboxHarness.with { sandbox in
            let first = try await sandbox.spaceX([:]).json
            #expect(first.keys == Self.metaKeys.union(["offset"]), "no page or offset given: offset 0 appears")
            #expect(first["docs"].array.count == 10)
            #expect(first["limit"].int == 10 && first["page"].int == 1 && first["offset"].int == 0)
            #expect(first["prevPage"].isNull && first["hasPrevPage"].bool == false && first["nextPage"].int == 2)

            var ids: [String] = []
            var dates: [Int] = []
            var page = 1
            while page < 100 {
                let response = try await sandbox.spaceX([
                    "query": [:], "options": ["page": page, "limit": 25, "sort": ["date_unix": "desc"]],
                ])
                #expect(response.status == 200)
                let json = response.json
                #expect(json.keys == Self.metaKeys)
                #expect(json["pagingCounter"].int == (page - 1) * 25 + 1)
                ids += json["docs"].array.compactMap { $0["id"].string }
                dates += json["docs"].array.compactMap { $0["date_unix"].int }
                guard json["hasNextPage"].bool == true, let next = json["nextPage"].int else {
                    #expect(json["nextPage"].isNull)
                    break
                }
                page = next
            }
            #expect(ids.count == 150 && Set(ids).count == 150)
            #expect(dates == dates.sorted(by: >))
            #expect(Set(dates).count < dates.count, "generated data has launches at the same time")

            let past = try await sandbox.spaceX(["options": ["page": 99, "limit": 25]]).json
            #expect(past["docs"].array.isEmpty)
            #expect(past["totalDocs"].int == 150 && past["page"].int == 99 && past["hasNextPage"].bool == false)
            #expect(past["hasPrevPage"].bool == true && past["prevPage"].int == 98)
        }
    }

    @Test func filtersSortsAndPopulates() async throws {
        try await SandboxHarness.with { sandbox in
            let upcoming = try await sandbox.spaceX(["query": ["upcoming": true], "options": ["limit": 100]]).json
            let pastOnly = try await sandbox.spaceX(["query": ["upcoming": false], "options": ["limit": 100]]).json
            #expect(upcoming["docs"].array.allSatisfy { $0["upcoming"].bool == true && $0["success"].isNull })
            #expect((upcoming["totalDocs"].int ?? 0) + (pastOnly["totalDocs"].int ?? 0) == 150)
            let numbers = upcoming["docs"].array.compactMap { $0["flight_number"].int }
            #expect(Set(numbers).count < numbers.count, "a flight number repeats among upcoming launches")

            let populated = try await sandbox.spaceX([
                "options": ["limit": 3, "sort": "-date_unix", "populate": [["path": "rocket"]]]
            ]).json
            let doc = populated["docs"][0]
            #expect(doc["rocket"]["name"].string != nil && doc["rocket"]["id"].string?.count == 24)
            #expect(doc["id"].string?.count == 24)
            #expect(doc["date_utc"].string?.hasSuffix(".000Z") == true)
            #expect(doc["links"]["patch"].exists && doc["launchpad"].string != nil)
            let plain = try await sandbox.spaceX(["options": ["limit": 1, "populate": ["rocket"]]]).json
            #expect(plain["docs"][0]["rocket"]["name"].exists)
            let selected = try await sandbox.spaceX(["options": ["limit": 1, "select": ["name": 1]]]).json
            #expect(selected["docs"][0].keys == ["id", "name"])

            let ascending = try await sandbox.spaceX(["options": ["limit": 150, "sort": ["date_unix": "asc"]]]).json
            let dates = ascending["docs"].array.compactMap { $0["date_unix"].int }
            #expect(dates == dates.sorted())
        }
    }

    @Test func badInputIs400() async throws {
        try await SandboxHarness.with { sandbox in
            let notJSON = try await sandbox.send(.POST, "/v4/launches/query", body: Data("{nope".utf8))
            #expect(notJSON.status == 400 && notJSON.json["error"].string != nil)
            for body: [String: Any] in [
                ["options": ["limit": "ten"]], ["options": ["sort": ["date_unix": "sideways"]]],
                ["query": ["$where": "1"]], ["options": ["populate": ["payloads"]]],
            ] {
                #expect(try await sandbox.spaceX(body).status == 400)
            }
        }
    }

    @Test(.enabled(if: SharedFixtures.present, Comment(rawValue: SharedFixtures.missing)))
    func servesTheRealFixtureExactly() async throws {
        let launches = SharedFixtures.path("spacex/v4-launches.json")
        try await SandboxHarness.with(
            SandboxOptions(
                spaceXLaunchesFile: launches, spaceXRocketsFile: SharedFixtures.path("spacex/v4-rockets.json"))
        ) { sandbox in
            let expected = JSON(parsing: try Data(contentsOf: URL(filePath: launches))).array.compactMap {
                $0["id"].string
            }
            var ids: [String] = []
            for page in 1...5 {
                let json = try await sandbox.spaceX([
                    "query": [:], "options": ["page": page, "limit": 50, "populate": ["rocket"]],
                ]).json
                #expect(json["totalDocs"].int == 205)
                ids += json["docs"].array.compactMap { $0["id"].string }
                if page == 1 { #expect(json["docs"][0]["rocket"]["name"].string == "Falcon 1") }
            }
            #expect(ids == expected)
            let upcoming = try await sandbox.spaceX(["query": ["upcoming": true], "options": ["limit": 0]]).json
            #expect(upcoming["totalDocs"].int == 18)
        }
    }
}
