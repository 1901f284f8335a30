import Glibc
import RiffleConfig
import RiffleCore
import RiffleSources
import RiffleSystem

/// `riffle-bench config [--sources N] [--runs N]`: parse+validate time of a generated config with N sources
/// (default 1,000, a mix of the three built-in types), beside the time libyaml alone takes to parse it,
/// run in turn; wall clock and thread CPU time (the second is steadier on a loaded machine).
enum ConfigBenchmark {
    static func run(_ arguments: [String]) async throws {
        var sourceCount = 1000
        var runs = 11
        var rest = arguments[...]
        while let option = rest.popFirst() {
            guard let value = rest.popFirst().flatMap({ Int($0) }), value > 0 else {
                print("usage: riffle-bench config [--sources N] [--runs N]")
                return
            }
            switch option {
            case "--sources": sourceCount = value
            case "--runs": runs = value
            default:
                print("usage: riffle-bench config [--sources N] [--runs N]")
                return
            }
        }
        let text = generate(sources: sourceCount)
        let bytes = Array(text.utf8)
        let environment = ["GITLAB_TOKEN": "glpat-bench"]

        // Check once that both succeed, then time.
        let config = try Configuration.parse(
            bytes: bytes, file: "bench.yaml", environment: environment, adapters: BuiltInAdapters.all)
        guard let events = LibYAMLBaseline.countEvents(in: bytes) else {
            print("riffle-bench config: libyaml rejected the generated file")
            return
        }
        // Interleaved, so that a load on the machine falls on both alike; each run timed by the wall clock
        // and by this thread's CPU clock (what the run itself spent, whatever else the machine did).
        var riffleTimes: [(wall: Double, cpu: Double)] = []
        var libyamlTimes: [(wall: Double, cpu: Double)] = []
        for _ in 0..<runs {
            riffleTimes.append(
                try timed {
                    _ = try Configuration.parse(
                        bytes: bytes, file: "bench.yaml", environment: environment, adapters: BuiltInAdapters.all)
                })
            libyamlTimes.append(try timed { _ = LibYAMLBaseline.countEvents(in: bytes) })
        }
        let decode = (wall: median(riffleTimes.map { $0.wall }), cpu: median(riffleTimes.map { $0.cpu }))
        let baseline = (wall: median(libyamlTimes.map { $0.wall }), cpu: median(libyamlTimes.map { $0.cpu }))

        print(
            "config: \(config.sources.count) sources, \(bytes.count) bytes, \(events) libyaml events; median of \(runs) runs, "
                + "interleaved (wall / thread CPU)"
        )
        print(
            "  libyaml events only (yaml_parser_parse loop)   \(milliseconds(baseline.wall)) / \(milliseconds(baseline.cpu)) ms"
        )
        print(
            "  riffle parse + validate (tree, decode, checks) \(milliseconds(decode.wall)) / \(milliseconds(decode.cpu)) ms"
        )
        let ratio = (wall: decode.wall / max(baseline.wall, 1e-9), cpu: decode.cpu / max(baseline.cpu, 1e-9))
        print(
            "  ratio                                          \(rounded(ratio.wall))x / \(rounded(ratio.cpu))x (goal ≤ 3x)"
        )
    }

    /// A config with `count` sources cycling through gitlab, spacex and graphql.
    static func generate(sources count: Int) -> String {
        var text = "reader:\n  lines: auto\n  prefetch: 2\ndefaults:\n  page_size: 50\n  timeout: 20s\n  retries: 3\n"
        text += "plugins:\n  - ./plugins\nsources:\n"
        for index in 0..<count {
            switch index % 3 {
            case 0:
                text += """
                      - name: gitlab-\(index)
                        type: gitlab
                        url: https://gitlab.example.com
                        project: group/project-\(index)
                        state: opened
                        token: ${GITLAB_TOKEN}
                        page_size: 100

                    """
            case 1:
                text += """
                      - name: launches-\(index)
                        type: spacex
                        url: https://api.spacexdata.com
                        upcoming: all
                        timeout: 1m30s

                    """
            default:
                text += """
                      - name: graphql-\(index)
                        type: graphql
                        endpoint: https://api.example.com/graphql
                        headers:
                          Accept: application/json
                        query: |
                          query($first: Int!, $after: String) {
                            issues(first: $first, after: $after) { edges { node { id title updatedAt } } }
                          }
                        variables: {owner: "acme", limit: 10, open: true}
                        items: data.issues.edges
                        cursor: data.issues.pageInfo.endCursor
                        has_more: data.issues.pageInfo.hasNextPage
                        fields: {id: node.id, time: node.updatedAt, title: node.title}

                    """
            }
        }
        return text
    }

    /// Wall and thread-CPU seconds of one run of `body` (synchronous: it stays on this thread).
    static func timed(_ body: () throws -> Void) throws -> (wall: Double, cpu: Double) {
        let wallStart = SystemClock.monotonicNanoseconds()
        let cpuStart = threadCPUNanoseconds()
        try body()
        return (
            Double(SystemClock.monotonicNanoseconds() - wallStart) / 1e9,
            Double(threadCPUNanoseconds() - cpuStart) / 1e9
        )
    }

    /// The CPU time this thread has used.
    static func threadCPUNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    static func milliseconds(_ seconds: Double) -> String { String(Double(Int(seconds * 100_000)) / 100) }

    static func rounded(_ value: Double) -> Double { Double(Int(value * 100)) / 100 }
}
