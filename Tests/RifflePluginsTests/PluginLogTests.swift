import Foundation
import RiffleCore
import RiffleTestSupport
import Synchronization
import Testing

@testable import RifflePlugins

extension PluginTests {
    /// Under `-v` a plugin source logs each request and passes its stderr through, line by line, bounded;
    /// its answers' plain dates and missing cursors are read like every adapter's.
    @Suite struct PluginLogTests {
        /// Collects log lines.
        final class Lines: Sendable {
            let lines = Mutex<[String]>([])
            func append(_ line: String) { lines.withLock { $0.append(line) } }
            var all: [String] { lines.withLock { $0 } }
        }

        @Test func requestsAndStderrLinesNameTheSource() async throws {
            let directory = try temporaryDirectory()
            let path = try await writeScript(
                directory, "talk.sh",
                """
                #!/bin/sh
                while read -r line; do
                  printf 'working on it\\nhalf a line' >&2
                  printf ' \\033[31mred\\033[0m\\n' >&2
                  echo '{"items":[{"id":"1","time":"2026-11-01","title":"one"}],"cursor":null,"has_more":true}'
                done
                """)
            let lines = Lines()
            let plugin = ExecutablePluginSource(
                executable: path, params: [:], timeout: .seconds(60), environment: ProcessInfo.processInfo.environment,
                log: PluginLog(source: "docs", type: "talk") { lines.append($0) })
            let page = try await plugin.loadPage(after: nil, pageSize: 7)
            #expect(page.items.first?.time.rfc3339 == "2026-11-01T00:00:00Z", "a plain date is its midnight UTC")
            #expect(page.notes.missingCursor == "has_more was true but \"cursor\" is missing")
            #expect(await eventually { lines.all.count >= 3 })
            let logged = lines.all
            #expect(logged.contains("docs: stderr: working on it"))
            #expect(logged.contains("docs: stderr: half a line \u{1B}[31mred\u{1B}[0m"), "made inert by the CLI's sink")
            #expect(logged.contains { $0.hasPrefix("docs: plugin talk: cursor null, page_size 7 → 1 item, more, ") })
            await plugin.stop()
        }

        @Test func failuresAreLoggedWithTheirReason() async throws {
            let directory = try temporaryDirectory()
            let path = try await writeScript(
                directory, "err.sh", "#!/bin/sh\nread -r line\necho '{\"error\": \"nope\"}'\n")
            let lines = Lines()
            let plugin = ExecutablePluginSource(
                executable: path, params: [:], timeout: .seconds(60), environment: ProcessInfo.processInfo.environment,
                log: PluginLog(source: "docs", type: "err") { lines.append($0) })
            await #expect(throws: SourceError.self) { try await plugin.loadPage(after: "p2", pageSize: 3) }
            #expect(
                lines.all.contains {
                    $0.hasPrefix("docs: plugin err: cursor \"p2\", page_size 3 → failed: plugin \(path): nope, ")
                })
            await plugin.stop()
        }

        @Test func stderrLinesAreCutAtTheLimit() {
            var splitter = StderrLines(maxLineBytes: 8)
            #expect(splitter.append(Array("ab\r\ncd".utf8)) == ["ab"])
            #expect(splitter.append(Array("efghijklmnop".utf8)) == ["cdefghij…"])
            #expect(splitter.append(Array("qrs\nt".utf8)) == [], "the rest of a cut line is dropped")
            #expect(splitter.finish() == "t")
            #expect(splitter.finish() == nil)
        }
    }
}
