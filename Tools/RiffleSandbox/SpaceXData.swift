import FoundationEssentials
import RiffleCore

/// The launches, rockets and launchpads behind the fake SpaceX API v4.
///
/// Launches come from a v4 launches JSON file (served exactly, e.g. the 205 real launches) or are
/// generated: mostly past launches over the two years before the reference time, some upcoming ones
/// after it with `month` precision (so several share a date, as in the real data), one pair of past
/// launches at the same second, and one repeated `flight_number`.
struct SpaceXData: Sendable {
    /// Launch documents in the v4 shape, in flight-number order.
    var launches: [SandboxJSON]
    /// Rocket documents by id.
    var rockets: [String: SandboxJSON]
    /// Launchpad documents by id.
    var launchpads: [String: SandboxJSON]

    /// Largest data file read.
    static let maxFileBytes = 64 << 20

    /// Loads or generates the data; a file that cannot be read or is not a JSON array of launch objects
    /// with `id` and `date_unix` is an error naming the file.
    init(options: SandboxOptions) throws(SandboxUsageError) {
        if let path = options.spaceXLaunchesFile {
            launches = try Self.readArray(path)
            for (index, launch) in launches.enumerated()
            where launch["id"]?.stringValue == nil || launch["date_unix"]?.intValue == nil {
                throw SandboxUsageError("\(path): launch \(index) has no string id or integer date_unix")
            }
        } else {
            launches = Self.generateLaunches(options)
        }
        if let path = options.spaceXRocketsFile {
            var rockets: [String: SandboxJSON] = [:]
            for rocket in try Self.readArray(path) {
                guard let id = rocket["id"]?.stringValue else { throw SandboxUsageError("\(path): a rocket has no id") }
                rockets[id] = rocket
            }
            self.rockets = rockets
        } else {
            rockets = Dictionary(uniqueKeysWithValues: Self.knownRockets.map { ($0.id, Self.rocketDocument($0)) })
        }
        launchpads = Dictionary(uniqueKeysWithValues: Self.knownLaunchpads.map { ($0.id, Self.launchpadDocument($0)) })
    }

    private static func readArray(_ path: String) throws(SandboxUsageError) -> [SandboxJSON] {
        let url = URL(filePath: path)
        guard FileManager.default.fileExists(atPath: url.path) else { throw SandboxUsageError("\(path): no such file") }
        guard let data = try? Data(contentsOf: url) else { throw SandboxUsageError("\(path): cannot be read") }
        guard data.count <= maxFileBytes else { throw SandboxUsageError("\(path): larger than 64 MiB") }
        guard case .array(let elements) = try? SandboxJSON.parse(data) else {
            throw SandboxUsageError("\(path): not a JSON array")
        }
        return elements
    }

    /// A rocket the generated data uses: the four real v4 rockets.
    struct Rocket {
        var id: String
        var name: String
        var active: Bool
        var firstFlight: String
        var costPerLaunch: Int
        var successRate: Int
        var tutorialType: String?
    }

    static let knownRockets = [
        Rocket(
            id: "5e9d0d95eda69955f709d1eb", name: "Falcon 1", active: false, firstFlight: "2006-03-24",
            costPerLaunch: 6_700_000, successRate: 40, tutorialType: "Merlin C"),
        Rocket(
            id: "5e9d0d95eda69973a809d1ec", name: "Falcon 9", active: true, firstFlight: "2010-06-04",
            costPerLaunch: 50_000_000, successRate: 98, tutorialType: "FT"),
        Rocket(
            id: "5e9d0d95eda69974db09d1ed", name: "Falcon Heavy", active: true, firstFlight: "2018-02-06",
            costPerLaunch: 90_000_000, successRate: 100, tutorialType: "FH"),
        Rocket(
            id: "5e9d0d96eda699382d09d1ee", name: "Starship", active: false, firstFlight: "2021-12-01",
            costPerLaunch: 7_000_000, successRate: 0, tutorialType: nil),
    ]

