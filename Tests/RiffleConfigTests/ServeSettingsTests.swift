import RiffleSources
import Testing

@testable import RiffleConfig

/// The `serve:` section, `refresh` and `group`: defaults, values, and each mistake at its place.
@Suite struct ServeSettingsTests {
    private func parsed(_ text: String, environment: [String: String] = [:]) throws -> Configuration {
        try Configuration.parse(
            text: text, file: "/etc/riffle/config.yaml", environment: environment, adapters: BuiltInAdapters.all)
    }

    private let feed = "sources:\n  - name: a\n    type: feed\n    url: https://example.com/feed\n"

    @Test func defaults() throws {
        let configuration = try parsed(feed)
        #expect(configuration.serve == ServeSettings())
        #expect(configuration.serve.listen == ListenAddress(host: "127.0.0.1", port: 8686))
        #expect(configuration.defaults.refresh == .seconds(900))
        #expect(configuration.sources[0].refresh == .seconds(900))
        #expect(configuration.sources[0].group == nil)
    }

    @Test func values() throws {
        let text =
            "defaults:\n  refresh: 30m\nserve:\n  listen: '[::1]:0'\n  token: ${T}\n" + feed
            + "    refresh: 1h\n    group: news\n  - name: b\n    type: feed\n    url: https://example.com/b\n"
        let configuration = try parsed(text, environment: ["T": "s3cret"])
        #expect(configuration.serve.listen == ListenAddress(host: "::1", port: 0))
        #expect(configuration.serve.listen.isLoopback)
        #expect(configuration.serve.token == "s3cret")
        #expect(configuration.secrets.contains("s3cret"))
        #expect(configuration.sources.map(\.refresh) == [.seconds(3600), .seconds(1800)])
        #expect(configuration.sources.map(\.group) == ["news", nil])
    }

    @Test func tokenFileIsResolvedAgainstTheConfigurationsDirectory() throws {
        let configuration = try parsed("serve:\n  token_file: secrets/token\n" + feed)
        #expect(configuration.serve.tokenFile == "/etc/riffle/secrets/token")
    }

    /// GitLab's own `group` key keeps its meaning: it is not taken as a label.
    @Test func gitlabGroupStaysGitLabs() throws {
        let configuration = try parsed("sources:\n  - name: g\n    type: gitlab\n    group: gitlab-org\n")
        #expect(configuration.sources[0].group == nil)
    }

    @Test func mistakes() {
        #expect(
            problems("serve:\n  listen: 8686\n" + feed) == [
                "config.yaml:2:11: serve.listen: expected HOST:PORT such as 127.0.0.1:8686 or [::1]:8686, got \"8686\""
            ])
        #expect(
            problems("serve:\n  listen: localhost:99999\n" + feed) == [
                "config.yaml:2:11: serve.listen: expected HOST:PORT such as 127.0.0.1:8686 or [::1]:8686: "
                    + "the port is a number from 0 to 65535"
            ])
        #expect(
            problems("serve:\n  lisen: localhost:1\n" + feed) == [
                "config.yaml:2:3: serve.lisen: unknown key; did you mean \"listen\"?"
            ])
        #expect(
            problems("serve:\n  token: x\n  token_file: /t\n" + feed) == [
                "config.yaml:2:3: serve.token: give token or token_file, not both"
            ])
        #expect(
            problems("defaults:\n  refresh: soon\n" + feed) == [
                "config.yaml:2:12: defaults.refresh: expected a duration such as 20s, 2m, 1h30m, 500ms or 7d, "
                    + "got \"soon\""
            ])
        #expect(
            problems(feed + "    refresh: 2d\n") == [
                "config.yaml:5:14: sources[0].refresh: expected a duration from 1s to 1d, got \"2d\""
            ])
        #expect(
            problems(feed + "    group: ''\n") == [
                "config.yaml:5:12: sources[0].group: expected a non-empty string"
            ])
    }

    /// The sync APIs' account is refused, not ignored, until those APIs exist.
    @Test func syncAccountIsRefused() {
        #expect(
            problems("serve:\n  user: me\n  password: pw\n" + feed) == [
                "config.yaml:2:3: serve.user: the sync APIs (Google Reader, Fever) that user is for are not built "
                    + "yet; remove serve.user (riffle serve would otherwise start without them)",
                "config.yaml:3:3: serve.password: the sync APIs (Google Reader, Fever) that password is for are not "
                    + "built yet; remove serve.password (riffle serve would otherwise start without them)",
            ])
    }

    @Test func loopback() {
        for host in ["127.0.0.1", "127.8.9.10", "localhost", "::1"] {
            #expect(ListenAddress(host: host, port: 1).isLoopback, "\(host)")
        }
        for host in ["0.0.0.0", "192.168.1.2", "::", "example.com", "128.0.0.1"] {
            #expect(!ListenAddress(host: host, port: 1).isLoopback, "\(host)")
        }
        #expect(ListenAddress(host: "::1", port: 80).description == "[::1]:80")
    }
}
