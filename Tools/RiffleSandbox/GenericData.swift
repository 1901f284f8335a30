/// The data behind the generic GraphQL API (`/graphql`) and the REST API (`/rest/...`).
///
/// Repositories `acme/rocket` and `acme/ground` hold GitHub-shaped issues and REST events; `articles`,
/// `events` and the Apollo-tutorial `launches` are top-level lists. Every list has its own times,
/// spread over the two years before the reference time, so that sources interleave in the merged feed.
struct GenericData: Sendable {
    /// A GitHub-shaped issue. Times are Unix seconds.
    struct Issue: Sendable {
        var number: Int
        var nodeID: String
        var title: String
        var bodyText: String
        var state: String
        var createdAt: Int64
        var updatedAt: Int64
        var author: String
        var labels: [String]
        var comments: Int
    }

    /// A REST event of a repository.
    struct Event: Sendable {
        var id: Int
        var type: String
        var createdAt: Int64
        var title: String
        var actor: String
        var issueNumber: Int
    }

    /// One repository.
    struct Repository: Sendable {
        var owner: String
        var name: String
        var issues: [Issue]
        var events: [Event]
    }

    /// A news article, for the `nodes`-style connection. `millis` is the fraction of its time.
    struct Article: Sendable {
        var id: String
        var headline: String
        var published: Int64
        var millis: Int
        var byline: String
    }

    /// A timeline event for the offset-paginated list; `at` is written with `offsetMinutes`.
    struct TimelineEvent: Sendable {
        var id: String
        var name: String
        var at: Int64
        var millis: Int?
        var offsetMinutes: Int
    }

    /// A launch as the Apollo tutorial server shows it.
    struct TutorialLaunch: Sendable {
        var id: String
        var cursor: String
        var site: String?
        var missionName: String
        var missionPatchSmall: String?
        var missionPatchLarge: String?
        var rocketID: String
        var rocketName: String
        var rocketType: String?
        var launchDateUnix: Int
    }

    static let githubBase = "https://github.sandbox.test"
    static let newsBase = "https://news.sandbox.test"

    var repositories: [Repository]
    var articles: [Article]
    var events: [TimelineEvent]
    /// Newest first, as the tutorial's resolver returns them.
    var tutorialLaunches: [TutorialLaunch]

    func repository(owner: String, name: String) -> Repository? {
        repositories.first { $0.owner.lowercased() == owner.lowercased() && $0.name.lowercased() == name.lowercased() }
    }

    init(options: SandboxOptions, spaceX: SpaceXData) {
        let count = options.clampedItemsPerSource
        let now = options.referenceTime
        let start = now - 730 * 86_400
        let logins = TextCorpus.people.map(\.username)
        let labelNames = TextCorpus.labels.map(\.title)
        var hostileIndex = 0
        func hostile(_ random: inout SeededGenerator, _ index: Int, _ title: String) -> String {
            guard options.includeHostileTitles, index % 53 == 11, index < 160 else { return title }
            hostileIndex += 1
            return TextCorpus.hostileTitle(hostileIndex)
        }

        var repositories: [Repository] = []
        for name in ["rocket", "ground"] {
            var random = SeededGenerator(seed: options.seed, stream: "github/\(name)")
            let created = (0..<count).map { _ in random.int64(in: start...(now - 3600)) }.sorted()
            var issues: [Issue] = []
            for (index, time) in created.enumerated() {
                let title = hostile(&random, index, TextCorpus.title(&random))
                issues.append(
                    Issue(
                        number: index + 1,
                        nodeID: "I_kwDOSbx" + random.hex(4).uppercased() + "M" + random.hex(6),
                        title: title,
                        bodyText: TextCorpus.description(&random).replacing("\n", with: " "),
                        state: random.chance(55) ? "OPEN" : "CLOSED",
                        createdAt: time,
                        updatedAt: index % 19 == 5 && index > 0
                            ? max(time, issues[index - 1].updatedAt) : random.int64(in: time...now),
                        author: random.pick(logins),
                        labels: random.sample(labelNames, count: random.int(in: 0...3)),
                        comments: random.int(in: 0...25)))
            }
            let types = [
                "IssuesEvent", "PushEvent", "PullRequestEvent", "IssueCommentEvent", "ReleaseEvent", "WatchEvent",
            ]
            var events: [Event] = []
            // In `ground`, activity grows towards the reference time, as issues' update times do (each
            // is drawn between the issue's creation and now): a uniform draw pulled towards now
            // (`recent`), so that the demo's events interleave with the issues at the top of the feed.
            // `rocket` keeps uniform times (the README's examples show them).
            let eventTimes = (0..<count).map { _ in
                let time = random.int64(in: start...now)
                return name == "ground" ? Self.recent(time, start: start, now: now) : time
            }.sorted(by: >)
            for (index, time) in eventTimes.enumerated() {
                let type = random.pick(types)
                let issue = random.int(in: 1...count)
                let title = hostile(&random, index, Self.eventTitle(type, issue: issue, random: &random))
                events.append(
                    Event(
                        id: 38_000_000_000 + (name == "rocket" ? 0 : 1_000_000) + (count - index) * 13,
                        type: type, createdAt: time, title: title, actor: random.pick(logins), issueNumber: issue))
            }
            repositories.append(Repository(owner: "acme", name: name, issues: issues, events: events))
        }

        var random = SeededGenerator(seed: options.seed, stream: "articles")
        var articles: [Article] = []
        for index in 0..<count {
            let time = random.int64(in: start...now)
            articles.append(
                Article(
                    id: "article-\(index + 1)", headline: hostile(&random, index, TextCorpus.title(&random)),
                    published: time, millis: random.int(in: 0...999), byline: random.pick(TextCorpus.people).name))
        }
        articles.sort { ($0.published, $0.millis, $0.id) > ($1.published, $1.millis, $1.id) }

        random = SeededGenerator(seed: options.seed, stream: "events")
        let offsets = [0, 120, -300, 330, 540, -180, 60]
        var events: [TimelineEvent] = []
        for index in 0..<count {
            events.append(
                TimelineEvent(
                    id: "evt-\(index + 1)", name: hostile(&random, index, TextCorpus.title(&random)),
                    at: random.int64(in: start...now), millis: random.chance(30) ? random.int(in: 0...999) : nil,
                    offsetMinutes: random.pick(offsets)))
        }
        events.sort { ($0.at, $0.millis ?? 0, $0.id) > ($1.at, $1.millis ?? 0, $1.id) }

        self.repositories = repositories
        self.articles = articles
        self.events = events
        self.tutorialLaunches = Self.tutorialLaunches(spaceX)
    }

