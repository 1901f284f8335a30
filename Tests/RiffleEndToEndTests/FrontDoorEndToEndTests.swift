import Foundation
import RiffleCore
import RiffleSandbox
import RiffleTestSupport
import Testing

/// What a newcomer meets first: help, typos, `--version`, `riffle init`, colour into a pipe and the line
/// an export ends with — each through the built binary, with the exact output where it matters.
@Suite(.serialized) struct FrontDoorEndToEndTests {
    @Test func helpShowsTheGlobalOptionsAndAnExamplePerCommand() async throws {
        let help = try await Harness.run(["--help"])
        #expect(help.status == 0)
        let globalOptions = """
            GLOBAL OPTIONS:
              --config <path>         The configuration file.
              --source <name>         Only this source (repeatable).
              --no-color              No colour (also NO_COLOR).
              -v, --verbose           Log each request on stderr, secrets masked.
            """
        #expect(help.stdout.contains(globalOptions), "\(help.stdout)")
        #expect(help.stdout.contains("  riffle init                        write ~/.config/riffle/config.yaml\n"))
        #expect(help.stdout.contains("riffle --generate-completion-script bash|zsh|fish"))
        for command in ["read", "export", "sources", "plugins", "check", "init"] {
            let commandHelp = try await Harness.run([command, "--help"])
            #expect(commandHelp.status == 0)
            #expect(commandHelp.stdout.contains("Example"), "\(command) --help has an example")
            #expect(commandHelp.stdout.contains(globalOptions), "\(command) --help lists the global options")
        }
    }

