import RiffleCore
import RiffleSources
import Testing

@testable import RiffleConfig

/// Only values in secret positions are secrets: a URL from the environment is not one, so `-v` shows
/// its host as errors do.
@Suite struct SecretPositionTests {
    @Test func aURLFromTheEnvironmentIsNotASecretButTokensAndHeadersAre() throws {
        let text = """
            sources:
              - name: g
                type: graphql
                endpoint: ${SANDBOX}/graphql
                headers: {X-Custom: "${CUSTOM}"}
                variables: {apiKey: "${API_KEY}", owner: "${OWNER}"}
                query: "query($first: Int!) { items }"
                items: data.items
                fields: {id: id, time: t, title: title}
              - {name: a, type: gitlab, url: "${GITLAB_URL}", project: x/y, token: "${GITLAB_TOKEN}"}
            """
        let config = try Configuration.parse(
            text: text,
            environment: [
                "SANDBOX": "http://127.0.0.1:8080", "CUSTOM": "custom-value", "API_KEY": "key-value",
                "OWNER": "acme-owner", "GITLAB_URL": "https://gitlab.example", "GITLAB_TOKEN": "glpat-value",
            ], adapters: BuiltInAdapters.all)
        #expect(config.secrets == ["custom-value", "key-value", "glpat-value"])
    }

    @Test(arguments: [
        ("sources[0].token", true), ("sources[0].headers.X-Custom", true), ("sources[3].api_key", true),
        ("sources[0].headers.Authorization", true), ("source.headers.PRIVATE-TOKEN", true),
        ("sources[0].headers.Accept", false), ("sources[0].headers.content-type", false),
        ("sources[0].clientSecret", true), ("sources[0].password", true), ("sources[0].variables.authCode", true),
        ("sources[0].url", false), ("sources[0].endpoint", false), ("sources[0].project", false),
        ("defaults.timeout", false), ("sources[0].variables.owner", false),
    ])
    func positions(path: String, secret: Bool) {
        #expect(SecretPosition.isSecret(path: path) == secret)
    }

    /// Paths that the byte-by-byte reading of ASCII paths must read as `split` does: empty keys left out,
    /// an index cut off the last key, `headers` in any case (and non-ASCII paths) left to the general rule.
    @Test(arguments: [
        ("a..token", true), ("token.", true), ("sources[0]", false), ("", false), ("sources[0].my_token[2]", true),
        ("sources[0].HEADERS.Accept", false), ("sources[0].Headers.X-Api", true), ("sources[0].t\u{F6}ken", false),
        ("sources[0].\u{E9}.api_key", true),
    ])
    func positionsReadAsTheGeneralRuleReadsThem(path: String, secret: Bool) {
        #expect(SecretPosition.isSecret(path: path) == secret)
    }

    /// One header rule for values from the environment and values written in the file: every header is a
    /// secret but the plain ones, and a credential after its scheme is masked on its own too.
    @Test func headersFromTheFileAndFromTheEnvironmentFollowOneRule() throws {
        let text = """
            sources:
              - name: g
                type: graphql
                endpoint: http://127.0.0.1:8080/graphql
                headers:
                  Accept: application/json
                  User-Agent: "${AGENT}"
                  X-Custom: literal-value
                  X-Other: "${OTHER}"
                  Authorization: Bearer literal-token
                query: "query($first: Int!) { items }"
                items: data.items
                fields: {id: id, time: t, title: title}
            """
        let config = try Configuration.parse(
            text: text, environment: ["AGENT": "agent-value", "OTHER": "other-value"],
            adapters: BuiltInAdapters.all)
        #expect(config.secrets == ["other-value"])
        let source = try #require(config.sources.first)
        #expect(
            BuiltInAdapters.secrets(of: source)
                == ["literal-value", "other-value", "Bearer literal-token", "literal-token"])
        #expect(SecretPosition.secrets(in: [HTTPHeader(name: "accept", value: "text/html")]).isEmpty)
    }
}
