import RiffleConfig
import RiffleCore
import RiffleSources

/// `riffle-bench config [--sources N] [--runs N]`: parse+validate time of a generated config with N sources
/// (default 1,000, a mix of the three built-in types), beside the time libyaml alone takes to parse it.
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
        let decode = try median(runs) {
            _ = try Configuration.parse(
                bytes: bytes, file: "bench.yaml", environment: environment, adapters: BuiltInAdapters.all)
        }
        let baseline = try median(runs) { _ = LibYAMLBaseline.countEvents(in: bytes) }

        print(
            "config: \(config.sources.count) sources, \(bytes.count) bytes, \(events) libyaml events; median of \(runs) runs"
        )
        print("  libyaml events only (yaml_parser_parse loop)   \(milliseconds(baseline)) ms")
        print("  riffle parse + validate (tree, decode, checks) \(milliseconds(decode)) ms")
        let ratio = decode.seconds / max(baseline.seconds, 1e-9)
        print("  ratio                                          \(Double(Int(ratio * 100)) / 100)x")
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

    static func median(_ runs: Int, _ body: () throws -> Void) throws -> Duration {
        let clock = ContinuousClock()
        var times: [Duration] = []
        for _ in 0..<runs { times.append(try clock.measure(body)) }
        return times.sorted()[times.count / 2]
    }

    static func milliseconds(_ duration: Duration) -> String {
        let value = duration.seconds * 1000
        return String(Double(Int(value * 100)) / 100)
    }
}
