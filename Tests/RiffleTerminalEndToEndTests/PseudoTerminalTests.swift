import Foundation
import RiffleTerminal
import Testing

/// The reader in a real terminal: tmux runs the fixture in a pseudo-terminal, keys are typed into it and
/// the screen read back. Each test has its own tmux server.
@Suite(.serialized, .timeLimit(.minutes(1))) struct PseudoTerminalTests {
    /// Item rows: lines that start with a right-aligned number.
    func itemRows(_ rows: [String]) -> [(number: Int, text: String)] {
        rows.compactMap { row in
            let trimmed = row.drop { $0 == " " }
            guard let number = Int(trimmed.prefix { $0.isNumber }), trimmed.dropFirst(String(number).count).first == " "
            else { return nil }
            return (number, row)
        }
    }

    func prompt(_ rows: [String]) -> String { rows.last ?? "" }

    @Test func pagesThroughTheFeedAndRestoresTheTerminalOnQuit() async throws {
        let tmux = try Tmux.fixture(width: 100, height: 30, ["--items", "40"])
        var rows = try await tmux.waitForScreen("the first page") { self.prompt($0).hasPrefix("1–29") }
        let first = itemRows(rows)
        #expect(first.map(\.number) == Array(1...29))
        // Newest first, interleaved across sources: alpha 0 (1m), beta 0 (2m), gamma 0 (3m), alpha 1 (4m) …
        #expect(first[0].text.contains("1m alpha alpha story 0"))
        #expect(first[1].text.contains("2m beta  beta story 0"))
        #expect(first[2].text.contains("3m gamma gamma story 0"))
        #expect(first[3].text.contains("4m alpha alpha story 1"))
        #expect(prompt(rows).contains("alpha"))
        #expect(prompt(rows).contains("Enter b g n u / f l v N o N r A s ? q"))

        let modes = try tmux.terminalModes()
        #expect(modes.contains("-icanon") && modes.contains("-echo") && modes.contains("isig"))
        #expect(!modes.contains("-isig"))

        try tmux.press("Enter")
        rows = try await tmux.waitForScreen("the second page") { self.prompt($0).hasPrefix("30–58") }
        #expect(itemRows(rows).last?.number == 58)
        try tmux.press("Space")
        rows = try await tmux.waitForScreen("the third page") { self.prompt($0).hasPrefix("59–87") }
        try tmux.press("b")
        rows = try await tmux.waitForScreen("back to the second page") { self.prompt($0).hasPrefix("30–58") }
        try tmux.press("g")
        rows = try await tmux.waitForScreen("the first page again") { self.prompt($0).hasPrefix("1–29") }
        #expect(itemRows(rows).first?.number == 1)

        try tmux.type("/beta")
        try await tmux.waitForScreen("the filter being typed") { self.prompt($0) == "/beta" }
        try tmux.press("Enter")
        rows = try await tmux.waitForScreen("the filtered page") {
            self.prompt($0).hasPrefix("1–29 /beta")
        }
        let filtered = itemRows(rows.suffix(30))
        #expect(filtered.count >= 29)
        let lastPage = Array(filtered.suffix(29))
        #expect(lastPage.allSatisfy { $0.text.contains("beta") })
        #expect(lastPage.first?.number == 2)  // numbers stay those of the whole feed
        try tmux.type("/")
        try tmux.press("Enter")
        rows = try await tmux.waitForScreen("the filter cleared") { self.prompt($0).hasPrefix("1–29") }

        try tmux.press("q")
        let status = try await tmux.waitForFile("status")
        #expect(status == "0")
        let before = try await tmux.waitForFile("before")
        let after = try await tmux.waitForFile("after")
        #expect(before != nil && before == after)
    }

    @Test func ctrlCRestoresTheTerminal() async throws {
        let tmux = try Tmux.fixture(width: 80, height: 20, ["--items", "10"])
        try await tmux.waitForScreen("the first page") { self.prompt($0).hasPrefix("1–19") }
        #expect(try tmux.terminalModes().contains("-icanon"))
        try tmux.press("C-c")
        let status = try await tmux.waitForFile("status")
        #expect(status == "130")
        let before = try await tmux.waitForFile("before")
        let after = try await tmux.waitForFile("after")
        #expect(before != nil && before == after)
        let modes = try tmux.terminalModes()
        #expect(!modes.contains("-icanon") && !modes.contains("-echo "))
    }

    @Test func sigtermRestoresTheTerminal() async throws {
        let tmux = try Tmux.fixture(width: 80, height: 20, ["--items", "10"])
        try await tmux.waitForScreen("the first page") { self.prompt($0).hasPrefix("1–19") }
        let shell = try tmux.value("#{pane_pid}")
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        let pid = try #require(children.split(separator: " ").first.flatMap { Int32($0) })
        kill(pid, SIGTERM)
        let status = try await tmux.waitForFile("status")
        #expect(status == "143")
        let before = try await tmux.waitForFile("before")
        let after = try await tmux.waitForFile("after")
        #expect(before != nil && before == after)
    }

    @Test func hostileTitlesStayInertAndVisible() async throws {
        let tmux = try Tmux.fixture(width: 120, height: 30, ["--scenario", "hostile"])
        let titleBefore = try tmux.value("#{pane_title}")
        let rows = try await tmux.waitForScreen("the hostile page") { self.prompt($0).hasPrefix("1–15") }
        let screen = rows.joined(separator: "\n")
        // Every item is still on screen, in order: nothing cleared it or moved the cursor.
        #expect(itemRows(rows).map(\.number) == Array(1...15))
        #expect(screen.contains("title-osc ^[]0;PWNED-TITLE^G after"))
        #expect(screen.contains("clear ^[[2J^[[H screen"))
        #expect(screen.contains("bell ^G^G ring"))
        #expect(screen.contains("back abc^H^H^Hxyz space"))
        #expect(screen.contains("bidi <U+202E>txet desrever<U+202C> end"))
        #expect(screen.contains("c1 <U+009B>31m csi8"))
        #expect(screen.contains("osc-st ^[]2;PWNED-ST^[\\ done"))
        #expect(screen.contains("newline and tab return"))
        #expect(screen.contains("stacked ^[[31m^[[1m^[]0;x^G^[[0m end"))
        #expect(screen.contains("mallory^[[8m hidden"))
        #expect(screen.contains("[tag^[]0;PWNED-TAG^G]"))
        let titleAfter = try tmux.value("#{pane_title}")
        #expect(titleAfter == titleBefore)
        #expect(!titleAfter.contains("PWNED"))
        // Only http(s) URLs are opened.
        try tmux.type("o 3")
        try tmux.press("Enter")
        try await tmux.waitForScreen("the refusal") { self.prompt($0).contains("not opening 3 (only http and https)") }
        try tmux.press("q")
        #expect(try await tmux.waitForFile("status") == "0")
    }

    @Test func wideAndEmojiTitlesStayOnOneLine() async throws {
        let width = 60
        let tmux = try Tmux.fixture(width: width, height: 20, ["--scenario", "wide", "--items", "60"])
        for page in 0..<2 {
            let first = page * 19 + 1
            let rows = try await tmux.waitForScreen("page \(page + 1)") { self.prompt($0).hasPrefix("\(first)–") }
            let items = Array(rows.suffix(20).dropLast())
            // Row k of the page carries item first+k: no line wrapped onto the next row.
            #expect(itemRows(items).map(\.number) == Array(first..<(first + 19)))
            for row in items {
                #expect(DisplayWidth.of(row) <= width, "\(row)")
            }
            #expect(items.contains { $0.contains("…") })
            try tmux.press("Enter")
        }
        try tmux.press("q")
        #expect(try await tmux.waitForFile("status") == "0")
    }

    @Test func slowSourcesShowWhatIsFetchingThenOpenStatusAndRefresh() async throws {
        let tmux = try Tmux.fixture(
            width: 120, height: 16,
            ["--scenario", "fail", "--latency-ms", "700", "--items", "30", "--open-log", "{dir}/opened"])
        let rows = try await tmux.waitForScreen("the fetching prompt") { self.prompt($0).hasPrefix("fetching from") }
        #expect(prompt(rows).contains("alpha"))
        try await tmux.waitForScreen("the first page") { self.prompt($0).hasPrefix("1–15") }
        try tmux.press("s")
        let status = try await tmux.waitForScreen("the status screen") { rows in
            rows.contains { $0.hasPrefix("broken: failed") } && rows.contains { $0.contains("last error:") }
        }
        let errorRow = status.first { $0.contains("last error:") } ?? ""
        #expect(errorRow.contains("HTTP 503 from server: ^[[2Jgone ^[]0;pwned^G"))
        #expect(prompt(status).contains("broken failed"))
        try tmux.type("o 2")
        try tmux.press("Enter")
        try await tmux.waitForScreen("the opened message") {
            self.prompt($0).contains("opened 2: https://example.com/beta/0")
        }
        #expect(try await tmux.waitForFile("opened") == "https://example.com/beta/0")
        try tmux.press("r")
        try await tmux.waitForScreen("the refresh result") { self.prompt($0).contains("nothing new") }
        // `r` also retried the failed source; it fails again.
        try await tmux.waitForScreen("the retry failing") { self.prompt($0).contains("broken failed") }
        try tmux.press("q")
        #expect(try await tmux.waitForFile("status") == "2")
    }

    @Test func resizingTheTerminalChangesWidthAndPageSize() async throws {
        let tmux = try Tmux.fixture(width: 100, height: 30, ["--items", "40"])
        try await tmux.waitForScreen("the first page") { self.prompt($0).hasPrefix("1–29") }
        try tmux.tmux(["resize-window", "-t", "t", "-x", "40", "-y", "12"])
        // SIGWINCH: the page is now 11 lines (12 rows less the prompt), the prompt redrawn to fit.
        try await tmux.waitForScreen("the prompt at 40 columns") { rows in
            self.prompt(rows).hasPrefix("1–11") && DisplayWidth.of(self.prompt(rows)) < 40
        }
        try tmux.press("Enter")
        let rows = try await tmux.waitForScreen("a page of 11") { self.prompt($0).hasPrefix("12–22") }
        let items = Array(rows.suffix(12).dropLast())
        #expect(itemRows(items).map(\.number) == Array(12...22))
        #expect(items.allSatisfy { DisplayWidth.of($0) < 40 })
        try tmux.press("q")
        #expect(try await tmux.waitForFile("status") == "0")
    }
}
