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

    /// A merge source for one configured source. Its pages go through `RetryingPageable`: a load that
    /// fails in passing (a cut-off or non-JSON 200, a GraphQL field error, a retryable plugin error) is
    /// retried with the source's `retries` and the HTTP layer's backoff, each retry logged to `log` (`-v`).
    public static func mergeSource(
        _ source: SourceSettings, pageable: any Pageable, log: (@Sendable (String) -> Void)? = nil
    ) -> MergeSource {
        MergeSource(
            name: source.name,
            pageable: RetryingPageable(pageable, name: source.name, retries: source.retries, log: log),
            pageSize: source.pageSize)
    }
}
