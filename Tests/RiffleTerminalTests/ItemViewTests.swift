import RiffleCore
import Testing

@testable import RiffleTerminal

/// `v N`'s lines: every field, remote text inert, wrapped to the width.
@Suite struct ItemViewTests {
    let now = Timestamp(unixSeconds: 1_800_000_000)

    func hostile() -> MergedItem {
        let item = Item(
            id: "1", time: Timestamp(unixSeconds: 1_800_000_000 - 3600),
            title: "title \u{1B}]0;PWNED\u{07} \u{1B}[2J \u{202E}rev",
            url: "https://example.com/a b\u{07}\u{1B}]8;;https://evil/\u{1B}\\", author: "mallory\u{1B}[8m",
            summary: "one \u{1B}[31mred\u{1B}[0m\u{07}\n\n\n\ntwo \u{9B}1m\u{2028}three",
            tags: ["bug", "t\u{1B}]0;X\u{07}"],
            extra: [
                "iid": .int(42), "state": .string("opened\u{1B}[5m"), "k\u{1B}[2J": .bool(true),
                "nested": .object(["a": .array([.int(1), .string("\u{1B}")])]),
                "label_colors": .object(["bug": .string("#ff0000")]),
            ])
        return MergedItem(sourceIndex: 0, sourceName: "src\u{1B}[1m", item: item, isLate: true)
    }

    @Test func showsEveryFieldWithNothingRaw() {
        let lines = ItemView.lines(number: 3, item: hostile(), unread: true, now: now, width: 79)
        let rendered = lines.map { $0.rendered(color: true, links: true) }.joined(separator: "\n")
        let plain = lines.map(\.plainText)
        let text = plain.joined(separator: "\n")
        #expect(plain[0] == "item 3 · src^[[1m · unread · late")
        #expect(text.contains("title ^[]0;PWNED^G ^[[2J <U+202E>rev"))
        #expect(text.contains("author    mallory^[[8m"))
        #expect(text.contains("url       https://example.com/a b^G^[]8;;https://evil/^[\\"))
        #expect(text.contains("tags      [bug] [t^[]0;X^G]"))
        #expect(text.contains("iid       42"))
        #expect(text.contains("state     opened^[[5m"))
        #expect(text.contains("k^[[2J    true"))
        #expect(text.contains("nested    {\"a\":[1,\""))
        #expect(!text.contains("label_colors"))
        #expect(text.contains("late      its source listed it after newer items"))
        #expect(text.contains("time      ") && text.contains(", 1h ago"))
        // The summary: paragraphs kept, blank runs as one, controls inert, line separators as breaks.
        #expect(plain.suffix(5) == ["", "one ^[[31mred^[[0m^G", "", "two <U+009B>1m", "three"])
        // The only escape sequences are riffle's: SGR and the two links (title and URL), all well formed.
        let stripped = rendered.replacing(/\u{1B}\[[0-9;]*m/, with: "").replacing(/\u{1B}\]8;;[!-~]*\u{1B}\\/, with: "")
        #expect(!stripped.contains("\u{1B}"))
        #expect(!rendered.contains("\u{07}") && !rendered.contains("\u{9B}") && !rendered.contains("\u{202E}"))
        #expect(rendered.contains("\u{1B}]8;;https://example.com/a%20b%07%1B]8;;https://evil/%1B\\\u{1B}\\"))
        // Label colours: bug in red.
        #expect(rendered.contains("\u{1B}[38;2;255;0;0m[\u{1B}[0m") || rendered.contains("\u{1B}[38;2;255;0;0m[bug]"))
    }

    @Test func everyLineFitsTheWidth() {
        var merged = hostile()
        merged.item.title = String(repeating: "long title words ", count: 20)
        merged.item.url = "https://example.com/" + String(repeating: "x", count: 300)
        merged.item.summary = String(repeating: "漢字 and words ", count: 200)
        for width in [20, 40, 79] {
            let lines = ItemView.lines(number: 1, item: merged, unread: false, now: now, width: width)
            #expect(lines.allSatisfy { $0.width <= width }, "\(width)")
        }
    }

    @Test func aHugeSummaryIsCut() {
        var merged = hostile()
        merged.item.summary = String(repeating: "word ", count: ItemView.maxSummaryBytes)
        let lines = ItemView.lines(number: 1, item: merged, unread: false, now: now, width: 79)
        #expect(lines.count < ItemView.maxSummaryLines + 30)
        #expect(lines.last?.plainText.contains("summary cut here") == true)
    }

    @Test func relativeTimesReadAsWords() {
        #expect(ItemView.relative(Timestamp(unixSeconds: 1_800_000_000 - 86_400 * 3), now: now) == "3d ago")
        #expect(ItemView.relative(Timestamp(unixSeconds: 1_800_000_000 + 600), now: now) == "in 10m")
        #expect(ItemView.relative(now, now: now) == "now")
    }

    @Test func wrappingBreaksAtSpacesAndInsideOverlongWords() {
        var line = StyledLine()
        line.appendSafe("aaa bbb ccc dddddddddddd e")
        #expect(line.wrapped(to: 7).map(\.plainText) == ["aaa bbb", "ccc ddd", "ddddddd", "dd e"])
        #expect(line.wrapped(to: 9, indent: 2).map(\.plainText) == ["aaa bbb", "  ccc ddd", "  ddddddd", "  dd e"])
        var wide = StyledLine()
        wide.appendSafe("漢字漢字漢字")
        #expect(wide.wrapped(to: 5).map(\.plainText) == ["漢字", "漢字", "漢字"])
    }
}
