import RiffleConfig
import RiffleFeed
import RiffleSources

/// `riffle sources --opml`: the configured `feed` sources (after `--source`) as an OPML subscription
/// list, each outline titled with the source's name, so that `riffle import opml` gives the same names
/// and URLs back. Sources that are not feeds (their adapter declares no feed URL) are left out.
enum SourcesOPML {
    static func document(_ sources: [SourceSettings]) -> OPMLDocument {
        let outlines = sources.compactMap { source -> OPMLOutline? in
            BuiltInAdapters.feedURL(of: source).map { OPMLOutline(title: source.name, feedURL: $0) }
        }
        return OPMLDocument(title: "riffle feed sources", outlines: outlines)
    }
}
