import Foundation
import RiffleSandbox
import RiffleTestSupport
import Testing

/// `--store` creates only the default location's directory, never a directory the user named.
@Suite(.serialized) struct StoreDirectoryEndToEndTests {
    @Test func aNamedStoreInAMissingDirectoryIsRefusedAndNothingIsCreated() async throws {
        try await Harness.withSandbox { sandbox in
            let config = try sandbox.config(
                "sources:\n  - {name: news, type: feed, url: \"\(sandbox.url)/feeds/rss.xml\"}\n")
            let missing = sandbox.directory.appendingPathComponent("nonexistent-dir").path
            let store = missing + "/x/s.sqlite"
            let why =
                "\(store): its directory \(missing)/x does not exist; create it (mkdir -p \(missing)/x) "
                + "or pass another --store"
            // A command that needs the store stops (exit 1); one that can go without warns and goes on.
            let offline = try await Harness.run(["--store", store, "--offline", "export", "--config", config])
            #expect(offline.status == 1, "\(offline.stderr)")
            #expect(offline.stderr.contains(why), "\(offline.stderr)")
            let online = try await Harness.run(["--store", store, "export", "--config", config])
            #expect(online.status == 0, "\(online.stderr)")
            #expect(online.stderr.contains("riffle: warning: " + why), "\(online.stderr)")
            #expect(try !Harness.jsonArray(online.stdoutBytes).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: missing), "no directory was made")
        }
    }
}
