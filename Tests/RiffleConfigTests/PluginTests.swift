import RiffleCore
import RiffleSources
import Testing

@testable import RiffleConfig

@Suite struct PluginTests {
    static let manifest = """
        description: Issues of a GitHub repository, most recently updated first
        params:
          owner: {required: true, description: repository owner}
          repo:  {required: true, description: repository name}
          token: {required: true, description: token with read access}
          endpoint: {default: "https://api.github.com/graphql"}
        source:
          endpoint: ${param.endpoint}
          headers: {Authorization: "Bearer ${param.token}"}
          query: |
            query($first: Int!, $after: String, $owner: String!, $repo: String!) { x }
          variables: {owner: "${param.owner}", repo: "${param.repo}", first_page: true, limit: 10, ratio: 0.5, none: ~}
          items: data.repository.issues.edges
          cursor: data.repository.issues.pageInfo.endCursor
          has_more: data.repository.issues.pageInfo.hasNextPage
          fields: {id: node.id, time: node.updatedAt, title: node.title, url: node.url}
        """

    static let catalogue: [String: PluginTypeInfo] = {
        let parsed = try? PluginManifest.parse(
            text: PluginTests.manifest, file: "plugins/github-issues.yaml", adapters: BuiltInAdapters.all)
        return ["github-issues": parsed?.typeInfo ?? PluginTypeInfo(file: "?")]
    }()

    @Test func manifestDecodesWithPlaceholdersInPlace() throws {
        let manifest = try PluginManifest.parse(
            text: Self.manifest, file: "plugins/github-issues.yaml", adapters: BuiltInAdapters.all)
        #expect(manifest.type == "github-issues")
        #expect(manifest.params["owner"] == PluginParam(required: true, description: "repository owner"))
        #expect(manifest.params["endpoint"]?.defaultValue == "https://api.github.com/graphql")
        let endpoint = manifest.source.mapping?.first { $0.key.scalar?.value == "endpoint" }
        #expect(endpoint?.value.scalar?.value == "${param.endpoint}")
    }

    @Test func sourceOfAPluginType() throws {
        let text =
            "sources:\n  - {name: swift, type: github-issues, owner: apple, repo: swift, token: \"${GITHUB_TOKEN}\"}\n"
        let config = try Configuration.parse(
            text: text, environment: ["GITHUB_TOKEN": "ghp"], adapters: BuiltInAdapters.all, plugins: Self.catalogue)
        #expect(
            config.sources[0].plugin
                == PluginSourceSettings(
                    type: "github-issues",
                    params: [
                        "owner": "apple", "repo": "swift", "token": "ghp",
                        "endpoint": "https://api.github.com/graphql",
                    ],
                    pluginFile: "plugins/github-issues.yaml"))
        #expect(config.secrets == ["ghp"])
    }

    @Test func instantiateSubstitutesParams() throws {
        let manifest = try PluginManifest.parse(
            text: Self.manifest, file: "plugins/github-issues.yaml", adapters: BuiltInAdapters.all)
        let (settings, secrets) = try manifest.instantiate(
            params: ["owner": "apple", "repo": "swift", "token": "ghp"], environment: [:])
        #expect(settings.endpoint == "https://api.github.com/graphql")
        #expect(settings.headers == [HTTPHeader(name: "Authorization", value: "Bearer ghp")])
        #expect(
            settings.variables == [
                "owner": .string("apple"), "repo": .string("swift"), "first_page": .bool(true), "limit": .int(10),
                "ratio": .double(0.5), "none": .null,
            ])
        #expect(settings.items.segments == ["data", "repository", "issues", "edges"])
        #expect(settings.cursorVariable == "after")
        #expect(secrets.isEmpty)
    }

    @Test func instantiateReportsAgainstTheManifest() throws {
        let manifest = try PluginManifest.parse(
            text: Self.manifest, file: "plugins/github-issues.yaml", adapters: BuiltInAdapters.all)
        do {
            _ = try manifest.instantiate(
                params: ["owner": "a", "repo": "b", "token": "t", "endpoint": "ftp://x"], environment: [:])
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description
                    == "plugins/github-issues.yaml:8:13: source.endpoint: expected an http or https URL, not ftp, "
                    + "got (value from ${param.endpoint})")
        }
    }

    /// The contract's own example: an unquoted `${…}` inside a `{ }` flow mapping works.
    @Test func theContractsOneLinePluginSourceWorks() throws {
        let text =
            "sources:\n  - {name: swift, type: github-issues, owner: apple, repo: swift, token: ${GITHUB_TOKEN}}\n"
        let configuration = try Configuration.parse(
            text: text, environment: ["GITHUB_TOKEN": "ghp_x"], adapters: BuiltInAdapters.all, plugins: Self.catalogue)
        guard let plugin = configuration.sources[0].plugin else {
            Issue.record("not a plugin source")
            return
        }
        #expect(plugin.params["token"] == "ghp_x" && plugin.params["owner"] == "apple")
    }

    @Test func unknownAndMissingParams() {
        let text = "sources:\n  - {name: swift, type: github-issues, ownr: apple, repo: swift, token: t}\n"
        #expect(
            problems(text, plugins: Self.catalogue) == [
                "config.yaml:2:5: sources[0].owner: missing required param of plugin type \"github-issues\" "
                    + "(defined in plugins/github-issues.yaml)",
                "config.yaml:2:40: sources[0].ownr: unknown param of plugin type \"github-issues\"; did you mean \"owner\"?",
            ])
    }

    @Test func unknownTypeListsPluginTypes() {
        let text = "sources:\n  - {name: a, type: github-issue}\n"
        #expect(
            problems(text, plugins: Self.catalogue) == [
                "config.yaml:2:21: sources[0].type: unknown type \"github-issue\"; did you mean \"github-issues\"? "
                    + "(available: gitlab, spacex, graphql, feed, github-issues)"
            ])
    }

    @Test func manifestStructureIsChecked() {
        let text = """
            description: x
            params:
              owner: {required: true}
              name: {}
            source:
              endpoint: https://api.example.com/graphql
              query: "{ x }"
              items: data.${param.ownr}
              curser: data.next
              fields: {id: id, time: t}
            """
        do {
            _ = try PluginManifest.parse(text: text, file: "plugins/gitlab.yaml", adapters: BuiltInAdapters.all)
            Issue.record("expected an error")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "plugins/gitlab.yaml: plugin type \"gitlab\" clashes with the built-in type; rename the file",
                    "plugins/gitlab.yaml:4:3: params.name: clashes with the source key \"name\" every source has; "
                        + "rename the param",
                    "plugins/gitlab.yaml:8:10: source.items: ${param.ownr} names no declared param; did you mean \"owner\"?",
                    "plugins/gitlab.yaml:9:3: source.curser: unknown key; did you mean \"cursor\"?",
                    "plugins/gitlab.yaml:10:11: source.fields.title: missing required key",
                ])
        }
    }

    @Test func standaloneGraphQLDecoderUsesThePrefix() throws {
        let node = try #require(
            try YAMLDocument.parse("endpoint: https://x.example\nquery: q\nitems: a\n", file: "m.yaml"))
        var secrets: Set<String> = []
        do {
            _ = try GraphQLSettings.decode(
                from: node, file: "m.yaml", keyPath: "source", environment: [:], secrets: &secrets)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "m.yaml:1:1: source.fields: missing required key")
        }
    }
}
