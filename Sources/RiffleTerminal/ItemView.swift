package import RiffleCore
internal import RiffleFeed
internal import RiffleSystem

/// `v N`: one item in full, as lines fitted to the width — which source, its number and whether it is
/// unread or late; the title; the time, absolute in the local zone and relative; author, URL, tags (in
/// their GitLab label colours), every adapter extra; the files it carries (`enclosures`, numbered for
/// `e N.M`); then its article (`extra.content_html`, laid out by `ArticleView`, links numbered for
/// `o N.M`), else the summary, wrapped, its paragraphs kept.
///
///     item 12 · rocket · unread
///     Fix the crash on empty pages
///     time      2026-10-08 14:03:21 CEST (+02:00), 23d ago
///     author    jose
///     url       https://gitlab.example/acme/rocket/-/issues/12
///     tags      [bug] [priority::1]
///     iid       12
///
///     The summary, wrapped to the width …
///
/// Every remote string (title, author, URL, tags, extras' names and values, summary, source name) goes
/// through `UntrustedText`; only the title and the URL carry links. A pure function of its inputs.
package enum ItemView {
    /// The most of a summary shown, in UTF-8 bytes; a longer one is cut with a note.
    package static let maxSummaryBytes = 64 * 1024
    /// The most summary lines shown after wrapping.
    package static let maxSummaryLines = 2000
    /// The most extras shown, and the most characters of each value.
    static let maxExtras = 40
    static let maxExtraCharacters = 400

    /// Columns of the label column (`milestone` and a space).
    static let labelWidth = 10

    package static func lines(
        number: Int, item merged: MergedItem, unread: Bool, now: Timestamp, width: Int
    ) -> [StyledLine] {
        let width = max(20, width)
        let item = merged.item
        var lines: [StyledLine] = []

        var head = StyledLine()
        head.appendSafe("item \(number)", style: .reverse)
        head.appendSafe(" · ")
        head.append(UntrustedText(merged.sourceName), style: Palette.color(forSource: merged.sourceName))
        if unread { head.appendSafe(" · unread") }
        if merged.isLate { head.appendSafe(" · late") }
        lines.append(head.fitted(to: width))

        let link = item.url.flatMap(HyperlinkTarget.init)
        var title = StyledLine()
        title.append(UntrustedText(item.title), style: .bold, link: link)
        lines += title.wrapped(to: width)

        var time = StyledLine()
        time.appendSafe(absolute(item.time) + ", " + relative(item.time, now: now))
        lines += field("time", time, width: width)
        if let author = item.author, !author.isEmpty {
            lines += field("author", text(author), width: width)
        }
        if let url = item.url, !url.isEmpty {
            var line = StyledLine()
            line.append(UntrustedText(url), link: link)
            lines += field("url", line, width: width)
        }
        if !item.tags.isEmpty {
            let colors = ItemLineLayout.labelColors(item)
            var tags = StyledLine()
            for (index, tag) in item.tags.enumerated() {
                if index > 0 { tags.appendSafe(" ") }
                let style = colors[tag] ?? .ansi(36)
                tags.appendSafe("[", style: style)
                tags.append(UntrustedText(tag), style: style)
                tags.appendSafe("]", style: style)
            }
            lines += field("tags", tags, width: width)
        }
        let extras = item.extra.filter { !shownApart.contains($0.key) }.sorted { $0.key < $1.key }
        for (key, value) in extras.prefix(maxExtras) {
            var shown = value.stringValue ?? value.jsonText
            if shown.count > maxExtraCharacters { shown = String(shown.prefix(maxExtraCharacters)) + "…" }
            lines += field(String(key.prefix(40)), text(shown), width: width)
        }
        if extras.count > maxExtras {
            lines += field(
                "…", safe("\(extras.count - maxExtras) more extras (riffle export shows them all)"), width: width)
        }
        if merged.isLate {
            lines += field(
                "late", safe("its source listed it after newer items (not sorted newest first): shown where it came"),
                width: width)
        }
        let enclosures = FeedEnclosure.stored(in: item)
        if !enclosures.isEmpty {
            lines.append(StyledLine())
            lines += enclosureLines(enclosures, number: number, width: width)
        }
        if let article = ArticleView.article(of: item) {
            lines.append(StyledLine())
            lines += ArticleView.lines(article, width: width, htmlCut: ArticleView.htmlWasCut(item))
        } else if let summary = item.summary, !summary.isEmpty {
            lines.append(StyledLine())
            lines += summaryLines(summary, width: width)
        }
        return lines
    }

    /// Extras shown in a form of their own, not as raw fields: the label colours (on the tags), the
    /// article's HTML and the enclosures.
    static let shownApart: Set<String> = ["label_colors", "content_html", "content_html_cut", "enclosures"]

    /// `enclosures (e 12 opens the first, e 12.2 the second)`, then one line each: its number, type, size,
    /// playing time and URL.
    static func enclosureLines(_ enclosures: [FeedEnclosure], number: Int, width: Int) -> [StyledLine] {
        var head = StyledLine()
        head.appendSafe("enclosures", style: .dim)
        head.appendSafe(
            enclosures.count == 1
                ? " (e \(number) opens it)" : " (e \(number) opens the first, e \(number).2 the second)",
            style: .dim)
        var lines = [head.fitted(to: width)]
        for (index, enclosure) in enclosures.enumerated() {
            var line = StyledLine()
            let mark = "[\(index + 1)] "
            line.appendSafe(mark, style: .dim)
            var facts: [String] = []
            if let type = enclosure.type, !type.isEmpty {
                facts.append(UntrustedText(String(type.prefix(80))).terminalText)
            }
            if let length = enclosure.length { facts.append(EnclosureWords.size(length)) }
            if let duration = enclosure.duration { facts.append(EnclosureWords.duration(duration)) }
            if !facts.isEmpty { line.appendSafe(facts.joined(separator: " · ") + " · ") }
            line.append(UntrustedText(enclosure.url), link: HyperlinkTarget(enclosure.url))
            lines += line.wrapped(to: width, indent: DisplayWidth.of(mark))
        }
        return lines
    }

    /// `label` in the label column, then the value wrapped under itself.
    static func field(_ label: String, _ value: StyledLine, width: Int) -> [StyledLine] {
        let name = UntrustedText(label).terminalText
        let pad = max(1, labelWidth - DisplayWidth.of(name))
        let indent = min(DisplayWidth.of(name) + pad, width / 2)
        var lines: [StyledLine] = []
        for (index, part) in value.wrapped(to: width - indent).enumerated() {
            var line = StyledLine()
            if index == 0 {
                line.appendSafe(name, style: .dim)
                line.appendSafe(String(repeating: " ", count: pad))
            } else {
                line.appendSafe(String(repeating: " ", count: indent))
            }
            line.append(part)
            lines.append(line.fitted(to: width))
        }
        return lines
    }

    static func text(_ remote: String) -> StyledLine {
        var line = StyledLine()
        line.append(UntrustedText(remote))
        return line
    }

    static func safe(_ own: String) -> StyledLine {
        var line = StyledLine()
        line.appendSafe(own)
        return line
    }

    /// The summary's paragraphs (split at line ends; runs of blank lines kept as one), each sanitized
    /// and wrapped; cut at `maxSummaryBytes` and `maxSummaryLines`, saying so.
    static func summaryLines(_ summary: String, width: Int) -> [StyledLine] {
        var text = Substring(summary)
        var cut = false
        if summary.utf8.count > maxSummaryBytes {
            var bytes = 0
            let end =
                summary.firstIndex { character in
                    bytes += character.utf8.count
                    return bytes > maxSummaryBytes
                } ?? summary.endIndex
            text = summary[..<end]
            cut = true
        }
        var lines: [StyledLine] = []
        var blank = false
        let isBreak: (Character) -> Bool = {
            $0 == "\n" || $0 == "\r" || $0 == "\r\n" || $0 == "\u{2028}" || $0 == "\u{2029}"
        }
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: isBreak) {
            let clean = UntrustedText(String(paragraph)).terminalText
            if clean.allSatisfy({ $0 == " " }) {
                if !lines.isEmpty && !blank { lines.append(StyledLine()) }
                blank = true
                continue
            }
            blank = false
            var line = StyledLine()
            line.appendSafe(clean)
            lines += line.wrapped(to: width)
            if lines.count > maxSummaryLines {
                lines = Array(lines.prefix(maxSummaryLines))
                cut = true
                break
            }
        }
        while lines.last?.segments.isEmpty == true { lines.removeLast() }
        if cut {
            var note = StyledLine()
            note.appendSafe("(summary cut here; riffle export shows it whole)", style: .dim)
            lines.append(note)
        }
        return lines
    }

    /// `2026-10-08 14:03:21 CEST (+02:00)` in the local zone; RFC 3339 in UTC when the zone cannot be read.
    static func absolute(_ time: Timestamp) -> String {
        guard let local = LocalTime.at(unixSeconds: time.unixSeconds) else { return time.rfc3339 }
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let offset = abs(local.utcOffsetSeconds) / 60
        let sign = local.utcOffsetSeconds < 0 ? "-" : "+"
        let zone = UntrustedText(String(local.zone.prefix(16))).terminalText
        return "\(local.year)-\(pad(local.month))-\(pad(local.day)) \(pad(local.hour)):\(pad(local.minute)):"
            + "\(pad(local.second))" + (zone.isEmpty ? "" : " " + zone)
            + " (\(sign)\(pad(offset / 60)):\(pad(offset % 60)))"
    }

    /// `23d ago`, `in 5m`, `now`.
    static func relative(_ time: Timestamp, now: Timestamp) -> String {
        let age = RelativeTime.format(time, now: now)
        if age == "now" { return age }
        return age.hasPrefix("+") ? "in " + age.dropFirst() : age + " ago"
    }
}
