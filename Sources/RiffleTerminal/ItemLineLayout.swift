package import RiffleCore

/// Lays out one item as one line: number, flags, age, source, title, then what fits of author and tags.
///
///     12 *   5h gitlab   Fix the crash on empty pages  alice  [bug] [P1]
///     13  ~  2d gitlab   Flaky test on CI  bob
///
/// The number is what `o N` and `v N` take. The two flag columns are visible without colour (for
/// `NO_COLOR` and screen readers): `*` an unread item, `~` a late one (its source listed it after newer
/// items; its title is also not bold). The title links to the item's URL (OSC 8) when links are on. Each source name has a stable colour (a hash of the name into a small
/// palette); tags take their GitLab label colour from `extra["label_colors"]` (`{label: "#hex"}`) when
/// there is one. The whole line is then fitted to the width, so the title is cut before author and tags
/// are shown at its expense; remote text is sanitized (`UntrustedText`) on the way in.
package struct ItemLineLayout: Sendable {
    /// Columns the line may take.
    var width: Int
    /// Columns of the number column (digits of the largest number on the page).
    var numberWidth: Int
    /// Columns of the source column.
    var sourceWidth: Int
    var now: Timestamp

    package init(width: Int, numberWidth: Int, sourceWidth: Int, now: Timestamp) {
        self.width = width
        self.numberWidth = numberWidth
        self.sourceWidth = sourceWidth
        self.now = now
    }

    /// The source column width for these names: the widest, at most 14 columns.
    static func sourceWidth(for names: [String]) -> Int {
        min(14, max(1, names.map { DisplayWidth.of(UntrustedText($0).terminalText) }.max() ?? 1))
    }

    /// The item's line; `number` nil leaves out the number and the flags (output that is not a terminal).
    package func line(number: Int?, item merged: MergedItem, unread: Bool = false) -> StyledLine {
        var line = StyledLine()
        if let number {
            let digits = String(number)
            line.appendSafe(
                String(repeating: " ", count: max(0, numberWidth - digits.count)) + digits + " ", style: .dim)
            line.appendSafe(unread ? "*" : " ", style: .bold)
            line.appendSafe(merged.isLate ? "~" : " ", style: .dim)
        }
        let age = RelativeTime.format(merged.item.time, now: now)
        line.appendSafe(String(repeating: " ", count: max(0, 4 - age.count)) + age + " ", style: .dim)
        var source = StyledLine()
        source.append(UntrustedText(merged.sourceName), style: Palette.color(forSource: merged.sourceName))
        source = source.fitted(to: sourceWidth)
        for segment in source.segments { line.appendSafe(segment.text, style: segment.style) }
        line.appendSafe(String(repeating: " ", count: max(0, sourceWidth - source.width) + 1))
        line.append(
            UntrustedText(merged.item.title), style: merged.isLate ? .plain : .bold,
            link: merged.item.url.flatMap(HyperlinkTarget.init))
        if let author = merged.item.author, !author.isEmpty {
            line.appendSafe("  ")
            line.append(UntrustedText(author), style: .dim)
        }
        let colors = Self.labelColors(merged.item)
        for (index, tag) in merged.item.tags.enumerated() {
            line.appendSafe(index == 0 ? "  " : " ")
            let style = colors[tag] ?? .ansi(36)
            line.appendSafe("[", style: style)
            line.append(UntrustedText(tag), style: style)
            line.appendSafe("]", style: style)
        }
        return line.fitted(to: width)
    }

    /// The line without number or width limit, for output that is not a terminal: URL last. Colour only
    /// when asked for (`CLICOLOR_FORCE` into a pipe).
    package func plainLine(item merged: MergedItem, color: Bool = false) -> String {
        var layout = self
        layout.width = Int.max
        var text = layout.line(number: nil, item: merged).rendered(color: color)
        if let url = merged.item.url, !url.isEmpty { text += "  " + UntrustedText(url).terminalText }
        return text
    }

    /// GitLab label colours, `extra["label_colors"]`, parsed strictly; unknown shapes are ignored.
    static func labelColors(_ item: Item) -> [String: TextStyle] {
        guard case .object(let members)? = item.extra["label_colors"] else { return [:] }
        var colors: [String: TextStyle] = [:]
        for (label, value) in members {
            if let hex = value.stringValue, let style = TextStyle.hexColor(hex) { colors[label] = style }
        }
        return colors
    }
}
