import Foundation
import RiffleSandbox
import RiffleTestSupport
import Testing

/// The README's examples, run as written so that they cannot rot. Every command block is either run or says
/// why it cannot be, in its info string:
///
/// - `readme-test`: a command block (`sh`) is run with `bash -euo pipefail` and must succeed; a `file=PATH`
///   block of any language is written to PATH instead (executable when it starts with `#!`).
/// - `readme-output`: a `text` block right after a run block is what its commands must print (the
///   sandbox's port written as 8765, as in the README).
/// - `not-run: REASON`: a command block that cannot run here (it installs with sudo, starts a server that
///   runs until stopped, opens the interactive reader…), and why.
///
/// A command block is one whose language is `sh`, `bash`, `shell` or `console`; a fence without a language
/// and an indented code block are refused, so that no command hides from this rule.
@Suite(.serialized) struct ReadmeEndToEndTests {
    /// One fenced block: its info string, its text, and the line its fence opens on.
    struct Block {
        var info: [String]
        var text: String
        var line: Int

        static let commandLanguages: Set<String> = ["sh", "bash", "shell", "console"]

        var language: String? { info.first.flatMap { $0.contains("=") || $0.hasSuffix(":") ? nil : $0 } }
        var isCommand: Bool { language.map(Self.commandLanguages.contains) ?? false }
        var isTested: Bool { info.contains("readme-test") }
        var isOutput: Bool { info.contains("readme-output") }
        var file: String? { info.first { $0.hasPrefix("file=") }.map { String($0.dropFirst(5)) } }
        /// The words after `not-run:`; `nil` when the block is not marked so.
        var notRunReason: String? {
            info.firstIndex(of: "not-run:").map { info[($0 + 1)...].joined(separator: " ") }
        }
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The fenced blocks of a Markdown text, in order (fences of three backticks at the start of a line).
    static func blocks(in markdown: String) -> [Block] {
        var blocks: [Block] = []
        var open: Block?
        for (number, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if let block = open {
                    blocks.append(block)
                    open = nil
                } else {
                    let info = line.dropFirst(3).split(separator: " ").map(String.init)
                    open = Block(info: info, text: "", line: number + 1)
                }
            } else if open != nil {
                open?.text += line + "\n"
            }
        }
        return blocks
    }

