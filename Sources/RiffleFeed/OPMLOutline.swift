/// One subscription of an OPML file: an `<outline>` with an `xmlUrl`.
package struct OPMLOutline: Sendable, Hashable {
    /// `title`, else `text`, as text (one line); `nil` when both are missing or empty.
    package var title: String?
    /// The feed's address (`xmlUrl`), trimmed.
    package var feedURL: String
    /// The site's address (`htmlUrl`), when given and not empty.
    var siteURL: String?
    /// The titles of the outlines it sits in, outermost first (folders; flattened away on import).
    package var folders: [String]

    package init(title: String?, feedURL: String, siteURL: String? = nil, folders: [String] = []) {
        self.title = title
        self.feedURL = feedURL
        self.siteURL = siteURL
        self.folders = folders
    }
}
