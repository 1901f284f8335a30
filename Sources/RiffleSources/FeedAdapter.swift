import RiffleConfig
import RiffleCore
import RiffleHTTP

/// `type: feed`: a web feed — RSS 0.9x/2.0, RSS 1.0 (RDF), Atom 1.0, JSON Feed 1.0/1.1 — read by
/// `FeedSource` (contract section 7).
enum FeedAdapter: BuiltInAdapter {
    static let type = "feed"
    static let keys = ["url", "headers"]
    static let description = "A web feed: RSS, RDF, Atom or JSON Feed, paged through its archives"
    static let params: [String: PluginParam] = [
        "url": PluginParam(required: true, description: "the feed's URL"),
        "headers": PluginParam(description: "request headers"),
    ]

    static func decode(_ keys: SourceKeys) -> FeedSettings? {
        let url = keys.webURL("url", required: true)
        let headers = keys.headers("headers") ?? []
        guard let url else { return nil }
        return FeedSettings(url: url, headers: headers)
    }

    static func host(of settings: FeedSettings) -> String { HTTPURL.authority(of: settings.url) }

    static func feedURL(of settings: FeedSettings) -> String? { settings.url }

    /// Entries fall off the end of a feed: a re-read says nothing about them.
    static let keepsFallenOff = true

    /// The values of every header but the plain ones: the one rule (`SecretPosition.secrets(in:)`).
    static func secrets(of settings: FeedSettings) -> [String] {
        SecretPosition.secrets(in: settings.headers)
    }

    /// A `FeedSource`; feeds take no filter, so `since` is left to the merge.
    static func make(_ settings: FeedSettings, for source: SourceSettings, context: AdapterContext) -> any Pageable {
        FeedSource(
            settings: settings, source: source.name, client: context.client, timeout: source.timeout,
            retries: source.retries, memory: context.memory, now: context.now)
    }
}
