import Glibc
import RiffleSources
import Testing

@testable import RiffleConfig

@Suite struct FileTests {
    /// Writes `text` to a fresh temporary file with `mode` and returns its path.
    func temporaryFile(_ text: String, mode: mode_t) -> String {
        var template = Array("/tmp/riffle-config-test-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        #expect(descriptor >= 0)
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        fchmod(descriptor, mode)
        close(descriptor)
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test func literalTokenInAReadableFileEarnsAWarning() throws {
        let path = temporaryFile(gitlabSource("    project: x\n    token: glpat-abc\n"), mode: 0o644)
        defer { unlink(path) }
        let config = try Configuration.load(path: path, environment: [:], adapters: BuiltInAdapters.all)
        #expect(
            config.warnings == [
                "\(path): sources[0].token holds a literal token and the file is readable by group or others; "
                    + "run chmod 600 \(path) (or take the token from the environment with ${VAR})"
            ])
        chmod(path, 0o600)
        #expect(try Configuration.load(path: path, environment: [:], adapters: BuiltInAdapters.all).warnings.isEmpty)
    }

    @Test func literalAuthorizationHeaderCountsAsAToken() throws {
        let text = """
            sources:
              - name: g
                type: graphql
                endpoint: https://api.example.com/graphql
                headers: {PRIVATE-TOKEN: abc123}
                query: "{ items }"
                items: data.items
                fields: {id: id, time: t, title: title}
            """
        let path = temporaryFile(text, mode: 0o640)
        defer { unlink(path) }
        #expect(try Configuration.load(path: path, environment: [:], adapters: BuiltInAdapters.all).warnings.count == 1)
    }

    @Test func tokenFromTheEnvironmentEarnsNoWarning() throws {
        let path = temporaryFile(gitlabSource("    project: x\n    token: ${T}\n"), mode: 0o644)
        defer { unlink(path) }
        #expect(
            try Configuration.load(path: path, environment: ["T": "v"], adapters: BuiltInAdapters.all).warnings.isEmpty)
    }

    @Test func missingFile() {
        #expect(throws: ConfigError.self) {
            try Configuration.load(path: "/nonexistent/c.yaml", environment: [:], adapters: BuiltInAdapters.all)
        }
        do {
            _ = try Configuration.load(path: "/nonexistent/c.yaml", environment: [:], adapters: BuiltInAdapters.all)
        } catch {
            #expect(error.description == "/nonexistent/c.yaml: cannot open the file: No such file or directory")
        }
    }

    @Test func hugeFileIsRefusedBeforeReading() throws {
        let path = temporaryFile("# tiny\n", mode: 0o600)
        defer { unlink(path) }
        truncate(path, 5 << 20)
        do {
            _ = try Configuration.load(path: path, environment: [:], adapters: BuiltInAdapters.all)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "\(path): the file is too large (5242880 bytes; the limit is 4 MiB)")
        }
    }

    @Test func pluginDirectoriesResolveAgainstTheConfigFile() throws {
        let config = try Configuration.parse(
            text: "plugins: [./plugins, /abs, more/p, ~/mine]\n" + gitlabSource("    project: x\n"),
            file: "/etc/riffle/config.yaml", environment: ["HOME": "/home/u"], adapters: BuiltInAdapters.all)
        #expect(config.pluginDirectories == ["/etc/riffle/plugins", "/abs", "/etc/riffle/more/p", "/home/u/mine"])
    }

    /// The documented example at the top of the repository decodes without a problem.
    @Test func exampleConfigLoads() throws {
        let root = String(#filePath.split(separator: "/").dropLast(3).joined(separator: "/"))
        let config = try Configuration.load(
            path: "/" + root + "/config.yaml", environment: [:], adapters: BuiltInAdapters.all)
        #expect(config.sources.map(\.name) == ["gitlab", "launches", "merge-requests"])
        #expect(config.sources.map(\.type) == ["gitlab", "spacex", "graphql"], "a source of every built-in type")
        #expect(config.reader == ReaderSettings(lines: nil, prefetch: 2, links: true))
        #expect(config.defaults == DefaultSettings())
        #expect(config.warnings.isEmpty)
        guard let gitlab = config.sources[0].settings as? GitLabSettings else {
            Issue.record("expected gitlab")
            return
        }
        #expect(
            gitlab == GitLabSettings(url: "https://gitlab.com", scope: .project("gitlab-org/gitlab"), state: .opened))
    }
}
