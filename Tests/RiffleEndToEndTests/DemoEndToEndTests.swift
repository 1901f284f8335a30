import Foundation
import RiffleSandbox
import RiffleTestSupport
import Testing

/// `make demo`'s first screen: examples/demo.yaml against the sandbox's default data shows the merge —
/// every source, interleaved, and no upcoming launches ahead of everything else.
@Suite struct DemoEndToEndTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theFirstScreenShowsEverySourceInterleaved() async throws {
        let config = Self.repository.appendingPathComponent("examples/demo.yaml").path
        let directory = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let userState = directory.appendingPathComponent("state")
        let demoStore = directory.appendingPathComponent("demo.sqlite")
        try await Harness.withSandbox { sandbox in
            // The lines a 24-row terminal shows above the prompt, printed plainly (stdout is a pipe).
            let run = try await Harness.run(
                ["--config", config, "read", "--limit", "23"],
                environment: [
                    "RIFFLE_SANDBOX": sandbox.url, "SANDBOX_TOKEN": SandboxOptions.defaultToken,
                    "XDG_STATE_HOME": userState.path, "RIFFLE_DEMO_STORE": demoStore.path,
                ])
            #expect(run.status == 0, "\(run.stderr)")
            // The demo wrote its own store, not the user's (the sandbox's items once showed up there).
            #expect(FileManager.default.fileExists(atPath: demoStore.path))
            #expect(!FileManager.default.fileExists(atPath: userState.appendingPathComponent("riffle").path))
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 23)
            // Each line: age, source, title … (the source is the second word).
            let sources = lines.map { $0.split(separator: " ").dropFirst().first.map(String.init) ?? "" }
            #expect(Set(sources.prefix(20)).count >= 3, "\(sources)")
            #expect(Set(sources) == ["rocket", "launches", "acme", "acme-ground", "events", "news"], "\(sources)")
            // Interleaved: no source holds more than half of the screen, none is only at its end.
            for name in Set(sources) {
                #expect(sources.filter { $0 == name }.count <= 11, "\(name): \(sources)")
            }
            // Past launches only: nothing in the future (`+3d`).
            #expect(!lines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("+") })
        }
    }
}
