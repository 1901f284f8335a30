/// OPML 2.0 out: what `riffle sources --opml` writes, and what `OPMLDocument.parse` reads back.
extension OPMLDocument {
    /// The document as OPML 2.0 text: one `<outline type="rss">` per outline with `text` and `title` (its
    /// title), `xmlUrl` and, when known, `htmlUrl`, flat (folders are not written). Every value is escaped
    /// for XML attributes; characters XML 1.0 cannot carry at all (C0 controls other than tab, line feed and
    /// carriage return) are left out. Deterministic: the same sources give the same bytes.
    public func opml() -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head>\n"
        if let title { out += "    <title>\(Self.escaped(title))</title>\n" }
        out += "  </head>\n  <body>\n"
        for outline in outlines {
            out += "    <outline type=\"rss\""
            if let title = outline.title {
                let text = Self.escaped(title)
                out += " text=\"\(text)\" title=\"\(text)\""
            }
            out += " xmlUrl=\"\(Self.escaped(outline.feedURL))\""
            if let site = outline.siteURL { out += " htmlUrl=\"\(Self.escaped(site))\"" }
            out += "/>\n"
        }
        return out + "  </body>\n</opml>\n"
    }

    /// `text` safe inside a double-quoted attribute or element content.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default:
                let value = scalar.value
                if value < 0x20 || value == 0xFFFE || value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
