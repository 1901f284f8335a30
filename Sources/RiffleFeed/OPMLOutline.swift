/// One subscription of an OPML file: an `<outline>` with an `xmlUrl`.
public struct OPMLOutline: Sendable, Hashable {
    /// `title`, else `text`, as text (one line); `nil` when both are missing or empty.
    public var title: String?
    /// The feed's address (`xmlUrl`), trimmed.
    public var feedURL: String
    /// The site's address (`htmlUrl`), when given and not empty.
    var siteURL: String?
    /// The titles of the outlines it sits in, outermost first (folders; flattened away on import).
    package var folders: [String]

    public init(title: String?, feedURL: String, siteURL: String? = nil, folders: [String] = []) {
        self.title = title
        self.feedURL = feedURL
        self.siteURL = siteURL
        self.folders = folders
    }
}