    /// A launchpad: v4 id, name, and the short site name the Apollo tutorial shows.
    struct Launchpad {
        var id: String
        var name: String
        var fullName: String
        var locality: String
        var site: String
    }

    static let knownLaunchpads = [
        Launchpad(
            id: "5e9e4501f509094ba4566f84", name: "CCSFS SLC 40",
            fullName: "Cape Canaveral Space Force Station Space Launch Complex 40",
            locality: "Cape Canaveral", site: "CCAFS SLC 40"),
        Launchpad(
            id: "5e9e4502f509094188566f88", name: "KSC LC 39A",
            fullName: "Kennedy Space Center Historic Launch Complex 39A",
            locality: "Cape Canaveral", site: "KSC LC 39A"),
        Launchpad(
            id: "5e9e4502f509092b78566f87", name: "VAFB SLC 4E",
            fullName: "Vandenberg Space Force Base Space Launch Complex 4E",
            locality: "Vandenberg", site: "VAFB SLC 4E"),
        Launchpad(
            id: "5e9e4502f5090995de566f86", name: "Kwajalein Atoll", fullName: "Kwajalein Atoll Omelek Island",
            locality: "Omelek Island", site: "Kwajalein Atoll"),
    ]

    private static func rocketDocument(_ rocket: Rocket) -> SandboxJSON {
        .object([
            (key: "name", value: .string(rocket.name)),
            (key: "type", value: .string("rocket")),
            (key: "active", value: .bool(rocket.active)),
            (key: "stages", value: .int(2)),
            (key: "cost_per_launch", value: .int(rocket.costPerLaunch)),
            (key: "success_rate_pct", value: .int(rocket.successRate)),
            (key: "first_flight", value: .string(rocket.firstFlight)),
            (key: "country", value: .string("United States")),
            (key: "company", value: .string("SpaceX")),
            (
                key: "wikipedia",
                value: .string("https://en.wikipedia.org/wiki/\(rocket.name.replacing(" ", with: "_"))")
            ),
            (key: "id", value: .string(rocket.id)),
        ])
    }

    private static func launchpadDocument(_ pad: Launchpad) -> SandboxJSON {
        .object([
            (key: "name", value: .string(pad.name)),
            (key: "full_name", value: .string(pad.fullName)),
            (key: "locality", value: .string(pad.locality)),
            (key: "status", value: .string("active")),
            (key: "id", value: .string(pad.id)),
        ])
    }

