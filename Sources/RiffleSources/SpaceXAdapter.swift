import RiffleConfig
import RiffleCore
import RiffleHTTP

/// `type: spacex`: SpaceX launches (`SpaceXSource`).
enum SpaceXAdapter: BuiltInAdapter {
    static let type = "spacex"
    static let keys = ["url", "upcoming"]
    static let description = "SpaceX launches, newest first"
    static let params: [String: PluginParam] = [
        "url": PluginParam(defaultValue: SpaceXSettings.defaultURL, description: "API base URL"),
        "upcoming": PluginParam(defaultValue: "false", description: "false | true | all"),
    ]

    static func decode(_ keys: SourceKeys) -> SpaceXSettings? {
        let url = keys.baseURL("url") ?? SpaceXSettings.defaultURL
        let upcoming = keys.choice("upcoming", as: SpaceXSettings.Upcoming.self) ?? .pastOnly
        return SpaceXSettings(url: url, upcoming: upcoming)
    }

    static func host(of settings: SpaceXSettings) -> String {
        HTTPURL.authority(of: settings.url)
    }

    /// None: the SpaceX API takes no credentials.
    static func secrets(of settings: SpaceXSettings) -> [String] { [] }

    /// A `SpaceXSource`; the API cannot filter by time, so `since` is left to the merge.
    static func make(_ settings: SpaceXSettings, for source: SourceSettings, context: AdapterContext) -> any Pageable {
        SpaceXSource(settings: settings, client: context.client, timeout: source.timeout, retries: source.retries)
    }
}
