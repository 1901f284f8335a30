package import RiffleConfig

/// A `type: spacex` source: launches from the SpaceX API (`{url}/v4/launches/query`).
package struct SpaceXSettings: AdapterSettings {
    /// The API base URL without a trailing slash.
    var url: String
    var upcoming: Upcoming

    /// Which launches: `upcoming: false` (past only, the default), `true` (upcoming only) or `all`.
    package enum Upcoming: String, Sendable, Hashable, CaseIterable {
        case pastOnly = "false"
        case upcomingOnly = "true"
        case all
    }

    package static let defaultURL = "https://api.spacexdata.com"

    package init(url: String = SpaceXSettings.defaultURL, upcoming: Upcoming = .pastOnly) {
        self.url = url
        self.upcoming = upcoming
    }
}

extension SpaceXSettings {
    /// The API and which launches.
    package var pageIdentity: PageIdentity {
        var identity = PageIdentity()
        identity["url"] = url
        identity["upcoming"] = upcoming.rawValue
        return identity
    }
}
