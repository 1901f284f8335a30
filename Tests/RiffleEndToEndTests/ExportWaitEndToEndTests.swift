import Foundation
import RiffleSandbox
import RiffleTestSupport
import Testing

/// "A hung host never holds the others" for `export`: it keeps the merged order, so it waits for the slow
/// source, but with `-v` it says on stderr which source it waits for; without `-v`, and stderr not a
/// terminal (cron), stderr stays empty. The slow source's answers are held until the `-v` run has said
/// so, then released: both runs end with every item.
@Suite struct ExportWaitEndToEndTests {
    @Test func exportNamesTheSourceItWaitsForOnlyWithVerbose() async throws {
        let late = SandboxServer(options: SandboxOptions(itemsPerSource: 30))
        late.hold(true)
        let latePort = try await late.start()
        try await withResource(late, stop: { await $0.stop() }) { late in
            try await Harness.withSandbox(SandboxOptions(itemsPerSource: 30)) { sandbox in
                let config = try sandbox.config(
                    SandboxSourceKind.config(
                        [(.spacex, "launches")], pageSize: 10, sandbox: sandbox.url, timeout: "120s", retries: 3)
                        + SandboxSourceKind.articles.yaml(name: "news", sandbox: "http://127.0.0.1:\(latePort)"))
                let work = try Harness.temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: work) }
                func start(_ arguments: [String], _ name: String) throws -> (Process, URL) {
                    let process = Process()
                    process.executableURL = try Harness.binary("riffle")
                    process.arguments = arguments + ["--config", config, "--no-store", "export", "--format", "ndjson"]
                    process.environment = Harness.environment(stateIn: work)
                    let err = work.appendingPathComponent("\(name).stderr")
                    FileManager.default.createFile(atPath: err.path, contents: nil)
                    process.standardOutput = FileHandle.nullDevice
                    process.standardError = try FileHandle(forWritingTo: err)
                    process.standardInput = FileHandle.nullDevice
                    return (process, err)
                }
                let (verbose, verboseErr) = try start(["-v"], "verbose")
                let (quiet, quietErr) = try start([], "quiet")
                async let verboseStatus = verbose.runUntilExit {
                    let said = await eventually(timeout: .seconds(120), interval: .milliseconds(100)) {
                        let text = (try? String(contentsOf: verboseErr, encoding: .utf8)) ?? ""
                        return text.contains("riffle: waiting for news (")
                    }
                    #expect(said, "the -v run named the source it waits for")
                    late.hold(false)
                }
                async let quietStatus = quiet.runUntilExit()
                #expect(try await verboseStatus == 0)
                #expect(try await quietStatus == 0)
                let verboseText = try String(contentsOf: verboseErr, encoding: .utf8)
                #expect(verboseText.contains(/riffle: waiting for news \(\d+s, attempt 1 of 4\)/), "\(verboseText)")
                #expect(try String(contentsOf: quietErr, encoding: .utf8) == "", "cron stays quiet")
            }
        }
    }
}
