import RiffleConfig
import RiffleCore
import RiffleHTTP
import RiffleSources
import Testing

@testable import RifflePlugins

/// `BuiltInAdapters.all` is the one list of built-in types: `riffle plugins`, the configuration decoder,
/// the plugin types' reserved names, the factory and the CLI's hosts and secrets all follow it.
@Suite struct RegistryTests {
    /// One minimal source of each built-in type, by type.
    static let sources = [
        "gitlab": "{name: g, type: gitlab, url: \"https://gitlab.example:8443/\", project: a/b, token: tok}",
        "spacex": "{name: s, type: spacex, url: \"https://spacex.example\"}",
        "graphql":
            "{name: q, type: graphql, endpoint: \"https://api.example/graphql\", query: q, items: data.x, "
            + "headers: {Authorization: Bearer hub}, fields: {id: id, time: t, title: title}}",
        "feed": "{name: f, type: feed, url: \"https://feeds.example/rss.xml\", headers: {Cookie: c=1}}",
    ]

    @Test func rifflePluginsListsTheRegistry() {
        let listed = AdapterType.builtIn
        #expect(listed.map(\.name) == BuiltInAdapters.all.map { $0.type })
        #expect(PluginCatalog().adapterTypes == listed)
        for (adapter, type) in zip(BuiltInAdapters.all, listed) {
            #expect(type.origin == .builtIn)
            #expect(type.description == adapter.description)
            #expect(Set(type.params.map(\.name)) == Set(adapter.keys), "\(adapter.type): params and keys differ")
        }
    }

    @Test func theDecoderKnowsExactlyTheRegistrysTypes() throws {
        let error = try #require(throws: ConfigError.self) {
            try Configuration.parse(
                text: "sources:\n  - {name: a, type: nope}\n", adapters: BuiltInAdapters.all)
        }
        #expect(
            error.diagnostics.map(\.message) == [
                "unknown type \"nope\" (available: \(BuiltInAdapters.types.joined(separator: ", ")))"
            ])
        // Without the registry, the configuration layer knows no built-in type.
        #expect(throws: ConfigError.self) {
            try Configuration.parse(text: "sources:\n  - {name: a, type: spacex}\n", adapters: [])
        }
    }

    @Test func everyBuiltInTypeDecodesBuildsAndListsFromItsAdapter() throws {
        #expect(Set(Self.sources.keys) == Set(BuiltInAdapters.types))
        let text = "sources:\n" + BuiltInAdapters.types.compactMap { Self.sources[$0] }.map { "  - \($0)\n" }.joined()
        let configuration = try Configuration.parse(text: text, adapters: BuiltInAdapters.all)
        let client = try HTTPClientFactory.make()
        defer { client.syncShutdown() }
        let built = try configuration.sources.map { try SourceFactory.make($0, client: client) }
        #expect(built[0] is GitLabSource && built[1] is SpaceXSource && built[2] is GraphQLSource)
        #expect(built[3] is FeedSource)
        #expect(
            configuration.sources.map(\.host) == [
                "gitlab.example:8443", "spacex.example", "api.example", "feeds.example",
            ])
        #expect(configuration.sources.map(\.literalSecrets) == [["tok"], [], ["Bearer hub", "hub"], ["c=1"]])
        for source in configuration.sources {
            #expect(BuiltInAdapters.adapter(for: source.type) != nil)
            #expect(source.plugin == nil)
        }
    }

    @Test func aPluginMayNotTakeABuiltInName() {
        for type in BuiltInAdapters.types {
            #expect(throws: ConfigError.self) {
                try PluginManifest.parse(
                    text: "source: {endpoint: \"https://x.example\", query: q, items: a, fields: {id: i, time: t, "
                        + "title: t}}\n", file: "\(type).yaml", adapters: BuiltInAdapters.all)
            }
        }
    }
}
