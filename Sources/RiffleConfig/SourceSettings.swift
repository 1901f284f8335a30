/// One entry of `sources:`: its name, its adapter and that adapter's settings.
public struct SourceSettings: Sendable, Hashable {
    /// Unique among the sources; shown in the reader and written in the export.
    public var name: String
    /// The adapter type as written: `gitlab`, `spacex`, `graphql` or a plugin type.
    public var type: String
    public var pageSize: Int
    public var timeout: Duration
    public var retries: Int
    /// Where the source's entry starts in the file.
    public var mark: Mark
    public var kind: Kind

    /// The adapter and its settings.
    public enum Kind: Sendable, Hashable {
        case gitlab(GitLabSettings)
        case spacex(SpaceXSettings)
        case graphql(GraphQLSettings)
        case plugin(PluginSourceSettings)
    }

    /// The types riffle has built in; a plugin may not take these names.
    public static let builtInTypes = ["gitlab", "spacex", "graphql"]

    /// Keys every source may have, whatever its type.
    public static let commonKeys = ["name", "type", "page_size", "timeout", "retries"]

    public init(
        name: String, type: String, pageSize: Int, timeout: Duration, retries: Int, mark: Mark, kind: Kind
    ) {
        self.name = name
        self.type = type
        self.pageSize = pageSize
        self.timeout = timeout
        self.retries = retries
        self.mark = mark
        self.kind = kind
    }
}
