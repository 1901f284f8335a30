package import RiffleConfig
package import RiffleCore
package import RiffleHTTP

/// Builds the adapter for each configured source.
package enum SourceFactory {
    /// The adapter for one source: a built-in type's from `BuiltInAdapters`; a plugin type's from the
    /// plugin layer, through `plugins`.
    package static func make(
        _ source: SourceSettings, context: AdapterContext,
        plugins: (SourceSettings, PluginSourceSettings) throws -> any Pageable = noPlugins
    ) throws -> any Pageable {
        if let pageable = BuiltInAdapters.adapter(for: source.type)?.makeSource(source, context: context) {
            return pageable
        }
        guard let plugin = source.plugin else { throw SourceError("no adapter for type \(source.type)") }
        return try plugins(source, plugin)
    }

    /// `make(_:context:plugins:)` with a context of its own: a fresh in-memory document memory and the wall
    /// clock (tests, benchmarks, and one-off probes).
    package static func make(
        _ source: SourceSettings, client: HTTPClient, since: Timestamp? = nil,
        plugins: (SourceSettings, PluginSourceSettings) throws -> any Pageable = noPlugins
    ) throws -> any Pageable {
        try make(source, context: AdapterContext(client: client, since: since), plugins: plugins)
    }

    /// The `plugins` of a caller that has none: every plugin type is unknown.
    package static func noPlugins(_ source: SourceSettings, _: PluginSourceSettings) throws -> any Pageable {
        throw SourceError("no plugin provides type \(source.type)")
    }

    /// A merge source for one configured source. Its pages go through `RetryingPageable`: a load that
    /// fails in passing (a cut-off or non-JSON 200, a GraphQL field error, a retryable plugin error) is
    /// retried with the source's `retries` and the HTTP layer's backoff, each retry logged to `log` (`-v`).
    package static func mergeSource(
        _ source: SourceSettings, pageable: any Pageable, log: (@Sendable (String) -> Void)? = nil
    ) -> MergeSource {
        MergeSource(
            name: source.name,
            pageable: RetryingPageable(pageable, name: source.name, retries: source.retries, log: log),
            pageSize: source.pageSize)
    }
}
