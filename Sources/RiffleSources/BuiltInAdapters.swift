package import RiffleConfig

/// The built-in source types: the one list riffle's other layers derive them from.
///
/// To add a built-in adapter, write its files in this folder — its settings (`AdapterSettings`), its
/// `Pageable` and its `BuiltInAdapter` — and add it here. The configuration decoder, `SourceFactory`,
/// `riffle plugins`, the plugin types' reserved names and the CLI's hosts and secrets follow.
package enum BuiltInAdapters {
    /// Every built-in type, in the order messages and `riffle plugins` list them.
    package static let all: [any BuiltInAdapter.Type] = [
        GitLabAdapter.self, SpaceXAdapter.self, GraphQLAdapter.self, FeedAdapter.self,
    ]

    /// The built-in type names (a plugin may not take one).
    package static var types: [String] { all.map { $0.type } }

    /// The built-in adapter of `type`, if it is one.
    package static func adapter(for type: String) -> (any BuiltInAdapter.Type)? {
        all.first { $0.type == type }
    }

    /// The host of a built-in-type source; `nil` for a plugin type.
    package static func host(of source: SourceSettings) -> String? {
        adapter(for: source.type)?.host(ofSource: source)
    }

    /// The web feed a source reads (see `BuiltInAdapter.feedURL(of:)`); `nil` for a source that is not a feed.
    package static func feedURL(of source: SourceSettings) -> String? {
        adapter(for: source.type)?.feedURL(ofSource: source)
    }

    /// Whether the store keeps a source's items that it no longer lists (see
    /// `BuiltInAdapter.keepsFallenOff`); `false` for a plugin type.
    package static func keepsFallenOff(_ source: SourceSettings) -> Bool {
        adapter(for: source.type)?.keepsFallenOff ?? false
    }

    /// The credentials of a built-in-type source (see `BuiltInAdapter.secrets(of:)`); `nil` for a plugin type.
    package static func secrets(of source: SourceSettings) -> [String]? {
        adapter(for: source.type)?.secrets(ofSource: source)
    }
}
