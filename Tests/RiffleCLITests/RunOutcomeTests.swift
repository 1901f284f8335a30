import ArgumentParser
import Testing

@testable import RiffleCLI

/// Every way a run ends, put into lines and an exit code in one place.
@Suite struct RunOutcomeTests {
    @Test func cliFailuresKeepTheirLinesAndCodes() {
        #expect(
            RunOutcome(CLIFailure.usage("--source x: no such source"))
                == RunOutcome(output: "", errorLines: ["riffle: --source x: no such source"], exitCode: 64))
        #expect(
            RunOutcome(CLIFailure.configuration(["c.yaml:1:1: a", "c.yaml:2:1: b"]))
                == RunOutcome(output: "", errorLines: ["riffle: c.yaml:1:1: a", "riffle: c.yaml:2:1: b"], exitCode: 78))
        #expect(RunOutcome(CLIFailure.other("boom")).exitCode == 1)
        #expect(
            RunOutcome(CLIFailure(lines: [], exitCode: 130)) == RunOutcome(output: "", errorLines: [], exitCode: 130))
    }

    @Test func failedSourcesAreNamedWithTheirReasonsMadeInert() {
        let failure = CLIFailure.sourcesFailed(
            [(name: "gitlab", reason: "HTTP 502\u{1B}[31m")], after: ["wrote 3 items from the other sources"])
        #expect(
            RunOutcome(failure).errorLines == [
                "riffle: source gitlab failed: HTTP 502^[[31m", "riffle: wrote 3 items from the other sources",
            ])
        #expect(failure.exitCode == 2)
    }

    @Test func anExitCodeEndsQuietly() {
        #expect(RunOutcome(ExitCode(3)) == RunOutcome(output: "", errorLines: [], exitCode: 3))
    }

    @Test func parserErrorsAreUsageErrorsWithTheUsageLine() {
        let ending = outcome(["--no-such-flag"])
        #expect(ending.exitCode == 64)
        #expect(ending.output.isEmpty)
        #expect(ending.errorLines.first == "riffle: Error: Unknown option '--no-such-flag'")
        #expect(ending.errorLines.contains { $0.hasPrefix("Usage: riffle read ") })
        #expect(ending.errorLines.allSatisfy { $0.hasPrefix("riffle: ") || $0.hasPrefix("Usage: ") })
    }

    @Test func whatTheUserTypedIsEchoedInert() {
        let ending = outcome(["export", "--format", "x\u{1B}]0;pwn\u{7}"])
        #expect(ending.exitCode == 64)
        #expect(ending.errorLines.first?.contains("x^[]0;pwn^G") == true)
        #expect(!ending.errorLines.joined().unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func helpAndVersionGoToStandardOutputAndExitZero() async {
        let version = await RiffleCommandLine.run(["--version"])
        #expect(version == RunOutcome(output: VersionReport.line + "\n", errorLines: [], exitCode: 0))
        #expect(VersionReport.line.hasPrefix("riffle \(Riffle.version) libcurl/"))
        for arguments in [["export", "--help"], ["--help", "export"], ["help", "export"]] {
            let help = await RiffleCommandLine.run(arguments)
            #expect(help.exitCode == 0 && help.errorLines.isEmpty, "\(arguments)")
            #expect(help.output.contains("--format <format>") && help.output.contains("--since <time>"), "\(arguments)")
        }
    }

    /// The whole path in-process: the value that used to trap ends as a usage error.
    @Test func runEndsAnOverflowingSinceAsAUsageError() async {
        let ending = await RiffleCommandLine.run(["export", "--since", "9223372036854775808s"])
        #expect(ending.exitCode == 64)
        #expect(ending.errorLines.first?.contains("shorter than 100 years") == true)
    }
}
