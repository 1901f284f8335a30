/// The GitLab instance the sandbox pretends to be: projects in group `sandbox`, their issues and merge
/// requests.
///
/// Projects: `sandbox/rocket` and `sandbox/ground` are public; `sandbox/vault` is private (visible with
/// a valid token only). Confidential issues are hidden from anonymous requests, as on GitLab.
struct GitLabData: Sendable {
    /// One project.
    struct Project: Sendable {
        var id: Int
        var fullPath: String
        var name: String
        var description: String
        var isPublic: Bool
        var issues: [Issue]
        var mergeRequests: [MergeRequest]
    }

    /// One issue. Times are Unix seconds.
    struct Issue: Sendable, GitLabKeyed {
        var id: Int
        var iid: Int
        var projectPath: String
        var title: String
        var description: String?
        var state: String
        var createdAt: Int64
        var updatedAt: Int64
        var closedAt: Int64?
        var author: TextCorpus.Person
        var labels: [TextCorpus.Label]
        var milestone: String?
        var userNotesCount: Int
        var confidential: Bool
    }

    /// One merge request.
    struct MergeRequest: Sendable, GitLabKeyed {
        var id: Int
        var iid: Int
        var projectPath: String
        var title: String
        var description: String?
        var state: String
        var draft: Bool
        var createdAt: Int64
        var updatedAt: Int64
        var mergedAt: Int64?
        var author: TextCorpus.Person
        var labels: [TextCorpus.Label]
        var sourceBranch: String
    }

    /// The group every project belongs to.
    static let groupPath = "sandbox"

    /// Base of every `webUrl`.
    static let webBase = "https://gitlab.sandbox.test"

    var projects: [Project]

    /// The project at `fullPath`, if it exists and the request may see it.
    func project(_ fullPath: String, authenticated: Bool) -> Project? {
        projects.first { $0.fullPath == fullPath && ($0.isPublic || authenticated) }
    }

    /// Generates the data set.
    init(options: SandboxOptions) {
        var random = SeededGenerator(seed: options.seed, stream: "gitlab")
        let count = options.clampedItemsPerSource
        let now = options.referenceTime
        let start = now - 730 * 86_400
        let specs: [(path: String, name: String, isPublic: Bool, about: String)] = [
            ("sandbox/rocket", "Rocket", true, "Flight software of the sandbox rocket 🚀"),
            ("sandbox/ground", "Ground", true, "Ground station and telemetry"),
            ("sandbox/vault", "Vault", false, "Private: launch codes and other secrets"),
        ]

        // Creation times of all issues of all projects, assigned global ids in creation order as
        // GitLab does, so ids interleave across projects.
        var created: [(project: Int, time: Int64)] = []
        for projectIndex in specs.indices {
            for _ in 0..<count {
                created.append((projectIndex, random.int64(in: start...(now - 3600))))
            }
        }
        created.sort { ($0.time, $0.project) < ($1.time, $1.project) }

        var issues = Array(repeating: [Issue](), count: specs.count)
        var hostileLeft = options.includeHostileTitles ? 3 : 0
        var previousUpdate: Int64 = start
        for (index, entry) in created.enumerated() {
            let spec = specs[entry.project]
            let iid = issues[entry.project].count + 1
            var updated = random.int64(in: entry.time...now)
            if index % 17 == 0, previousUpdate >= entry.time {
                updated = previousUpdate  // equal updatedAt: the keyset tiebreak by id matters
            }
            previousUpdate = updated
            let stateRoll = random.int(in: 0...99)
            let state = stateRoll < 60 ? "opened" : stateRoll < 95 ? "closed" : "locked"
            var title = TextCorpus.title(&random)
            if hostileLeft > 0, entry.project == 0, iid % 50 == 7 {
                title = TextCorpus.hostileTitle(3 - hostileLeft)
                hostileLeft -= 1
            }
            issues[entry.project].append(
                Issue(
                    id: 150_000_000 + index * 7 + 1,
                    iid: iid,
                    projectPath: spec.path,
                    title: title,
                    description: random.chance(80) ? TextCorpus.description(&random) : nil,
                    state: state,
                    createdAt: entry.time,
                    updatedAt: updated,
                    closedAt: state == "closed" ? updated : nil,
                    author: random.pick(TextCorpus.people),
                    labels: random.sample(TextCorpus.labels, count: random.int(in: 0...3)),
                    milestone: random.chance(60) ? random.pick(TextCorpus.milestones) : nil,
                    userNotesCount: random.int(in: 0...40),
                    confidential: random.chance(3)))
        }

        var projects: [Project] = []
        for (index, spec) in specs.enumerated() {
            var mergeRequests: [MergeRequest] = []
            var times = (0..<max(1, count / 2)).map { _ in random.int64(in: start...(now - 3600)) }
            times.sort()
            for (number, time) in times.enumerated() {
                let stateRoll = random.int(in: 0...99)
                let state = stateRoll < 30 ? "opened" : stateRoll < 85 ? "merged" : stateRoll < 98 ? "closed" : "locked"
                let updated = random.int64(in: time...now)
                let title = TextCorpus.title(&random)
                mergeRequests.append(
                    MergeRequest(
                        id: 280_000_000 + (index * count + number) * 3 + 1,
                        iid: number + 1,
                        projectPath: spec.path,
                        title: random.chance(15) ? "Draft: " + title : title,
                        description: random.chance(70) ? TextCorpus.description(&random) : nil,
                        state: state,
                        draft: random.chance(15),
                        createdAt: time,
                        updatedAt: updated,
                        mergedAt: state == "merged" ? updated : nil,
                        author: random.pick(TextCorpus.people),
                        labels: random.sample(TextCorpus.labels, count: random.int(in: 0...2)),
                        sourceBranch: "feature/\(number + 1)-\(random.hex(6))"))
            }
            projects.append(
                Project(
                    id: 4200 + index, fullPath: spec.path, name: spec.name, description: spec.about,
                    isPublic: spec.isPublic, issues: issues[index], mergeRequests: mergeRequests))
        }
        self.projects = projects
    }
}
