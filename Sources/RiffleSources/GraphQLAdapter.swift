import RiffleConfig
import RiffleCore
import RiffleHTTP

/// `type: graphql`: the generic adapter, any GraphQL API described by dotted paths (`GraphQLSource`).
///
/// Its settings and their decoding live in RiffleConfig, because a plugin manifest's `source:` holds the
/// same keys.
enum GraphQLAdapter: BuiltInAdapter {
    static let type = "graphql"
    static var keys: [String] { GraphQLSettings.keys }
    static let description = "Any GraphQL API, described by dotted paths (the generic adapter)"
    static let params: [String: PluginParam] = [
        "endpoint": PluginParam(required: true, description: "the GraphQL endpoint URL"),
        "headers": PluginParam(description: "request headers"),
        "query": PluginParam(required: true, description: "the query, with $first and $after"),
        "variables": PluginParam(description: "extra static variables"),
        "items": PluginParam(required: true, description: "path to the array of items"),
        "cursor": PluginParam(description: "path to the next-page cursor"),
        "has_more": PluginParam(description: "path to the more-pages flag"),
        "cursor_variable": PluginParam(defaultValue: "after", description: "variable receiving the cursor"),
        "page_size_variable": PluginParam(defaultValue: "first", description: "variable receiving the page size"),
        "offset_variable": PluginParam(description: "offset pagination: variable receiving the offset"),
        "fields": PluginParam(required: true, description: "paths of id, time, title, url, author, …"),
    ]

    static func decode(_ keys: SourceKeys) -> GraphQLSettings? {
        GraphQLSettings.decode(keys)
    }

    static func host(of settings: GraphQLSettings) -> String {
        HTTPURL.authority(of: settings.endpoint)
    }

    /// The values of every header but the plain ones (`SecretPosition.secrets(in:)`, the rule values
    /// from the environment follow too).
    static func secrets(of settings: GraphQLSettings) -> [String] {
        SecretPosition.secrets(in: settings.headers)
    }

    /// A `GraphQLSource`; `since` is left to the merge (the generic adapter knows no filter variable).
    static func make(_ settings: GraphQLSettings, for source: SourceSettings, context: AdapterContext) -> any Pageable {
        GraphQLSource(settings: settings, client: context.client, timeout: source.timeout, retries: source.retries)
    }
}
