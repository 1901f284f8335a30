import RiffleCore

/// OPML 2.0 out: what `riffle sources --opml` writes, and what `OPMLDocument.parse` reads back.
extension OPMLDocument {
    /// The document as OPML 2.0 text: one `<outline type="rss">` per outline with `text` and `title` (its
    /// title), `xmlUrl` and, when known, `htmlUrl`, flat (folders are not written). Every value is escaped
    /// for XML attributes; characters XML 1.0 cannot carry at all (C0 controls other than tab, line feed and
    /// carriage return) are left out. Deterministic: the same sources give the same bytes.
    package func opml() -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head>\n"
        if let title { out += "    <title>\(XMLEscape.text(title))</title>\n" }
        out += "  </head>\n  <body>\n"
        for outline in outlines {
            out += "    <outline type=\"rss\""
            if let title = outline.title {
                let text = XMLEscape.text(title)
                out += " text=\"\(text)\" title=\"\(text)\""
            }
            out += " xmlUrl=\"\(XMLEscape.text(outline.feedURL))\""
            if let site = outline.siteURL { out += " htmlUrl=\"\(XMLEscape.text(site))\"" }
            out += "/>\n"
        }
        return out + "  </body>\n</opml>\n"
    }
}
