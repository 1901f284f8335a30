import RiffleCore
import RiffleSources
import Testing

@testable import RiffleConfig

/// Only values in secret positions are secrets: a URL from the environment is not one, so `-v` shows
/// its host as errors do (issue 12).
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
        ("sources[0].token", true), ("sources[0].headers.Accept", true), ("sources[3].api_key", true),
        ("sources[0].clientSecret", true), ("sources[0].password", true), ("sources[0].variables.authCode", true),
        ("sources[0].url", false), ("sources[0].endpoint", false), ("sources[0].project", false),
        ("defaults.timeout", false), ("sources[0].variables.owner", false),
    ])
    func positions(path: String, secret: Bool) {
        #expect(SecretPosition.isSecret(path: path) == secret)
    }
}
