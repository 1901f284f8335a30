import Foundation
import RiffleBytes
import RiffleCore
import RiffleSandbox
import RiffleTestSupport
import Testing

/// `export --unread --mark-read` from cron promises every item exactly once: also when runs overlap.
@Suite(.serialized) struct OverlappingRunsEndToEndTests {
    /// Ten runs on one store, each started while the one before may still run, with items added before each:
    /// together their outputs hold every item exactly once.
    @Test func overlappingMarkingRunsWriteEveryItemExactlyOnce() async throws {
        try await Harness.withSandbox { sandbox in
            let page = sandbox.directory.appendingPathComponent("page.json").path
            let plugin = """
                #!/bin/sh
                if [ "$1" = "--describe" ]; then
                  echo '{"description": "the items in page.json", "params": {}}'
                  exit 0
                fi
                while read -r line; do cat \(page); done

                """
            let config = try await SilentMistakeEndToEndTests.config(
                sandbox, plugins: ["growing.sh": plugin], sources: "  - {name: grow, type: growing}\n")
            let environment = ["XDG_STATE_HOME": sandbox.directory.appendingPathComponent("state").path]

            /// The page with the first `count` items, newest first, replaced atomically.
            func publish(_ count: Int) throws {
                let items = (0..<count).reversed().map { index in
                    #"{"id": "item-\#(index)", "time": \#(1_700_000_000 + index), "title": "item \#(index)"}"#
                }
                let line = #"{"items": [\#(items.joined(separator: ", "))], "cursor": null, "has_more": false}"#
                try (line + "\n").write(toFile: page, atomically: true, encoding: .utf8)
            }

            let runs = 10
            let outputs = try await withThrowingTaskGroup(of: RiffleRun.self) { group in
                for run in 0..<runs {
                    try publish(20 * (run + 1))
                    group.addTask {
                        try await Harness.run(
                            ["export", "--unread", "--mark-read", "--format", "ndjson", "--config", config],
                            environment: environment)
                    }
                    // Not waiting for this run: the next is started beside it, so the runs overlap.
                }
                var outputs: [RiffleRun] = []
                for try await output in group { outputs.append(output) }
                return outputs
            }
            for output in outputs { #expect(output.status == 0, "\(output.stderr)") }
            let ids = outputs.flatMap { output in
                output.stdout.split(separator: "\n").compactMap { line -> String? in
                    guard case .object(let item)? = try? JSONValue(parsing: Array(line.utf8)),
                        case .string(let id)? = item["id"]
                    else { return nil }
                    return id
                }
            }
            // A run may start before the last page is published: the items it misses go to a later run, or
            // to one more run after them all.
            let last = try await Harness.run(
                ["export", "--unread", "--mark-read", "--format", "ndjson", "--config", config],
                environment: environment)
            let rest = last.stdout.split(separator: "\n").count
            #expect(ids.count + rest == 20 * runs, "every item written once: \(ids.count) + \(rest)")
            #expect(Set(ids).count == ids.count, "no item written twice")
        }
    }
}
