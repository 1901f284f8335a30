import RiffleCore
import RiffleTerminal
import Testing

@Suite struct ItemLineLayoutTests {
    let now = Timestamp(unixSeconds: 1_800_000_000)

    func merged(title: String, minutesAgo: Int64 = 5, author: String? = "alice", tags: [String] = ["bug", "ui"])
        -> MergedItem
    {
        let item = Item(
            id: "1", time: Timestamp(unixSeconds: now.unixSeconds - minutesAgo * 60), title: title,
            url: "https://example.com/1", author: author, tags: tags,
            extra: ["label_colors": .object(["bug": .string("#ff0000"), "ui": .string("not a colour")])])
        return MergedItem(sourceIndex: 0, sourceName: "gitlab", item: item)
    }

    func layout(width: Int) -> ItemLineLayout {
        ItemLineLayout(width: width, numberWidth: 2, sourceWidth: 6, now: now)
    }

    @Test func wideLineShowsEverything() {
        let line = layout(width: 120).line(number: 7, item: merged(title: "Fix the crash"))
        #expect(line.plainText == " 7     5m gitlab Fix the crash  alice  [bug] [ui]")
    }

    @Test(arguments: [20, 30, 40, 47, 48, 60, 80])
    func linesFitTheWidth(width: Int) {
        let line = layout(width: width).line(number: 7, item: merged(title: "Fix the crash when 漢字 titles 😀 arrive"))
        #expect(line.width <= width)
        #expect(line.plainText.hasPrefix(" 7     5m gitlab F"))
    }

    @Test func titleComesBeforeAuthorAndTags() {
        let line = layout(width: 30).line(number: 7, item: merged(title: "A rather long title that is cut"))
        #expect(line.plainText == " 7     5m gitlab A rather lon…")
        #expect(!line.plainText.contains("alice"))
    }

    @Test func longSourceNamesAreCut() {
        var item = merged(title: "t")
        item.sourceName = "a-very-long-source-name"
        let line = layout(width: 80).line(number: 1, item: item)
        #expect(line.plainText.hasPrefix(" 1     5m a-ver… t"))
    }

    @Test func labelColoursAre24BitWhenValid() {
        let rendered = layout(width: 120).line(number: 7, item: merged(title: "x")).rendered(color: true)
        #expect(rendered.contains("\u{1B}[38;2;255;0;0m[\u{1B}[0m") || rendered.contains("\u{1B}[38;2;255;0;0m[bug]"))
        #expect(!rendered.contains("not a colour"))
    }

    @Test func hostileFieldsAreSanitized() {
        var item = merged(title: "a\u{1B}]0;x\u{07}b", author: "m\u{1B}[8m", tags: ["t\u{202E}"])
        item.sourceName = "s\u{1B}c"
        let text = layout(width: 200).line(number: 1, item: item).plainText
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E })
        #expect(text.contains("a^[]0;x^Gb"))
        #expect(text.contains("m^[[8m"))
        #expect(text.contains("[t<U+202E>]"))
    }

    @Test func plainLineHasURLAndNoNumber() {
        let text = layout(width: 10).plainLine(item: merged(title: "Fix"))
        #expect(text == "  5m gitlab Fix  alice  [bug] [ui]  https://example.com/1")
    }

    static let ages: [(Int64, String)] = [
        (0, "now"), (59, "now"), (60, "1m"), (180, "3m"), (3540, "59m"), (18_000, "5h"), (172_800, "2d"),
        (2_505_600, "29d"), (10_368_000, "4mo"), (34_560_000, "1y"), (-3600, "+1h"),
    ]

    @Test(arguments: ages)
    func relativeTimes(secondsAgo: Int64, expected: String) {
        #expect(RelativeTime.format(Timestamp(unixSeconds: now.unixSeconds - secondsAgo), now: now) == expected)
    }

    @Test func colourDecision() {
        let tty = true
        #expect(ColorChoice.resolve(noColorFlag: false, environment: [:], stdoutIsTerminal: tty) == .always)
        #expect(ColorChoice.resolve(noColorFlag: true, environment: [:], stdoutIsTerminal: tty) == .never)
        #expect(
            ColorChoice.resolve(noColorFlag: false, environment: ["NO_COLOR": "1"], stdoutIsTerminal: tty) == .never)
        #expect(ColorChoice.resolve(noColorFlag: false, environment: ["NO_COLOR": ""], stdoutIsTerminal: tty) == .never)
        #expect(ColorChoice.resolve(noColorFlag: false, environment: [:], stdoutIsTerminal: false) == .never)
        #expect(ColorChoice.resolve(noColorFlag: false, environment: ["TERM": "dumb"], stdoutIsTerminal: tty) == .never)
        let forced = ["CLICOLOR_FORCE": "1"]
        #expect(ColorChoice.resolve(noColorFlag: false, environment: forced, stdoutIsTerminal: false) == .always)
        #expect(
            ColorChoice.resolve(noColorFlag: false, environment: ["CLICOLOR_FORCE": "0"], stdoutIsTerminal: false)
                == .never)
        #expect(
            ColorChoice.resolve(noColorFlag: false, environment: ["CLICOLOR_FORCE": ""], stdoutIsTerminal: false)
                == .never)
        #expect(ColorChoice.resolve(noColorFlag: true, environment: forced, stdoutIsTerminal: tty) == .never)
        #expect(
            ColorChoice.resolve(
                noColorFlag: false, environment: forced.merging(["NO_COLOR": "x"]) { a, _ in a }, stdoutIsTerminal: tty)
                == .never)
    }

    @Test func openerCommandIsAnArgumentVector() {
        let url = "https://example.com/a b;$(rm -rf ~)"
        #expect(URLOpener.command(for: url, browser: nil) == ["xdg-open", url])
        #expect(URLOpener.command(for: url, browser: "") == ["xdg-open", url])
        #expect(URLOpener.command(for: url, browser: "firefox --new-tab:chromium") == ["firefox", "--new-tab", url])
        #expect(URLOpener.command(for: url, browser: "w3m %s") == ["w3m", url])
        #expect(URLOpener.isOpenable("https://example.com/x"))
        #expect(URLOpener.isOpenable("HTTP://example.com"))
        #expect(!URLOpener.isOpenable("javascript:alert(1)"))
        #expect(!URLOpener.isOpenable("file:///etc/passwd"))
        #expect(!URLOpener.isOpenable("https://example.com/\u{1B}[2J"))
        #expect(!URLOpener.isOpenable("https://example.com/a b"))
    }
}