    @Test func aMistypedCommandGetsADidYouMean() async throws {
        let typo = try await Harness.run(["exprot"])
        #expect(typo.status == 64)
        #expect(typo.stdout.isEmpty)
        #expect(typo.stderr == "riffle: unknown command \"exprot\"; did you mean \"export\"?\n")
        let afterOptions = try await Harness.run(["--config", "c.yaml", "-v", "sorces"])
        #expect(afterOptions.stderr == "riffle: unknown command \"sorces\"; did you mean \"sources\"?\n")
        let unknown = try await Harness.run(["frobnicate"])
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr
                == "riffle: unknown command \"frobnicate\" (expected one of read, export, sources, plugins, check, init, "
                + "import, serve)\n"
        )
    }

    @Test func aMistypedSourceGetsADidYouMean() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 5)) { sandbox in
            let config = try sandbox.config(Harness.threeSources)
            let typo = try await Harness.run(["--source", "Rocket", "export", "--config", config])
            #expect(typo.status == 64)
            #expect(typo.stderr == "riffle: --source Rocket: no such source; did you mean \"rocket\"?\n")
            let unknown = try await Harness.run(["export", "--config", config, "--source", "mars"])
            #expect(
                unknown.stderr
                    == "riffle: --source mars: no such source (expected one of rocket, launches, articles)\n")
            #expect(sandbox.server.requests().isEmpty, "nothing fetched")
        }
    }

    @Test func versionNamesTheLibrariesRiffleRunsWith() async throws {
        let run = try await Harness.run(["--version"])
        #expect(run.status == 0)
        let line = run.stdout.trimmingCharacters(in: .newlines)
        #expect(!line.contains("\n"), "one line")
        let shape = #/^riffle \d+\.\d+\.\d+ libcurl/\d+\.\d+\.\d+( \S+)* libyaml/\d+\.\d+\.\d+ SQLite/\d+\.\d+\.\d+$/#
        #expect(line.wholeMatch(of: shape) != nil, "\(line)")
    }

    @Test func initWritesAStarterThatChecksAndNeverOverwrites() async throws {
        let home = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let xdg = home.appendingPathComponent("xdg")
        let path = xdg.appendingPathComponent("riffle/config.yaml").path
        let environment = ["XDG_CONFIG_HOME": xdg.path, "HOME": home.path]

        let first = try await Harness.run(["init"], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stdout == """
                riffle: wrote \(path) (mode 600)
                next: edit it to add your sources, check it with `riffle check`, then read with `riffle`

                """)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let written = try String(contentsOfFile: path, encoding: .utf8)

        // The starter passes `riffle check`, found where riffle looks (no --config).
        let check = try await Harness.run(["check"], environment: environment)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.hasSuffix("\(path): 2 sources, valid\n"), "\(check.stdout)")
        #expect(check.stderr.isEmpty, "no warning: \(check.stderr)")

        let again = try await Harness.run(["init"], environment: environment)
        #expect(again.status == 1)
        #expect(
            again.stderr
                == "riffle: \(path) already exists; riffle init never overwrites a configuration "
                + "(edit it, or move it away and run riffle init again)\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == written, "left as it was")

        // Without XDG_CONFIG_HOME: ~/.config; with --config: there.
        let byHome = try await Harness.run(["init"], environment: ["HOME": home.path])
        #expect(byHome.status == 0, "\(byHome.stderr)")
        #expect(FileManager.default.fileExists(atPath: home.path + "/.config/riffle/config.yaml"))
        let chosen = home.appendingPathComponent("elsewhere/riffle.yaml").path
        let byFlag = try await Harness.run(["--config", chosen, "init"], environment: environment)
        #expect(byFlag.status == 0, "\(byFlag.stderr)")
        #expect(byFlag.stdout.contains("check it with `riffle check --config \(chosen)`"))
        #expect(try String(contentsOfFile: chosen, encoding: .utf8) == written)
    }

    @Test func colourIsForcedIntoAPipeOnlyByCLICOLORFORCE() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 20, includeHostileTitles: false)) { sandbox in
            let config = try sandbox.config(Harness.threeSources)
            let escape = "\u{1B}["
            let plain = try await Harness.run(["--config", config, "--limit", "5"])
            #expect(plain.status == 0, "\(plain.stderr)")
            #expect(plain.stdout.split(separator: "\n").count == 5)
            #expect(!plain.stdout.contains(escape), "no colour into a pipe")
            let forced = try await Harness.run(
                ["--config", config, "--limit", "5"], environment: ["CLICOLOR_FORCE": "1"])
            #expect(forced.status == 0)
            #expect(forced.stdout.split(separator: "\n").count == 5)
            #expect(forced.stdout.contains(escape + "1m"), "titles in bold")
            let zero = try await Harness.run(
                ["--config", config, "--limit", "5"], environment: ["CLICOLOR_FORCE": "0"])
            #expect(!zero.stdout.contains(escape))
            let vetoed = try await Harness.run(
                ["--config", config, "--limit", "5"], environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": ""])
            #expect(!vetoed.stdout.contains(escape), "NO_COLOR wins")
        }
    }

    @Test func anExportOnATerminalEndsWithOneSummaryLine() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 30)) { sandbox in
            let config = try sandbox.config(Harness.threeSources)
            let output = sandbox.directory.appendingPathComponent("feed.json").path
            let run = try await Harness.runOnTerminal(["export", "--config", config, "--output", output])
            #expect(run.status == 0, "\(run.stdout)")
            let lines = run.stdout.components(separatedBy: "\r\u{1B}[K").last?.split(whereSeparator: \.isNewline)
            let line = try #require(lines?.first.map(String.init), "\(run.stdout)")
            let items = try Harness.jsonArray(Array(Data(contentsOf: URL(fileURLWithPath: output)))).count
            #expect(items > 60)
            let summary = try #require(line.wholeMatch(of: #/riffle: wrote (\d+) items from 3 sources in \d+\.\ds/#))
            #expect(Int(summary.1) == items, "the line counts what was written")
            #expect(lines?.count == 1, "one line: \(run.stdout)")

            let piped = try await Harness.run(["export", "--config", config, "--output", output])
            #expect(piped.status == 0 && piped.stderr.isEmpty, "no summary when stderr is not a terminal")
        }
    }

    @Test func failedSourcesAreCountedInTheLastLine() async throws {
        let options = SandboxOptions(faults: [try FaultRule(parsing: "gitlab:every=503")], itemsPerSource: 10)
        try await Harness.withSandbox(options) { sandbox in
            let some = try await Harness.run(["export", "--config", try sandbox.config(Harness.threeSources)])
            #expect(some.status == 2)
            #expect(some.stderr.hasSuffix("riffle: wrote 20 items from the other 2 sources\n"), "\(some.stderr)")

            sandbox.server.setFaults([try FaultRule(parsing: "any:every=503")])
            let all = try await Harness.run(["export", "--config", try sandbox.config(Harness.threeSources)])
            #expect(all.status == 2)
            #expect(all.stderr.hasSuffix("riffle: wrote 0 items: every source failed\n"), "\(all.stderr)")
            #expect(all.stdout == "[]\n" || all.stdout == "[\n]\n", "still one valid document: \(all.stdout)")

            let only = try await Harness.run([
                "export", "--config", try sandbox.config(Harness.threeSources), "--source", "rocket",
            ])
            #expect(only.stderr.hasSuffix("riffle: wrote 0 items: the only source failed\n"), "\(only.stderr)")
        }
    }
}