    /// The lines (1-based) where an indented code block starts: a line indented by four spaces or a tab
    /// after a blank line, outside fences. (A list item's text continues with two spaces in this README.)
    static func indentedCodeLines(in markdown: String) -> [Int] {
        var found: [Int] = []
        var inFence = false
        var previousBlank = true
        for (number, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                inFence.toggle()
            } else if !inFence, previousBlank, line.hasPrefix("    ") || line.hasPrefix("\t"),
                !line.allSatisfy(\.isWhitespace)
            {
                found.append(number + 1)
            }
            previousBlank = line.allSatisfy(\.isWhitespace)
        }
        return found
    }

    /// What is wrong with the blocks under the rule above, one line each.
    static func problems(in markdown: String) -> [String] {
        var problems = indentedCodeLines(in: markdown).map {
            "line \($0): an indented code block; fence it with a language"
        }
        let blocks = blocks(in: markdown)
        for (index, block) in blocks.enumerated() {
            let at = "line \(block.line)"
            if block.language == nil {
                problems.append("\(at): a fence without a language (sh, text, yaml…)")
            }
            if let reason = block.notRunReason {
                if reason.isEmpty { problems.append("\(at): not-run: without a reason") }
                if block.isTested { problems.append("\(at): both readme-test and not-run:") }
                if !block.isCommand { problems.append("\(at): not-run: on a block that is not a command block") }
            }
            if block.isCommand, !block.isTested, block.notRunReason == nil {
                problems.append("\(at): a command block neither run (readme-test) nor marked not-run: REASON")
            }
            if block.isTested, block.file == nil, !block.isCommand {
                problems.append("\(at): readme-test on a \(block.language ?? "bare") block without file=PATH")
            }
            if block.isCommand, block.file != nil { problems.append("\(at): file= on a command block") }
            if block.isOutput {
                let previous = index > 0 ? blocks[index - 1] : nil
                if !(previous.map { $0.isTested && $0.isCommand && $0.file == nil } ?? false) {
                    problems.append("\(at): readme-output not right after a block that is run")
                }
            }
        }
        return problems
    }

    @Test func theBlockParserFindsInfoFilesAndOutputs() {
        let markdown =
            "a\n```yaml readme-test file=x/y.yaml\nk: v\n```\n```sh readme-test\necho hi\n```\n"
            + "```text readme-output\nhi\n```\n```swift\nlet x = 1\n```\n```sh not-run: needs root\nsudo true\n```\n"
        let blocks = Self.blocks(in: markdown)
        #expect(blocks.map(\.isTested) == [true, true, false, false, false])
        #expect(blocks[0].file == "x/y.yaml" && blocks[0].text == "k: v\n" && blocks[0].line == 2)
        #expect(blocks[2].isOutput && blocks[2].text == "hi\n")
        #expect(blocks.map(\.isCommand) == [false, true, false, false, true])
        #expect(blocks[4].notRunReason == "needs root" && blocks[1].notRunReason == nil)
        #expect(Self.problems(in: markdown).isEmpty, "\(Self.problems(in: markdown))")
    }

    @Test func anUnmarkedOrBadlyMarkedBlockIsAProblem() {
        let cases: [(String, String)] = [
            ("```sh\nmake demo\n```\n", "neither run"),
            ("```bash\nls\n```\n", "neither run"),
            ("```\nls\n```\n", "without a language"),
            ("text\n\n    make test\n", "indented code block"),
            ("```sh not-run:\nsudo true\n```\n", "without a reason"),
            ("```sh readme-test not-run: why\nls\n```\n", "both readme-test and not-run:"),
            ("```yaml readme-test\nk: v\n```\n", "without file=PATH"),
            ("```text readme-output\nhi\n```\n", "readme-output not right after"),
            ("```sh not-run: why\nls\n```\n```text readme-output\nhi\n```\n", "readme-output not right after"),
        ]
        for (markdown, problem) in cases {
            let found = Self.problems(in: markdown)
            #expect(found.contains { $0.contains(problem) }, "\(markdown): \(found)")
        }
        // A list item's continuation (two spaces) and a table are not code.
        #expect(Self.problems(in: "- a\n  b\n\n  c\n\n| a | b |\n").isEmpty)
    }

    @Test func everyCommandBlockOfTheReadmeIsRunOrSaysWhyNot() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let problems = Self.problems(in: readme)
        #expect(problems.isEmpty, "README.md:\n\(problems.joined(separator: "\n"))")
        let lines = readme.utf8.count { $0 == UInt8(ascii: "\n") }
        #expect(lines <= 600, "README.md has \(lines) lines; keep it at most 600 (reference belongs in docs/)")
    }

    @Test func theReadmesExamplesRunAsWritten() async throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = Self.blocks(in: readme)
        let tested = blocks.filter(\.isTested)
        #expect(tested.filter { $0.file != nil }.count >= 2, "the try-it config and the python plugin")
        #expect(tested.filter { $0.file == nil }.count >= 3, "the commands")
        let bin = try #require(BuiltProducts.directory)
        try await Harness.withSandbox { sandbox in
            let port = sandbox.url.split(separator: ":").last.map(String.init) ?? ""
            let directory = sandbox.directory
            for name in ["examples", "plugins"] {
                try FileManager.default.createSymbolicLink(
                    at: directory.appendingPathComponent(name),
                    withDestinationURL: Self.repository.appendingPathComponent(name))
            }
            // What a reader of the README has: riffle on the PATH, a home of their own, and RIFFLE_SANDBOX
            // exported as the sandbox section says (here the test's sandbox, on a port of its own). Nothing
            // else: a variable a block needs must be set in it, or documented where it is used.
            let environment = [
                "PATH": "\(bin):/usr/bin:/bin", "HOME": directory.path, "LANG": "C.UTF-8",
                "XDG_CONFIG_HOME": directory.appendingPathComponent("xdg").path, "RIFFLE_SANDBOX": sandbox.url,
                "RIFFLE_DEMO_STORE": directory.appendingPathComponent("demo.sqlite").path,
            ]
            for (index, block) in blocks.enumerated() where block.isTested {
                if let file = block.file {
                    let url = directory.appendingPathComponent(file)
                    try FileManager.default.createDirectory(
                        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    if block.text.hasPrefix("#!") {
                        // No descriptor open for writing may reach a fork elsewhere in the suite ("Text file busy").
                        try await ExecutableFile.write(block.text, to: url.path)
                    } else {
                        try block.text.write(to: url, atomically: true, encoding: .utf8)
                    }
                    continue
                }
                let run = try await Self.bash(block.text, in: directory, environment: environment)
                #expect(run.status == 0, "README block at line \(block.line) failed:\n\(block.text)\(run.stderr)")
                if index + 1 < blocks.count, blocks[index + 1].isOutput {
                    let shown = run.stdout.replacingOccurrences(of: "127.0.0.1:\(port)", with: "127.0.0.1:8765")
                    #expect(
                        shown == blocks[index + 1].text, "README block at line \(block.line) printed something else")
                }
            }
        }
    }

    /// Runs `script` with `bash -euo pipefail -c` in `directory`.
    static func bash(_ script: String, in directory: URL, environment: [String: String]) async throws -> RiffleRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-euo", "pipefail", "-c", script]
        process.environment = environment
        process.currentDirectoryURL = directory
        let out = directory.appendingPathComponent(".stdout")
        let err = directory.appendingPathComponent(".stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        let status = try await process.runUntilExit()
        let stdout = try Data(contentsOf: out)
        return RiffleRun(
            status: status, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self), stdoutBytes: Array(stdout))
    }
}
