package import RiffleConfig
package import RiffleCore
internal import RiffleHTTP

/// A source type riffle has built in, and all that riffle knows about it, in one place beside its code:
/// how its keys decode (`SourceTypeDecoder`), what `riffle plugins` lists, the host `riffle sources` and
/// `riffle check` show, the values `-v` masks, and how its adapter is made.
///
/// Everything else derives these from `BuiltInAdapters.all`: the configuration decoder's known types,
/// `SourceFactory`, the plugin layer's listing and its reserved type names, the CLI's hosts and secrets.
/// Adding a built-in type is one conforming type and one entry in that list.
package protocol BuiltInAdapter: SourceTypeDecoder {
    /// One line for `riffle plugins`.
    static var description: String { get }
    /// The type's keys with their defaults and descriptions, for `riffle plugins` (contract section 2);
    /// the same names as `keys`.
    static var params: [String: PluginParam] { get }
    /// The host a source talks to (`HOST:PORT` when the port is given), for listings.
    static func host(of settings: Settings) -> String
    /// Credentials a source holds as given (whether written in the file or taken from the environment):
    /// the HTTP log masks them.
    static func secrets(of settings: Settings) -> [String]
    /// The web feed (RSS, RDF, Atom, JSON Feed) a source reads, from its first document on: what the store's
    /// feed memory reads ahead for a run's first requests and what `riffle sources --opml` lists; `nil` for
    /// a source that is not a feed (the default).
    static func feedURL(of settings: Settings) -> String?
    /// Whether items the source no longer lists stay stored: entries fall off the end of a feed, and a
    /// re-read says nothing about them. `false` by default: re-reading from the head reconciles.
    static var keepsFallenOff: Bool { get }
    /// The adapter for `source`, whose settings are `settings`, with the session's client, `--since` (which
    /// an adapter may pass to its server as a filter), document memory and clock.
    static func make(_ settings: Settings, for source: SourceSettings, context: AdapterContext) -> any Pageable
}

extension BuiltInAdapter {
    package static func feedURL(of settings: Settings) -> String? { nil }
    package static var keepsFallenOff: Bool { false }

    /// `feedURL(of:)` for a source of this type; `nil` for another type or a source that is not a feed.
    static func feedURL(ofSource source: SourceSettings) -> String? {
        settings(of: source).flatMap(feedURL(of:))
    }

    /// `source`'s settings as this type's own; `nil` when the source is of another type.
    static func settings(of source: SourceSettings) -> Settings? {
        source.type == type ? source.settings as? Settings : nil
    }

    /// `host(of:)` for a source of this type; `nil` for another type.
    static func host(ofSource source: SourceSettings) -> String? {
        settings(of: source).map(host(of:))
    }

    /// `secrets(of:)` for a source of this type; `nil` for another type.
    static func secrets(ofSource source: SourceSettings) -> [String]? {
        settings(of: source).map(secrets(of:))
    }

    /// `make` for a source of this type; `nil` for another type.
    static func makeSource(_ source: SourceSettings, context: AdapterContext) -> (any Pageable)? {
        settings(of: source).map { make($0, for: source, context: context) }
    }
}
