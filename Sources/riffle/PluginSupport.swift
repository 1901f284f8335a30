import RiffleConfig
import RiffleCore
import RiffleHTTP

/// Where the CLI meets the plugin layer.
enum PluginSupport {
    /// The plugin types the configuration may use.
    static func catalog(configPath: String, environment: [String: String]) -> [String: PluginTypeInfo] { [:] }

    /// Problems found in plugin manifests, as `FILE:LINE:COLUMN: message` lines.
    static func manifestProblems(configPath: String, environment: [String: String]) -> [String] { [] }

    /// `riffle plugins` output: one block per adapter type.
    static func listing(configFlag: String?, environment: [String: String]) -> [String] {
        [
            "gitlab   built-in  GitLab issues of a project or group (GraphQL)",
            "spacex   built-in  SpaceX API v4 launches",
            "graphql  built-in  any GraphQL API, described by dotted paths",
        ]
    }

    /// The adapter for a source of a plugin type.
    static func makeSource(_ source: SourceSettings, _ plugin: PluginSourceSettings) throws -> any Pageable {
        throw SourceError("no plugin provides type \(source.type)")
    }
}

/// Stops plugin processes on exit.
enum PluginShutdown {
    static func run() {}
}
