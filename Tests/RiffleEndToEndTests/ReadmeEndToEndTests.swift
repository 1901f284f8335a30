import Foundation
import RiffleSandbox
import RiffleTestSupport
import Testing

/// The README's examples, run as written so that they cannot rot: every fenced block whose info string
/// says `readme-test` — a `file=PATH` block is written to PATH (executable when it starts with `#!`), a
/// `sh` block is run with `bash -euo pipefail` and must succeed, and a `text readme-output` block right
/// after it is what the commands must print (the sandbox's port written as 8765, as in the README).
@Suite(.serialized) struct ReadmeEndToEndTests {
    /// One fenced block: its info string and its text.
    struct Block {
        var info: [String]
        var text: String

        var isTested: Bool { info.contains("readme-test") }
        var isOutput: Bool { info.contains("readme-output") }
        var file: String? { info.first { $0.hasPrefix("file=") }.map { String($0.dropFirst(5)) } }
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The fenced blocks of a Markdown text, in order (fences of three backticks at the start of a line).
    static func blocks(in markdown: String) -> [Block] {
        var blocks: [Block] = []
        var open: Block?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let block = open {
                    blocks.append(block)
                    open = nil
                } else {
                    open = Block(info: line.dropFirst(3).split(separator: " ").map(String.init), text: "")
                }
            } else if open != nil {
                open?.text += line + "\n"
            }
        }
        return blocks
    }

    @Test func theBlockParserFindsInfoFilesAndOutputs() {
        let markdown =
            "a\n```yaml readme-test file=x/y.yaml\nk: v\n```\n```sh readme-test\necho hi\n```\n"
            + "```text readme-output\nhi\n```\n```swift\nlet x = 1\n```\n"
        let blocks = Self.blocks(in: markdown)
        #expect(blocks.map(\.isTested) == [true, true, false, false])
        #expect(blocks[0].file == "x/y.yaml" && blocks[0].text == "k: v\n")
        #expect(blocks[2].isOutput && blocks[2].text == "hi\n")
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
            let environment = [
                "PATH": "\(bin):/usr/bin:/bin", "HOME": directory.path, "LANG": "C.UTF-8",
                "XDG_CONFIG_HOME": directory.appendingPathComponent("xdg").path, "RIFFLE_SANDBOX": sandbox.url,
                "RIFFLE_DEMO_STORE": directory.appendingPathComponent("demo.sqlite").path,
                "SANDBOX_TOKEN": SandboxOptions.defaultToken,
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
                #expect(run.status == 0, "README block \(index) failed:\n\(block.text)\(run.stderr)")
                if index + 1 < blocks.count, blocks[index + 1].isOutput {
                    let shown = run.stdout.replacingOccurrences(of: "127.0.0.1:\(port)", with: "127.0.0.1:8765")
                    #expect(shown == blocks[index + 1].text, "README block \(index) printed something else")
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
