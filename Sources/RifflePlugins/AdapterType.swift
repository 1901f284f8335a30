import RiffleConfig

/// One adapter type riffle can use, for `riffle plugins`: built in, or from a plugin file.
public struct AdapterType: Sendable, Hashable {
    public enum Origin: Sendable, Hashable, CustomStringConvertible {
        case builtIn
        case manifest(file: String)
        case executable(file: String)

        /// `built-in`, or the plugin file's path.
        public var description: String {
            switch self {
            case .builtIn: return "built-in"
            case .manifest(let file), .executable(let file): return file
            }
        }
    }

    public struct Param: Sendable, Hashable {
        public var name: String
        public var required: Bool
        public var defaultValue: String?
        public var description: String?
    }

    public var name: String
    public var description: String?
    /// Sorted by name.
    public var params: [Param]
    public var origin: Origin

    init(name: String, description: String?, params: [String: PluginParam], origin: Origin) {
        self.name = name
        self.description = description
        self.params = params.keys.sorted().compactMap { key in
            params[key].map {
                Param(name: key, required: $0.required, defaultValue: $0.defaultValue, description: $0.description)
            }
        }
        self.origin = origin
    }

    /// The built-in adapters and their keys (contract section 2).
    public static let builtIn: [AdapterType] = [
        AdapterType(
            name: "gitlab", description: "Issues of a GitLab project or group, most recently updated first",
            params: [
                "url": PluginParam(defaultValue: GitLabSettings.defaultURL, description: "instance base URL"),
                "project": PluginParam(description: "full path of a project (or give group)"),
                "group": PluginParam(description: "full path of a group (or give project)"),
                "state": PluginParam(defaultValue: "opened", description: "opened | closed | all"),
                "token": PluginParam(description: "optional; sent as Authorization: Bearer"),
            ], origin: .builtIn),
        AdapterType(
            name: "spacex", description: "SpaceX launches, newest first",
            params: [
                "url": PluginParam(defaultValue: SpaceXSettings.defaultURL, description: "API base URL"),
                "upcoming": PluginParam(defaultValue: "false", description: "false | true | all"),
            ], origin: .builtIn),
        AdapterType(
            name: "graphql", description: "Any GraphQL API, described by dotted paths (the generic adapter)",
            params: [
                "endpoint": PluginParam(required: true, description: "the GraphQL endpoint URL"),
                "headers": PluginParam(description: "request headers"),
                "query": PluginParam(required: true, description: "the query, with $first and $after"),
                "variables": PluginParam(description: "extra static variables"),
                "items": PluginParam(required: true, description: "path to the array of items"),
                "cursor": PluginParam(description: "path to the next-page cursor"),
                "has_more": PluginParam(description: "path to the more-pages flag"),
                "cursor_variable": PluginParam(defaultValue: "after", description: "variable receiving the cursor"),
                "page_size_variable": PluginParam(
                    defaultValue: "first", description: "variable receiving the page size"),
                "offset_variable": PluginParam(description: "offset pagination: variable receiving the offset"),
                "fields": PluginParam(required: true, description: "paths of id, time, title, url, author, …"),
            ], origin: .builtIn),
    ]
}

extension PluginCatalog {
    /// Every adapter type available: the built-in ones, then the plugins by name.
    public var adapterTypes: [AdapterType] {
        AdapterType.builtIn
            + plugins.keys.sorted().compactMap { type in
                plugins[type].map { plugin in
                    let origin: AdapterType.Origin
                    switch plugin.kind {
                    case .manifest: origin = .manifest(file: plugin.file)
                    case .executable: origin = .executable(file: plugin.file)
                    }
                    return AdapterType(
                        name: type, description: plugin.info.description, params: plugin.info.params, origin: origin)
                }
            }
    }
}
