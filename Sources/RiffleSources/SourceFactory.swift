public import RiffleConfig
public import RiffleCore
public import RiffleHTTP

/// Builds the adapter for each configured source.
public enum SourceFactory {
    /// The adapter for one source. Plugin types are built by the plugin layer; `plugins` resolves them.
    public static func make(
        _ source: SourceSettings, client: HTTPClient, since: Timestamp? = nil,
        plugins: (SourceSettings, PluginSourceSettings) throws -> any Pageable = { source, _ in
            throw SourceError("no plugin provides type \(source.type)")
        }
    ) throws -> any Pageable {
        switch source.kind {
        case .gitlab(let settings):
            return GitLabSource(
                settings: settings, client: client, timeout: source.timeout, retries: source.retries, since: since)
        case .spacex(let settings):
            return SpaceXSource(settings: settings, client: client, timeout: source.timeout, retries: source.retries)
        case .graphql(let settings):
            return GraphQLSource(settings: settings, client: client, timeout: source.timeout, retries: source.retries)
        case .plugin(let settings):
            return try plugins(source, settings)
        }
    }

    /// A merge source for one configured source.
    public static func mergeSource(_ source: SourceSettings, pageable: any Pageable) -> MergeSource {
        MergeSource(name: source.name, pageable: pageable, pageSize: source.pageSize)
    }
}
