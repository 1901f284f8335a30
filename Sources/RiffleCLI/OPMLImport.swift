import RiffleConfig
import RiffleCore
import RiffleFeed

/// `riffle import opml`'s conversion: an OPML subscription list as a YAML `sources:` list, one `feed`
/// source per outline with an http or https `xmlUrl`, ready to paste into a configuration.
///
/// Names come from the titles: a title that is a valid source name is kept as it is (so that `riffle
/// sources --opml` and this round-trip), any other becomes a slug (letters and digits kept, every other
/// run of characters one `-`, at most 48 characters); an outline without a title is named after its
/// URL's host; a name taken already gets `-2`, `-3`, … Every string is double-quoted with YAML escapes,
/// and `$` doubled, so that nothing in the file is read as riffle's `${VAR}`.
enum OPMLImport {
    /// What the conversion made.
    struct Result: Equatable {
        /// The YAML text.
        var yaml: String
        /// How many feed sources it holds.
        var sources: Int
        /// Outlines with an `xmlUrl` that is not an http or https URL (newsboat's `|command` or `exec:`
        /// feeds, `file:` URLs), left out.
        var notWeb: Int
    }

    /// The most characters of a generated name.
    static let maxNameLength = 48

    static func yaml(_ document: OPMLDocument, file: String) -> Result {
        var used: Set<String> = []
        var lines: [String] = []
        var notWeb = 0
        for outline in document.outlines {
            guard ValueSyntax.webURLProblem(outline.feedURL) == nil else {
                notWeb += 1
                continue
            }
            let name = unique(baseName(outline), &used)
            lines.append("  - name: \(quoted(name))")
            lines.append("    type: feed")
            lines.append("    url: \(quoted(outline.feedURL))")
        }
        let count = lines.count / 3
        var header = "# \(Counted(count, "feed source")) from \(comment(file)) (riffle import opml)"
        if let title = document.title { header += ": \(comment(title))" }
        let body = lines.isEmpty ? "sources: []" : "sources:\n" + lines.joined(separator: "\n")
        return Result(yaml: header + "\n" + body + "\n", sources: count, notWeb: notWeb)
    }

    /// The name an outline asks for, before it is made unique.
    static func baseName(_ outline: OPMLOutline) -> String {
        if let title = outline.title {
            if ValueSyntax.isSourceName(title), title.count <= maxNameLength { return title }
            let slug = slug(title)
            if !slug.isEmpty { return slug }
        }
        let host = slug(hostName(outline.feedURL))
        return host.isEmpty ? "feed" : host
    }

    /// Letters and digits of `text` (lower-cased), every other run as one `-`, no `-` at either end.
    static func slug(_ text: String) -> String {
        var out = ""
        var count = 0
        var pendingDash = false
        for character in text.lowercased() {
            guard count < maxNameLength else { break }
            let isWordCharacter =
                character.unicodeScalars.count == 1
                && character.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
            if isWordCharacter {
                if pendingDash, !out.isEmpty {
                    out.append("-")
                    count += 1
                }
                pendingDash = false
                out.append(character)
                count += 1
            } else {
                pendingDash = true
            }
        }
        return out
    }

    /// The host of an http(s) URL (for naming; the URL was checked before).
    static func hostName(_ url: String) -> String {
        guard let start = url.firstRange(of: "://")?.upperBound else { return "" }
        var authority = url[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let host = authority.prefix { $0 != ":" }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : String(host)
    }

    /// `name`, or `name-2`, `name-3`, … whichever is not in `used` yet (which then holds it).
    static func unique(_ name: String, _ used: inout Set<String>) -> String {
        var candidate = name
        var number = 2
        while used.contains(candidate) {
            candidate = "\(name)-\(number)"
            number += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// A YAML double-quoted scalar holding exactly `text` after riffle's substitution: `"` and `\` escaped,
    /// controls as `\xNN` or `\uNNNN`, `$` doubled.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "$": out += "$$"
            default:
                let value = scalar.value
                if value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value) {
                    out += "\\x" + hex(value, digits: 2)
                } else if value == 0x2028 || value == 0x2029 || value == 0xFEFF || value == 0xFFFE || value == 0xFFFF {
                    out += "\\u" + hex(value, digits: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `text` fit for a YAML comment: one line, controls as spaces, at most 100 characters.
    static func comment(_ text: String) -> String {
        let line = String(
            text.unicodeScalars.map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? " " : Character($0) })
        return line.count > 100 ? String(line.prefix(100)) + "…" : line
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
