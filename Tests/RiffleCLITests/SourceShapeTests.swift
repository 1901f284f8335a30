import RiffleConfig
import RiffleCore
import RiffleSources
import Testing

@testable import RiffleCLI

/// The fingerprint a stored page is kept under for a resumed export: the same for the same settings,
/// another when anything that decides the pages changes, and blind to secret values.
@Suite struct SourceShapeTests {
    static func yaml(variables: String, endpoint: String = "https://api.example.com/graphql", token: String) -> String {
        """
        sources:
          - name: list
            type: graphql
            endpoint: \(endpoint)
            headers: {Authorization: "Bearer \(token)"}
            query: "query($first: Int!, $after: String) { x(first: $first, after: $after) { id } }"
            variables: \(variables)
            items: data.x.nodes
            cursor: data.x.end
            has_more: data.x.more
            fields: {id: id, time: t, title: title}
        """
    }

    func shape(
        variables: String = "{a: 1, b: two, c: [3]}", endpoint: String = "https://api.example.com/graphql",
        token: String = "s3cret-token-value", since: Timestamp? = nil
    ) throws -> Int64 {
        let text = Self.yaml(variables: variables, endpoint: endpoint, token: token)
        let source = try #require(try Configuration.parse(text: text, adapters: BuiltInAdapters.all).sources.first)
        return SourceShape.fingerprint(source, since: since, secrets: [token])
    }

    @Test func theFingerprintFollowsWhatDecidesThePages() throws {
        let base = try shape()
        #expect(try shape(variables: "{c: [3], b: two, a: 1}") == base, "the order of members does not matter")
        #expect(try shape(variables: "{a: 2, b: two, c: [3]}") != base)
        #expect(try shape(endpoint: "https://other.example.com/graphql") != base)
        #expect(try shape(since: Timestamp(unixSeconds: 1_767_225_600)) != base)
        #expect(try shape(token: "another-secret-value") == base, "secret values are left out")
    }
}
