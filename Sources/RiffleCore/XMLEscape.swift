/// Text made safe inside XML: the one escaper for everything riffle writes as XML (OPML from `riffle
/// sources --opml`, the sandbox's feeds).
package enum XMLEscape {
    /// `text` safe in element content and in single- or double-quoted attributes: `&`, `<`, `>`, `"`, `'`
    /// as entity references; tab, line feed and carriage return as character references (so attributes
    /// keep them); other C0 controls, U+FFFE and U+FFFF, which XML 1.0 cannot carry at all, left out.
    package static func text(_ text: String) -> String {
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
