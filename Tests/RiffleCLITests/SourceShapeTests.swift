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

    /// A built-in type's fingerprint from the identity its settings declare: the project and the state
    /// decide the pages, the token does not; the store keeps a feed's fallen-off entries, and a feed
    /// declares its URL, through the adapter registry.
    @Test func eachAdapterDeclaresWhatDecidesItsPages() throws {
        func gitlab(project: String = "group/app", state: String = "opened", token: String = "glpat-one") throws
            -> Int64
        {
            let text = """
                sources:
                  - {name: issues, type: gitlab, project: \(project), state: \(state), token: \(token)}
                """
            let source = try #require(try Configuration.parse(text: text, adapters: BuiltInAdapters.all).sources.first)
            return SourceShape.fingerprint(source, since: nil, secrets: [token])
        }
        let base = try gitlab()
        #expect(try gitlab(token: "glpat-two") == base)
        #expect(try gitlab(project: "group/other") != base)
        #expect(try gitlab(state: "closed") != base)
        let text = """
            sources:
              - {name: lwn, type: feed, url: "https://lwn.net/headlines/rss"}
              - {name: issues, type: gitlab, project: group/app}
            """
        let sources = try Configuration.parse(text: text, adapters: BuiltInAdapters.all).sources
        #expect(sources.map(BuiltInAdapters.feedURL(of:)) == ["https://lwn.net/headlines/rss", nil])
        #expect(sources.map(BuiltInAdapters.keepsFallenOff) == [true, false])
    }
}