    private static func generateLaunches(_ options: SandboxOptions) -> [SandboxJSON] {
        var random = SeededGenerator(seed: options.seed, stream: "spacex")
        let count = options.clampedItemsPerSource
        let now = options.referenceTime
        let upcomingCount = max(1, count / 10)
        var dates: [(unix: Int64, precision: String)] = (0..<(count - upcomingCount)).map { _ in
            ((random.int64(in: (now - 730 * 86_400)...(now - 86_400)) / 60) * 60, "hour")
        }
        for index in 0..<upcomingCount {
            // Upcoming launches: the first few with a known hour, later ones only a month, all falling
            // on the first of that month at midnight — equal dates, like the real API.
            if index < upcomingCount / 3 {
                dates.append(((random.int64(in: (now + 3600)...(now + 30 * 86_400)) / 60) * 60, "hour"))
            } else {
                var month = CivilDate(daysSinceEpoch: (now + Int64(random.int(in: 30...180)) * 86_400) / 86_400)
                month.day = 1
                dates.append((month.daysSinceEpoch * 86_400, "month"))
            }
        }
        dates.sort { $0.unix < $1.unix }
        if dates.count > 3 { dates[dates.count / 2].unix = dates[dates.count / 2 - 1].unix }

        var hostileLeft = options.includeHostileTitles ? 2 : 0
        var launches: [SandboxJSON] = []
        var flightNumber = 0
        for (index, date) in dates.enumerated() {
            let upcoming = date.unix > now
            // One flight number repeats, as 188 does in the real data.
            if !(upcoming && index == dates.count - upcomingCount + 1) { flightNumber += 1 }
            let rocket = random.int(in: 0...99) < 92 ? knownRockets[1] : random.pick(knownRockets)
            let pad = random.pick(knownLaunchpads)
            var name = TextCorpus.missionName(&random, number: flightNumber)
            if hostileLeft > 0, index % 61 == 30 {
                name = TextCorpus.hostileTitle(5 + hostileLeft)
                hostileLeft -= 1
            }
            let success: SandboxJSON = upcoming ? .null : .bool(random.int(in: 0...99) < 96)
            let details: SandboxJSON = random.chance(50) ? .string(TextCorpus.description(&random)) : .null
            let id = hex(Int(date.unix), digits: 8) + random.hex(10) + hex(index, digits: 6)
            let patch = random.hex(2) + "/" + random.hex(2) + "/" + random.hex(8)
            let youtube = random.hex(11)
            let hasPatch = !upcoming && random.chance(80)
            launches.append(
                .object([
                    (key: "fairings", value: .null),
                    (
                        key: "links",
                        value: .object([
                            (
                                key: "patch",
                                value: .object([
                                    (
                                        key: "small",
                                        value: hasPatch ? .string("https://images2.imgbox.com/\(patch)_o.png") : .null
                                    ),
                                    (
                                        key: "large",
                                        value: hasPatch ? .string("https://images2.imgbox.com/\(patch)_l.png") : .null
                                    ),
                                ])
                            ),
                            (
                                key: "webcast",
                                value: upcoming ? .null : .string("https://www.youtube.com/watch?v=\(youtube)")
                            ),
                            (key: "youtube_id", value: upcoming ? .null : .string(youtube)),
                            (
                                key: "article",
                                value: random.chance(50)
                                    ? .string("https://spaceflightnow.com/launch/\(flightNumber)/") : .null
                            ),
                            (
                                key: "wikipedia",
                                value: random.chance(40)
                                    ? .string("https://en.wikipedia.org/wiki/\(rocket.name.replacing(" ", with: "_"))")
                                    : .null
                            ),
                        ])
                    ),
                    (key: "static_fire_date_utc", value: .null),
                    (key: "static_fire_date_unix", value: .null),
                    (key: "net", value: .bool(false)),
                    (key: "window", value: upcoming ? .null : .int(0)),
                    (key: "rocket", value: .string(rocket.id)),
                    (key: "success", value: success),
                    (key: "failures", value: .array([])),
                    (key: "details", value: details),
                    (key: "crew", value: .array([])),
                    (key: "ships", value: .array([])),
                    (key: "capsules", value: .array([])),
                    (key: "payloads", value: .array([])),
                    (key: "launchpad", value: .string(pad.id)),
                    (key: "flight_number", value: .int(flightNumber)),
                    (key: "name", value: .string(name)),
                    (key: "date_utc", value: .string(UTCTime.mongo(date.unix))),
                    (key: "date_unix", value: .int(Int(date.unix))),
                    (key: "date_local", value: .string(UTCTime.rfc3339(date.unix, offsetMinutes: -240))),
                    (key: "date_precision", value: .string(date.precision)),
                    (key: "upcoming", value: .bool(upcoming)),
                    (key: "cores", value: .array([])),
                    (key: "auto_update", value: .bool(true)),
                    (key: "tbd", value: .bool(false)),
                    (key: "launch_library_id", value: .null),
                    (key: "id", value: .string(id)),
                ]))
        }
        return launches
    }

    /// `digits` hex digits of a number (its low bits), as the parts of a Mongo ObjectId.
    private static func hex(_ value: Int, digits: Int) -> String {
        let text = String(value & ((1 << (4 * digits)) - 1), radix: 16)
        return String(repeating: "0", count: digits - text.count) + text
    }
}
