/// One entry of `sources:`: its name, its adapter type and that adapter's settings.
package struct SourceSettings: Sendable, Hashable {
    /// Unique among the sources; shown in the reader and written in the export.
    package var name: String
    /// The adapter type as written: a built-in type (`gitlab`, `spacex`, `graphql`) or a plugin type.
    package var type: String
    package var pageSize: Int
    package var timeout: Duration
    package var retries: Int
    /// How often `riffle serve` asks it at most (`defaults.refresh` unless the source sets its own).
    package var refresh: Duration
    /// A label for grouping sources (`group:`); `nil` when none is given, and always for a type whose own
    /// settings have a `group` key (GitLab's group of projects), which keeps its meaning there.
    package var group: String?
    /// Where the source's entry starts in the file.
    var mark: Mark
    /// What the type's decoder made of the other keys: a built-in adapter's own settings, which it reads
    /// back, or `PluginSourceSettings` for a plugin type.
    package var settings: any AdapterSettings

    /// Keys every source may have, whatever its type.
    package static let commonKeys = ["name", "type", "page_size", "timeout", "retries", "refresh"]
    /// The label key every source may have unless its type has a key of that name itself.
    package static let groupKey = "group"

    init(
        name: String, type: String, pageSize: Int, timeout: Duration, retries: Int, mark: Mark,
        settings: any AdapterSettings, refresh: Duration = DefaultSettings().refresh, group: String? = nil
    ) {
        self.name = name
        self.type = type
        self.pageSize = pageSize
        self.timeout = timeout
        self.retries = retries
        self.refresh = refresh
        self.group = group
        self.mark = mark
        self.settings = settings
    }

    /// The settings of a plugin-type source; `nil` for a built-in type.
    package var plugin: PluginSourceSettings? { settings as? PluginSourceSettings }

    package static func == (lhs: SourceSettings, rhs: SourceSettings) -> Bool {
        lhs.name == rhs.name && lhs.type == rhs.type && lhs.pageSize == rhs.pageSize && lhs.timeout == rhs.timeout
            && lhs.retries == rhs.retries && lhs.refresh == rhs.refresh && lhs.group == rhs.group
            && lhs.mark == rhs.mark
            && AnyHashable(lhs.settings) == AnyHashable(rhs.settings)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(type)
        hasher.combine(pageSize)
        hasher.combine(timeout)
        hasher.combine(retries)
        hasher.combine(refresh)
        hasher.combine(group)
        hasher.combine(mark)
        hasher.combine(AnyHashable(settings))
    }
}
