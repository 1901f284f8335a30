package import RiffleCore

/// One entry of a feed, mapped as the contract (section 7) says: every text is plain text (markup removed,
/// references decoded, whitespace collapsed), every URL absolute where the feed allowed it.
package struct FeedEntry: Sendable, Hashable {
    /// The guid, `atom:id` or JSON Feed `id`; else the entry's URL; else `fnv1a:` and a hash of its title
    /// and date text, so that the same entry gets the same id on every run.
    package var id: String
    /// The update date, else the publication date; `nil` when there is none that parses (the adapter then
    /// uses the time the entry was first seen).
    package var time: Timestamp?
    /// The title as text; the start of the summary when the entry has no title; empty when it has neither.
    package var title: String
    /// The entry's link, resolved against `xml:base` and the feed's URL.
    package var url: String?
    /// The author's name (or, for RSS, the `author` element's text with a bare address reduced to the name).
    package var author: String?
    /// The summary or content as text.
    package var summary: String?
    /// The categories' names, in document order, without duplicates.
    package var tags: [String]
    /// The files the entry carries, in document order, each URL once.
    package var enclosures: [FeedEnclosure]
    /// The entry's content as HTML (`content:encoded`, an RSS `description`, Atom `content` or `summary` of
    /// type `html` or `xhtml`, JSON Feed `content_html`), as the feed wrote it (untrusted), at most
    /// `FeedLimits.maxHTMLBytes`; `nil` when it has no markup beyond its plain text (`summary` says it all).
    package var contentHTML: String?
    /// Whether `contentHTML` was cut at `FeedLimits.maxHTMLBytes`.
    package var contentHTMLCut: Bool

    init(
        id: String, time: Timestamp?, title: String, url: String?, author: String?, summary: String?,
        tags: [String], enclosures: [FeedEnclosure] = [], contentHTML: String? = nil, contentHTMLCut: Bool = false
    ) {
        self.id = id
        self.time = time
        self.title = title
        self.url = url
        self.author = author
        self.summary = summary
        self.tags = tags
        self.enclosures = enclosures
        self.contentHTML = contentHTML
        self.contentHTMLCut = contentHTMLCut
    }
}
