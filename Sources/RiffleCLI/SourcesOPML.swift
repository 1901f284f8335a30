import RiffleConfig
import RiffleFeed
import RiffleSources

/// `riffle sources --opml`: the configured `feed` sources (after `--source`) as an OPML subscription
/// list, each outline titled with the source's name, so that `riffle import opml` gives the same names
/// and URLs back. Sources of other types have no feed URL and are left out.
enum SourcesOPML {
    static func document(_ sources: [SourceSettings]) -> OPMLDocument {
        let outlines = sources.compactMap { source -> OPMLOutline? in
            guard let feed = source.settings as? FeedSettings else { return nil }
            return OPMLOutline(title: source.name, feedURL: feed.url)
        }
        return OPMLDocument(title: "riffle feed sources", outlines: outlines)
    }
}