    /// `time` (between `start` and `now`) moved towards `now`: its distance from `now`, as a fraction of
    /// the span, to the power 1.25. Monotonic, so order is kept.
    static func recent(_ time: Int64, start: Int64, now: Int64) -> Int64 {
        let span = Double(max(1, now - start))
        let fraction = Double(now - time) / span
        return now - Int64(span * fraction * fraction.squareRoot().squareRoot())
    }

    private static func eventTitle(_ type: String, issue: Int, random: inout SeededGenerator) -> String {
        switch type {
        case "IssuesEvent": "\(random.pick(["opened", "closed", "reopened"])) issue #\(issue)"
        case "PushEvent": "pushed \(random.int(in: 1...9)) commits to main"
        case "PullRequestEvent":
            "\(random.pick(["opened", "merged"])) pull request #\(issue): \(TextCorpus.title(&random))"
        case "IssueCommentEvent": "commented on #\(issue): \(TextCorpus.title(&random))"
        case "ReleaseEvent": "released v\(random.int(in: 0...3)).\(random.int(in: 0...20)).\(random.int(in: 0...9))"
        default: "starred the repository ⭐"
        }
    }

    /// The Apollo tutorial's view of SpaceX: past launches only, in the API's order (flight number),
    /// then reversed so the newest comes first; `id` is the flight number and `cursor` the launch
    /// time, so neither is unique.
    private static func tutorialLaunches(_ spaceX: SpaceXData) -> [TutorialLaunch] {
        let pads = Dictionary(uniqueKeysWithValues: SpaceXData.knownLaunchpads.map { ($0.id, $0.site) })
        let types = Dictionary(uniqueKeysWithValues: SpaceXData.knownRockets.map { ($0.id, $0.tutorialType) })
        let past = spaceX.launches.filter {
            $0["upcoming"].flatMap { if case .bool(let b) = $0 { b } else { nil } } == false
        }
        return past.reversed().map { launch in
            let rocketID = launch["rocket"]?.stringValue ?? ""
            let unix = launch["date_unix"]?.intValue ?? 0
            return TutorialLaunch(
                id: String(launch["flight_number"]?.intValue ?? 0),
                cursor: String(unix),
                site: launch["launchpad"]?.stringValue.flatMap { pads[$0] },
                missionName: launch["name"]?.stringValue ?? "",
                missionPatchSmall: launch["links"]?["patch"]?["small"]?.stringValue,
                missionPatchLarge: launch["links"]?["patch"]?["large"]?.stringValue,
                rocketID: SpaceXData.knownRockets.first { $0.id == rocketID }?.name.lowercased().replacing(
                    " ", with: "") ?? rocketID,
                rocketName: spaceX.rockets[rocketID]?["name"]?.stringValue ?? "Unknown",
                rocketType: types[rocketID] ?? nil,
                launchDateUnix: unix)
        }
    }
}
