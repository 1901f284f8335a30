import Foundation
import RiffleBytes
import RiffleCore
import RiffleSandbox
import RiffleTestSupport
import Testing

/// Nothing runs that the user did not choose (contract sections 1 and 5): the built `riffle`,
/// started in a hostile directory — a `plugins/` full of executables with every likely name, a
/// `config.yaml` and a `riffle.yaml` — with its configuration kept elsewhere, executes nothing of that
/// directory and reads none of its files.
@Suite struct TrustEndToEndTests {
    /// Every name a hostile directory might bet on: the built-in types, the shipped plugins' types, a
    /// plugin type the real configuration uses (`mine`), the commands, and names with extensions.
    static let hostileNames = [
        "gitlab", "spacex", "graphql", "mine", "mine.sh", "mine.py", "x.py", "x", "rest-events.py",
        "github-issues", "gitlab-merge-requests", "riffle", "check", "plugins", "export", "read", "things.sh",
    ]

    /// A configuration that would fail loudly if it were read (`projct` is an unknown key).
    static let hostileConfig = "sources:\n  - {name: hostile, type: gitlab, projct: x/y}\n"

    /// A working plugin of type `mine`, beside the real configuration.
    static let legitPlugin = """
        #!/bin/sh
        if [ "$1" = "--describe" ]; then echo '{"description": "legit", "params": {}}'; exit 0; fi
        while read -r line; do
          echo '{"items":[{"id":"1","time":"2026-01-02T00:00:00Z","title":"legit item"}],"cursor":null,"has_more":false}'
        done
        """

    struct Layout {
        var hostile: URL
        var marker: String
        var config: String
        var unusedMarker: String
        var environment: [String: String]
    }

    /// The hostile working directory, and elsewhere the real configuration with its own `plugins/` (a
    /// used plugin and an unused one that leaves a mark when run), an empty XDG directory and a home.
    static func layout(_ sandbox: Harness.Sandbox, under root: URL) async throws -> Layout {
        let fm = FileManager.default
        let hostile = root.appendingPathComponent("hostile")
        let marker = hostile.appendingPathComponent("EXECUTED").path
        for directory in ["plugins", ".config/riffle/plugins"] {
            try fm.createDirectory(at: hostile.appendingPathComponent(directory), withIntermediateDirectories: true)
            for name in hostileNames {
                try await ExecutableFile.write(
                    "#!/bin/sh\necho \"$0 $*\" >> '\(marker)'\n", to: hostile.path + "/\(directory)/\(name)")
            }
        }
        for name in ["config.yaml", "riffle.yaml", ".config/riffle/config.yaml", "plugins/mine.yaml"] {
            try hostileConfig.write(toFile: hostile.path + "/" + name, atomically: true, encoding: .utf8)
        }

        let elsewhere = root.appendingPathComponent("elsewhere")
        let plugins = elsewhere.appendingPathComponent("conf/plugins")
        try fm.createDirectory(at: plugins, withIntermediateDirectories: true)
        for directory in ["xdg", "home"] {
            try fm.createDirectory(at: elsewhere.appendingPathComponent(directory), withIntermediateDirectories: true)
        }
        try await ExecutableFile.write(legitPlugin, to: plugins.path + "/mine.sh")
        let unusedMarker = elsewhere.appendingPathComponent("unused-ran").path
        try await ExecutableFile.write(
            "#!/bin/sh\ntouch '\(unusedMarker)'\necho '{\"params\": {}}'\n", to: plugins.path + "/unused.sh")
        let config = elsewhere.appendingPathComponent("conf/riffle.yaml").path
        let yaml = Harness.threeSources.replacingOccurrences(of: "SANDBOX", with: sandbox.url)
        try (yaml + "  - {name: mine, type: mine}\n").write(toFile: config, atomically: true, encoding: .utf8)
        return Layout(
            hostile: hostile, marker: marker, config: config, unusedMarker: unusedMarker,
            environment: ["XDG_CONFIG_HOME": elsewhere.path + "/xdg", "HOME": elsewhere.path + "/home"])
    }

