import Foundation
import RiffleTerminal
import RiffleTestSupport
import Testing

/// The reader as a daily reader, in a real terminal: the item view, unread markers and `n`, `A`, `f`, what `r` finds waiting
/// for `g`, OSC 8 links on and off, the prompt at 80 columns, hints, and late items explained.
extension PseudoTerminalTests {
    /// The two flag columns after an item row's number: `*` unread, `~` late.
    func flags(_ row: String) -> String {
        let trimmed = row.drop { $0 == " " }.drop { $0.isNumber }.dropFirst()
        return String(trimmed.prefix(2))
    }

    /// Colour and links as on an ordinary terminal, whatever the test runner's environment says.
    var colourTerminal: [String: String?] { ["TERM": "xterm-256color", "NO_COLOR": nil, "CLICOLOR_FORCE": nil] }

    func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let bytes = Array(needle.utf8)
        guard bytes.count <= haystack.count else { return false }
        return (0...(haystack.count - bytes.count)).contains { haystack[$0..<($0 + bytes.count)].elementsEqual(bytes) }
    }

    /// The bytes the terminal got, once they hold `marker`: tmux copies them to the file after it draws
    /// the screen, so a screen already seen can be ahead of the file on a loaded machine.
    func rawOutput(of tmux: Tmux, holding marker: String) async -> [UInt8] {
        _ = await eventually { contains(tmux.rawOutput(), marker) }
        return tmux.rawOutput()
    }

    @Test func viewShowsAHostileItemInFullWithNothingRaw() async throws {
        let tmux = try Tmux.fixture(
            width: 120, height: 40, environment: colourTerminal, recordRaw: true, ["--scenario", "hostile"])
        let titleBefore = try tmux.value("#{pane_title}")
        try await tmux.waitForScreen("the hostile page") { self.prompt($0).hasPrefix("1–15") }
        try tmux.type("v 1")
        try tmux.press("Enter")
        let rows = try await tmux.waitForScreen("the item view") { self.prompt($0).hasPrefix("item 1 (end)") }
        let screen = rows.joined(separator: "\n")
        #expect(screen.contains("item 1 · evil · late") || screen.contains("item 1 · evil"))
        #expect(screen.contains("title-osc ^[]0;PWNED-TITLE^G after"))
        #expect(screen.contains("author    mallory^[[8m hidden"))
        #expect(
            screen.contains(
                "url       https://example.com/a b\"q'^G^[]8;;https://evil.example^[\\x<U+009C>y^[]0;PWNED-URL^G"))
        #expect(screen.contains("tags      [ok] [tag^[]0;PWNED-TAG2^G]"))
        #expect(screen.contains("state^[[2J open^[]0;PWNED-EXTRA^G"))
        #expect(screen.contains("iid       7"))
        #expect(screen.contains("sum-start ^[]0;PWNED-SUMMARY^G ^[[2J^[[H cleared? <U+202E>desrever<U+202C> ^Gbell"))
        #expect(screen.contains("second line <U+009B>31m c1 ^[[31mred^[[0m sum-end"))
        // Nothing cleared the screen: the list's rows are still above the view.
        #expect(itemRows(rows).count >= 10)
        let titleAfter = try tmux.value("#{pane_title}")
        #expect(titleAfter == titleBefore && !titleAfter.contains("PWNED"))
        // The bytes the terminal got: no BEL, no C1 or bidi control, no OSC but riffle's links.
        let raw = await rawOutput(of: tmux, holding: "sum-end")
        #expect(!raw.isEmpty)
        #expect(!raw.contains(0x07))
        #expect(!contains(raw, "\u{9B}") && !contains(raw, "\u{9C}") && !contains(raw, "\u{202E}"))
        #expect(!contains(raw, "\u{1B}]0;") && !contains(raw, "\u{1B}]2;"))
        #expect(!contains(raw, "\u{1B}[2J") && !contains(raw, "\u{1B}[8m") && !contains(raw, "\u{1B}[5m"))
        try tmux.press("q")
        try await tmux.waitForScreen("back to the list") { self.prompt($0).hasPrefix("1–15") }
        try tmux.press("q")
        #expect(try await tmux.waitForFile("status") == "0")
    }

    @Test func titlesLinkToTheirURLsPercentEncoded() async throws {
        let tmux = try Tmux.fixture(
            width: 120, height: 30, environment: colourTerminal, recordRaw: true, ["--scenario", "hostile"])
        let rows = try await tmux.waitForScreen("the hostile page") { self.prompt($0).hasPrefix("1–15") }
        // The pane shows the titles only; the targets are not text.
        let screen = rows.joined(separator: "\n")
        #expect(screen.contains("title-osc ^[]0;PWNED-TITLE^G after"))
        #expect(!screen.contains("%20") && !screen.contains("evil.example") && !screen.contains("example.com/calm"))
        let raw = await rawOutput(of: tmux, holding: "\u{1B}]8;;https://example.com/calm/0\u{1B}\\")
        #expect(contains(raw, "\u{1B}]8;;https://example.com/calm/0\u{1B}\\"))
        let hostile =
            "\u{1B}]8;;https://example.com/a%20b\"q'%07%1B]8;;https://evil.example%1B\\x%C2%9Cy%1B]0;PWNED-URL%07\u{1B}\\"
        #expect(contains(raw, hostile))
        // A javascript: URL gets no link; every link is closed.
        #expect(!contains(raw, "]8;;javascript"))
        #expect(raw.count > 0)
        try tmux.press("q")
        #expect(try await tmux.waitForFile("status") == "0")
    }

    @Test(arguments: [
        (["NO_COLOR": "1"] as [String: String?], [String]()), (["TERM": "dumb"], []), ([:], ["--no-links"]),
    ])
    func linksAreOff(environment: [String: String?], arguments: [String]) async throws {
        let tmux = try Tmux.fixture(
            width: 100, height: 20, environment: colourTerminal.merging(environment) { $1 }, recordRaw: true,
            ["--items", "10"] + arguments)
        try await tmux.waitForScreen("the first page") { self.prompt($0).hasPrefix("1–19") }
        let raw = await rawOutput(of: tmux, holding: "alpha story 0")
        #expect(contains(raw, "alpha story 0"))
        #expect(!contains(raw, "]8;"))
        if arguments.isEmpty { #expect(!raw.contains(0x1B)) }  // no colour either
        try tmux.press("q")
        #expect(try await tmux.waitForFile("status") == "0")
    }

    @Test func unreadMarkersNextUnreadAndMarkAllRead() async throws {
        let tmux = try Tmux.fixture(width: 100, height: 12, ["--items", "60", "--no-color"])
        var rows = try await tmux.waitForScreen("the first page") { self.prompt($0).hasPrefix("1–11") }
        #expect(itemRows(rows).count == 11)
        #expect(itemRows(rows).allSatisfy { flags($0.text) == "* " })
        #expect(prompt(rows).contains("alpha *"))
        try tmux.press("Enter")
        rows = try await tmux.waitForScreen("page 2") { self.prompt($0).hasPrefix("12–22") }
        #expect(itemRows(rows.suffix(12)).allSatisfy { flags($0.text) == "* " })
        try tmux.press("g")
        rows = try await tmux.waitForScreen("page 1 again") { self.prompt($0).hasPrefix("1–11") }
        // Shown once, read now: no marker.
        #expect(itemRows(rows.suffix(12)).map(\.number) == Array(1...11))
        #expect(itemRows(rows.suffix(12)).allSatisfy { flags($0.text) == "  " })
        try tmux.press("n")
        rows = try await tmux.waitForScreen("the next page with unread items") { self.prompt($0).hasPrefix("23–33") }
        #expect(itemRows(rows.suffix(12)).allSatisfy { flags($0.text) == "* " })
        // Wait for the two pages read ahead to arrive: 40 unread in all (items 34–73: the read-ahead is
        // counted in items, a page at least 20 of them — two 11-line screens were 22 before).
        rows = try await tmux.waitForScreen("the pages read ahead") { self.unreadTotal(self.prompt($0)) == 40 }
        try tmux.press("A")
        rows = try await tmux.waitForScreen("everything read") { self.prompt($0).contains("marked everything read") }
        try tmux.press("Enter")
        rows = try await tmux.waitForScreen("page 4, fetched before A") { self.prompt($0).hasPrefix("34–44") }
        #expect(itemRows(rows.suffix(12)).allSatisfy { flags($0.text) == "  " })
        // n skips what A marked read, to items that came after it.
        try tmux.press("n")
        rows = try await tmux.waitForScreen("a later page with unread items") { rows in
            guard let start = Int(self.prompt(rows).prefix { $0.isNumber }), start > 44 else { return false }
            return self.itemRows(Array(rows.suffix(12))).contains { self.flags($0.text) == "* " }
        }
        try tmux.press("q")
        #expect(try await tmux.waitForFile("status") == "0")
    }

    /// The sum of the prompt's unread counts (`alpha *12 · beta *3`).
    func unreadTotal(_ prompt: String) -> Int {
        prompt.split(separator: "*").dropFirst().reduce(0) { $0 + (Int($1.prefix { $0.isNumber }) ?? 0) }
    }

    @Test func sourceFilterShowsOnlyTheNamedSources() async throws {
        let tmux = try Tmux.fixture(width: 100, height: 12, ["--items", "30", "--no-color"])
        try await tmux.waitForScreen("the first page") { self.prompt($0).hasPrefix("1–11") }
        try tmux.type("f")
        try await tmux.waitForScreen("the f editor") { self.prompt($0) == "f" }
        try tmux.type("beta gamma")
        try tmux.press("Enter")
        var rows = try await tmux.waitForScreen("beta and gamma only") { self.prompt($0).contains(" f beta,gamma") }
        let shown = itemRows(Array(rows.suffix(12)))
        #expect(shown.count == 11)
        #expect(shown.allSatisfy { $0.text.contains(" beta ") || $0.text.contains(" gamma ") })
        #expect(shown.first?.number == 2)  // numbers stay those of the whole feed
        try tmux.type("f nope")
        try tmux.press("Enter")
        rows = try await tmux.waitForScreen("the hint") {
            self.prompt($0).contains("f: no source nope; sources: alpha")
        }
        try tmux.type("f")
        try tmux.press("Enter")
        rows = try await tmux.waitForScreen("every source") { rows in
            self.prompt(rows).hasPrefix("1–11") && !self.prompt(rows).contains("f beta")
        }
        #expect(itemRows(Array(rows.suffix(12))).first?.text.contains("alpha story 0") == true)
        try tmux.press("q")
        #expect(try await tmux.waitForFile("status") == "0")
    }

    @Test func refreshAnnouncesNewItemsAndGShowsThem() async throws {
        let tmux = try Tmux.fixture(
            width: 100, height: 12, ["--items", "30", "--no-color", "--grow-file", "{dir}/grow"])
        var rows = try await tmux.waitForScreen("the first page") { self.prompt($0).hasPrefix("1–11") }
        let firstPage = itemRows(rows)
        try "3\n".write(toFile: tmux.path("grow"), atomically: true, encoding: .utf8)
        try tmux.press("r")
        rows = try await tmux.waitForScreen("the notice") { self.prompt($0).contains("3 new — g") }
        #expect(prompt(rows).contains("found 3 new"))
        // Not pushed into the page being read.
        #expect(itemRows(rows).map(\.text) == firstPage.map(\.text))
        try tmux.press("Enter")
        rows = try await tmux.waitForScreen("page 2, numbered as before") { self.prompt($0).hasPrefix("12–22") }
        #expect(prompt(rows).contains("3 new — g"))
        #expect(itemRows(rows.suffix(12)).first?.text.contains("gamma story 3") == true)
        try tmux.press("g")
        rows = try await tmux.waitForScreen("the new items on top") { rows in
            self.prompt(rows).hasPrefix("1–11") && !self.prompt(rows).contains("new — g")
        }
        let top = itemRows(Array(rows.suffix(12)))
        #expect(top.prefix(3).map { $0.text.contains("alpha fresh") } == [true, true, true])
        #expect(top.prefix(3).allSatisfy { flags($0.text) == "* " })
        #expect(top[3].text.contains("alpha story 0") && flags(top[3].text) == "  ")
        try tmux.press("q")
        #expect(try await tmux.waitForFile("status") == "0")
    }

    /// The legend's words at the end of a prompt, `v N` and `o N` as one.
    func legendWords(_ prompt: String) -> [String] {
        (prompt.components(separatedBy: "  ").last ?? "").replacingOccurrences(of: "v N", with: "vN")
            .replacingOccurrences(of: "o N", with: "oN").split(separator: " ").map(String.init)
    }

    @Test func promptLegendAndHelpFitEightyColumns() async throws {
        let tmux = try Tmux.fixture(width: 80, height: 24, ["--scenario", "fail", "--items", "30"])
        var rows = try await tmux.waitForScreen("the first page with the failed source") { rows in
            self.prompt(rows).hasPrefix("1–23") && self.prompt(rows).contains("broken failed")
        }
        let keys = Set(["Enter", "b", "g", "n", "/", "f", "vN", "oN", "r", "A", "s", "?", "q"])
        #expect(DisplayWidth.of(prompt(rows)) <= 79)
        #expect(!prompt(rows).hasSuffix("…"))
        #expect(legendWords(prompt(rows)).allSatisfy(keys.contains), "\(prompt(rows))")
        #expect(legendWords(prompt(rows)).last == "q")
        try tmux.press("?")
        rows = try await tmux.waitForScreen("help") { $0.contains { $0.hasPrefix("~  a late item") } }
        let help = rows.drop { !$0.hasPrefix("Enter, Space") }.dropLast()
        #expect(help.count >= 15)
        #expect(help.allSatisfy { DisplayWidth.of($0) <= 79 && !$0.hasSuffix("…") })
        #expect(DisplayWidth.of(prompt(rows)) <= 79)
        try tmux.press("q")
        #expect(try await tmux.waitForFile("status") == "2")
    }

    @Test func hintsForOWithoutANumberUnknownKeysAndMissingItems() async throws {
        let tmux = try Tmux.fixture(width: 100, height: 12, ["--items", "10", "--open-fails"])
        try await tmux.waitForScreen("the first page") { self.prompt($0).hasPrefix("1–11") }
        try tmux.type("o")
        try tmux.press("Enter")
        try await tmux.waitForScreen("the o hint") { self.prompt($0).contains("o N opens item N's URL") }
        try tmux.type("x")
        try await tmux.waitForScreen("the unknown key hint") { self.prompt($0).contains("unknown key x; ? for help") }
        try tmux.type("o 999")
        try tmux.press("Enter")
        try await tmux.waitForScreen("the range hint") { self.prompt($0).contains("no item 999: items are 1–") }
        try tmux.type("v")
        try tmux.press("Enter")
        try await tmux.waitForScreen("the v hint") { self.prompt($0).contains("v N shows item N in full") }
        // No opener works: the URL is printed whole, on a line of its own.
        try tmux.type("o 2")
        try tmux.press("Enter")
        let rows = try await tmux.waitForScreen("the URL") { $0.contains("https://example.com/beta/0") }
        #expect(rows.contains { $0.hasPrefix("could not open 2: could not start xdg-open") })
        try tmux.press("q")
        #expect(try await tmux.waitForFile("status") == "0")
    }

    @Test func lateItemsAreMarkedAndExplained() async throws {
        let tmux = try Tmux.fixture(width: 100, height: 40, ["--scenario", "late", "--items", "20", "--no-color"])
        var rows = try await tmux.waitForScreen("the first page") { self.prompt($0).hasPrefix("1–39") }
        let zigzag = itemRows(rows).filter { $0.text.contains("zigzag") }
        #expect(zigzag.count == 4)
        #expect(zigzag.contains { flags($0.text) == "*~" })
        try tmux.press("s")
        rows = try await tmux.waitForScreen("status") { $0.contains { $0.hasPrefix("late: items a source listed") } }
        #expect(rows.contains { $0.hasPrefix("zigzag:") && !$0.contains(" 0 late") })
        try tmux.press("?")
        try await tmux.waitForScreen("help") { $0.contains { $0.hasPrefix("~  a late item") } }
        try tmux.press("q")
        #expect(try await tmux.waitForFile("status") == "0")
    }

    @Test func viewPagesALongItemThenGoesBackToTheList() async throws {
        let tmux = try Tmux.fixture(
            width: 100, height: 12, environment: ["TZ": "XST-5:30"], ["--items", "20", "--no-color"])
        try await tmux.waitForScreen("the first page") { self.prompt($0).hasPrefix("1–11") }
        try tmux.type("v 1")
        try tmux.press("Enter")
        var rows = try await tmux.waitForScreen("the first screen of the item") {
            self.prompt($0).hasPrefix("item 1: 1–11 of ")
        }
        #expect(rows.contains("item 1 · alpha"))  // shown on the first page: read
        #expect(rows.contains("alpha story 0"))
        #expect(rows.contains("time      2027-01-15 13:29:00 XST (+05:30), 1m ago"))
        #expect(rows.contains("tags      [bug]"))
        #expect(rows.contains("url       https://example.com/alpha/0"))
        #expect(rows.contains("iid       0"))
        var presses = 0
        while !prompt(rows).hasPrefix("item 1 (end)"), presses < 12 {
            try tmux.press("Enter")
            presses += 1
            let shown = presses
            rows = try await tmux.waitForScreen("more of the item") { rows in
                self.prompt(rows).hasPrefix("item 1 (end)")
                    || self.prompt(rows).hasPrefix("item 1: 1–\(11 * (shown + 1)) ")
            }
        }
        #expect(presses >= 5)
        #expect(rows.contains { $0.hasPrefix("p29-word0 ") })
        try tmux.press("Enter")
        rows = try await tmux.waitForScreen("the list again") { self.prompt($0).hasPrefix("1–11") }
        #expect(itemRows(Array(rows.suffix(12))).map(\.number) == Array(1...11))
        try tmux.press("q")
        #expect(try await tmux.waitForFile("status") == "0")
    }
}
