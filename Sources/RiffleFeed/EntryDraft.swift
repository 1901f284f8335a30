import RiffleCore

/// An entry while its elements are read: the raw candidates for each field, turned into a `FeedEntry`
/// once the entry (and the feed, whose authors it may inherit) is complete.
struct EntryDraft {
    /// guid, `atom:id` or JSON Feed `id`.
    var id: String?
    var title: String?
    /// The entry's own link (RSS `link`, Atom `link rel="alternate"`, JSON Feed `url`), resolved.
    var link: String?
    /// Fallbacks for the link: a permalink guid, `rdf:about`, an enclosure, JSON Feed `external_url`.
    var alternateLinks: [String] = []
    /// Atom `updated`, `dcterms:modified`, JSON Feed `date_modified`.
    var updated: String?
    /// RSS `pubDate`, `dc:date`, Atom `published`, `dcterms:issued`, JSON Feed `date_published`.
    var published: String?
    var authors: [String] = []
    /// RSS `description`, Atom `summary`, JSON Feed `summary`.
    var summary: String?
    /// `content:encoded`, Atom `content`, JSON Feed `content_text` or `content_html`.
    var content: String?
    var tags: [String] = []

    /// The entry, with `feedAuthors` for an entry that names none.
    func entry(feedAuthors: [String]) -> FeedEntry {
        let summaryText = Self.nonEmpty(summary) ?? Self.nonEmpty(content)
        let titleText = Self.nonEmpty(title) ?? summaryText.map { HTMLText.prefix(of: $0) } ?? ""
        let url = Self.nonEmpty(link) ?? alternateLinks.lazy.compactMap(Self.nonEmpty).first
        let dateText = Self.nonEmpty(updated) ?? Self.nonEmpty(published)
        let time = Self.nonEmpty(updated).flatMap(FeedDate.parse) ?? Self.nonEmpty(published).flatMap(FeedDate.parse)
        let identity: String
        if let id = Self.nonEmpty(id) {
            identity = id
        } else if let url {
            identity = url
        } else {
            identity = Self.hashID(title: titleText, date: dateText ?? "")
        }
        let names = (authors.isEmpty ? feedAuthors : authors).compactMap(Self.nonEmpty)
        return FeedEntry(
            id: identity, time: time, title: titleText, url: url,
            author: names.isEmpty ? nil : Self.unique(names).joined(separator: ", "), summary: summaryText,
            tags: Self.unique(tags.compactMap(Self.nonEmpty)))
    }

    /// `fnv1a:` and 16 hex digits of the title and the date's text: stable across runs and machines.
    static func hashID(title: String, date: String) -> String {
        let hash = FNV1a.hash(title + "\u{1F}" + date)
        let hex = String(hash, radix: 16)
        return "fnv1a:" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmingSpaces
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func unique(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert($0).inserted }
    }
}