    @Test func aHostileWorkingDirectoryRunsNothingAndIsNotRead() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 5)) { sandbox in
            let layout = try await Self.layout(sandbox, under: sandbox.directory)
            let fm = FileManager.default
            func assertUntouched(_ run: RiffleRun, _ what: String) {
                #expect(!fm.fileExists(atPath: layout.marker), "\(what) ran a hostile executable")
                #expect(!run.stderr.contains("projct") && !run.stderr.contains("hostile"), "\(what): \(run.stderr)")
            }

            // The configuration kept elsewhere, named by the flag, then by the environment.
            let ways: [(name: String, arguments: [String], environment: [String: String])] = [
                ("--config", ["--config", layout.config], layout.environment),
                ("RIFFLE_CONFIG", [], layout.environment.merging(["RIFFLE_CONFIG": layout.config]) { $1 }),
            ]
            for way in ways {
                let read = try await Harness.run(
                    ["--limit", "5"] + way.arguments, environment: way.environment, in: layout.hostile)
                #expect(read.status == 0 && read.stdout.split(separator: "\n").count == 5, "\(way.name): \(read)")
                assertUntouched(read, "riffle (\(way.name))")

                let check = try await Harness.run(
                    ["check"] + way.arguments, environment: way.environment, in: layout.hostile)
                #expect(check.status == 0 && check.stdout.contains("4 sources, valid"), "\(way.name): \(check)")
                assertUntouched(check, "riffle check (\(way.name))")
                #expect(!fm.fileExists(atPath: layout.unusedMarker), "check runs only the plugins sources use")

                let export = try await Harness.run(
                    ["export", "--limit", "50"] + way.arguments, environment: way.environment, in: layout.hostile)
                #expect(export.status == 0, "\(way.name): \(export.stderr)")
                let mine = try Harness.jsonArray(export.stdoutBytes).filter { $0["source"] == .string("mine") }
                #expect(mine.map { $0["title"] } == [.string("legit item")], "the plugin beside the configuration")
                assertUntouched(export, "riffle export (\(way.name))")
                #expect(!fm.fileExists(atPath: layout.unusedMarker))

                let plugins = try await Harness.run(
                    ["plugins"] + way.arguments, environment: way.environment, in: layout.hostile)
                #expect(plugins.status == 0, "\(way.name): \(plugins.stderr)")
                #expect(
                    plugins.stdout.contains("mine  (\(layout.config.dropLast("riffle.yaml".count))plugins/mine.sh)"))
                assertUntouched(plugins, "riffle plugins (\(way.name))")
                // The control: `riffle plugins` does describe every plugin of the real directories.
                #expect(fm.fileExists(atPath: layout.unusedMarker), "riffle plugins describes every plugin")
                try? fm.removeItem(atPath: layout.unusedMarker)
            }

            // No configuration at all: nothing of the working directory stands in for one.
            for command in [["check"], ["export"], []] {
                let run = try await Harness.run(command, environment: layout.environment, in: layout.hostile)
                #expect(run.status == 78 && run.stderr.contains("no configuration found"), "\(command): \(run)")
                assertUntouched(run, "riffle \(command) without a configuration")
            }
            let plugins = try await Harness.run(["plugins"], environment: layout.environment, in: layout.hostile)
            #expect(plugins.status == 0 && plugins.stdout.hasPrefix("gitlab  (built-in)"))
            #expect(!plugins.stdout.contains("mine"))
            assertUntouched(plugins, "riffle plugins without a configuration")
        }
    }

    @Test func aPluginThatIsNotExecutableIsExplained() async throws {
        let directory = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plugins = directory.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        try "#!/usr/bin/env python3\nprint('{}')\n".write(
            to: plugins.appendingPathComponent("mine.py"), atomically: true, encoding: .utf8)
        let config = directory.appendingPathComponent("config.yaml").path
        let environment = ["XDG_CONFIG_HOME": directory.path + "/xdg"]
        let warning = "riffle: warning: \(plugins.path)/mine.py: not executable (chmod +x it to use type mine)"

        try "sources:\n  - {name: a, type: spacex, url: \"http://127.0.0.1:1\"}\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        for command in ["check", "plugins"] {
            let run = try await Harness.run([command, "--config", config], environment: environment)
            #expect(run.status == 0 && run.stderr == warning + "\n", "\(command): \(run)")
        }

        try "sources:\n  - {name: m, type: mine}\n".write(toFile: config, atomically: true, encoding: .utf8)
        let check = try await Harness.run(["check", "--config", config], environment: environment)
        #expect(check.status == 78)
        #expect(
            check.stderr.contains(
                "riffle: \(config):2:21: sources[0].type: type \"mine\" is not available: \(plugins.path)/mine.py: "
                    + "not executable (chmod +x it to use type mine)"), "\(check.stderr)")
    }

    /// `examples/demo.yaml` names the shipped plugins as `plugins: [../plugins]`, relative to itself: riffle
    /// started anywhere else (here a fresh directory with no `plugins/`) finds and reads both plugin kinds.
    @Test func theDemoFindsTheShippedPluginsWhereverRiffleIsStarted() async throws {
        if !SandboxPluginSource.python3Installed {
            print("skipped: no python3 for the executable plugin")
            return
        }
        let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/demo.yaml").path
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 5)) { sandbox in
            let environment = [
                "RIFFLE_SANDBOX": sandbox.url, "SANDBOX_TOKEN": SandboxOptions.defaultToken,
                "XDG_CONFIG_HOME": sandbox.directory.path + "/xdg",
                "RIFFLE_DEMO_STORE": sandbox.directory.path + "/demo.sqlite",
            ]
            let check = try await Harness.run(["check", "--config", demo], environment: environment)
            #expect(check.status == 0, "\(check.stderr)")
            let run = try await Harness.run(
                ["export", "--config", demo, "--source", "acme-ground", "--source", "events", "--format", "ndjson"],
                environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            let sources = Set(
                run.stdout.split(separator: "\n").compactMap { line in
                    (try? JSONValue(parsing: Array(line.utf8)))?["source"]?.stringValue
                })
            #expect(sources == ["acme-ground", "events"], "the manifest's and the executable's items")
        }
    }
}
