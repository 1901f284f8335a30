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
    /// `itunes:author`: the author when the entry names no other.
    var podcastAuthors: [String] = []
    /// RSS `description`, Atom `summary`, JSON Feed `summary`.
    var summary: String?
    /// `content:encoded`, Atom `content`, JSON Feed `content_text` or `content_html`.
    var content: String?
    /// The summary's HTML as written, when it is HTML (an RSS `description`, Atom `summary` of type `html`
    /// or `xhtml`).
    var summaryHTML: String?
    /// The content's HTML as written, when it is HTML (`content:encoded`, Atom `content` of type `html` or
    /// `xhtml`, JSON Feed `content_html`).
    var contentHTML: String?
    var tags: [String] = []
    /// RSS `enclosure`, Atom `link rel="enclosure"`, JSON Feed `attachments`.
    var enclosures: [FeedEnclosure] = []
    /// Media RSS `media:content`: the enclosures when the entry has no other.
    var mediaContents: [FeedEnclosure] = []
    /// `itunes:duration`'s text: the first enclosure's playing time when it gives none.
    var podcastDuration: String?

    /// The entry, with `feedAuthors` for an entry that names none; its HTML kept up to `htmlLimit` bytes.
    func entry(feedAuthors: [String], htmlLimit: Int = FeedLimits.standard.maxHTMLBytes) -> FeedEntry {
        let summaryText = Self.nonEmpty(summary) ?? Self.nonEmpty(content)
        let titleText = Self.withoutFormatCharacters(
            Self.nonEmpty(title) ?? summaryText.map { HTMLText.prefix(of: $0) } ?? "")
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
        let own = authors.isEmpty ? podcastAuthors : authors
        let names = (own.isEmpty ? feedAuthors : own).compactMap { Self.nonEmpty($0).map(Self.withoutFormatCharacters) }
        let html = html(limit: htmlLimit)
        return FeedEntry(
            id: identity, time: time, title: titleText, url: url,
            author: names.isEmpty ? nil : Self.unique(names).joined(separator: ", "), summary: summaryText,
            tags: Self.unique(tags.compactMap(Self.nonEmpty)), enclosures: files(), contentHTML: html?.html,
            contentHTMLCut: html?.cut ?? false)
    }

    /// The content's HTML, else the summary's, when it has markup beyond its text; cut to `limit` bytes.
    private func html(limit: Int) -> (html: String, cut: Bool)? {
        guard let html = Self.nonEmpty(contentHTML) ?? Self.nonEmpty(summaryHTML), HTMLText.hasStructure(html)
        else { return nil }
        return HTMLText.cut(html, toBytes: limit)
    }

    /// The entry's enclosures (else its Media RSS contents), each URL once, at most `FeedEnclosure.limit`,
    /// the first given the `itunes:duration` when it has no playing time of its own.
    private func files() -> [FeedEnclosure] {
        var seen: Set<String> = []
        var files = (enclosures.isEmpty ? mediaContents : enclosures).filter {
            !$0.url.isEmpty && seen.insert($0.url).inserted
        }
        files = Array(files.prefix(FeedEnclosure.limit))
        if !files.isEmpty, files[0].duration == nil { files[0].duration = FeedEnclosure.duration(podcastDuration) }
        return files
    }

    /// `fnv1a:` and 16 hex digits of the title and the date's text: stable across runs and machines.
    static func hashID(title: String, date: String) -> String {
        let hash = FNV1a.hash(title + "\u{1F}" + date)
        let hex = String(hash, radix: 16)
        return "fnv1a:" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// `text` without Unicode format characters (general category Cf: U+FEFF, soft hyphens, bidi
    /// controls), which draw nothing or reorder what follows; the joiners (U+200C, U+200D) and tag
    /// characters stay, for they belong to emoji, flag and script sequences.
    static func withoutFormatCharacters(_ text: String) -> String {
        func stays(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.generalCategory != .format || scalar.value == 0x200C || scalar.value == 0x200D
                || (0xE0020...0xE007F).contains(scalar.value)
        }
        guard !text.unicodeScalars.allSatisfy(stays) else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.lazy.filter(stays))
        return String(kept).trimmingSpaces
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
