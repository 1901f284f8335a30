import RiffleCore
import Testing

@testable import RiffleTerminal

/// The prompt and help fit their width without cutting a key's name; late items are explained.
@Suite struct ReaderScreensTests {
    func status(_ name: String, _ state: SourceStatus.State, items: Int = 20, late: Int = 0) -> SourceStatus {
        var status = SourceStatus(name: name)
        status.state = state
        status.itemsEmitted = items
        status.lateItems = late
        return status
    }

    var demoSources: [SourceStatus] {
        [
            status("rocket", .ready), status("launches", .done), status("acme", .ready),
            status("acme-ground", .failed(SourceError("HTTP 503"))), status("events", .fetching, items: 0),
        ]
    }

    func model() -> ReaderModel {
        var model = ReaderModel(pageSize: 17)
        model.receive(
            (0..<80).map { index in
                MergedItem(
                    sourceIndex: index % 5, sourceName: "s",
                    item: Item(id: "\(index)", time: Timestamp(unixSeconds: 1000 - Int64(index)), title: "t"))
            })
        _ = model.nextPage()
        _ = model.nextPage()
        _ = model.nextPage()
        return model
    }

    /// The legend at the end of a prompt: its words, which must all be whole key names.
    func legendWords(_ prompt: String) -> [String] {
        let legend = prompt.components(separatedBy: "  ").last ?? ""
        return legend.replacingOccurrences(of: "v N", with: "vN").replacingOccurrences(of: "o N", with: "oN")
            .split(separator: " ").map(String.init)
    }

    @Test(arguments: [79, 60, 40, 20, 12])
    func thePromptFitsAndKeepsKeysWhole(width: Int) {
        let unread = ["rocket": 12, "launches": 0, "acme": 3, "acme-ground": 0, "events": 0]
        for message: StyledLine? in [nil, line("found 7 new; acme-ground failed: HTTP 503 from server")] {
            var waiting = model()
            _ = waiting.holdFresh([
                MergedItem(
                    sourceIndex: 0, sourceName: "rocket",
                    item: Item(id: "n", time: .init(unixSeconds: 5000), title: "n"))
            ])
            let prompt = ReaderScreens.prompt(
                model: waiting, statuses: demoSources, message: message, waiting: false, width: width, unread: unread
            ).plainText
            #expect(DisplayWidth.of(prompt) <= width, "\(prompt)")
            let keys = Set(["Enter", "b", "g", "n", "u", "/", "f", "l", "vN", "oN", "r", "A", "s", "?", "q"])
            let words = legendWords(prompt)
            #expect(words.last == "?" || words.last == "q", "\(prompt)")
            #expect(words.allSatisfy(keys.contains), "\(prompt)")
            // From 42 columns on, the keys that move on, read, open, refresh, help and quit always show.
            if width >= 43 {
                #expect(Set(["Enter", "b", "vN", "oN", "r", "?", "q"]).isSubset(of: Set(words)), "\(prompt)")
            }
        }
    }

    func line(_ text: String) -> StyledLine {
        var line = StyledLine()
        line.appendSafe(text)
        return line
    }

    @Test func atEightyColumnsThePromptShowsPositionNewItemsAndUnreadCounts() {
        var shown = model()
        _ = shown.holdFresh([
            MergedItem(
                sourceIndex: 0, sourceName: "rocket", item: Item(id: "n", time: .init(unixSeconds: 5000), title: "n"))
        ])
        let statuses = ["rocket", "launches", "acme", "acme-ground", "events"].map { status($0, .ready) }
        let unread = ["rocket": 26, "launches": 43, "acme": 18, "acme-ground": 12, "events": 3]
        let prompt = ReaderScreens.prompt(
            model: shown, statuses: statuses, message: nil, waiting: false, width: 79, unread: unread
        ).plainText
        // Per-source counts give way to the keys a person needs: the unread total stays.
        #expect(prompt == "52–68  1 new — g  *102  Enter b g n u / f l v N o N r A s ? q")
        let calm = ReaderScreens.prompt(
            model: model(), statuses: statuses, message: nil, waiting: false, width: 79, unread: unread
        ).plainText
        #expect(calm == "52–68  *102  Enter b g n u / f l v N o N r A s ? q")
        // Fewer sources keep their counts beside the essential keys.
        let few = ReaderScreens.prompt(
            model: model(), statuses: Array(statuses.prefix(2)), message: nil, waiting: false, width: 79,
            unread: unread
        ).plainText
        #expect(few == "52–68  rocket *26 · launches *43  Enter b g n u / f l v N o N r A s ? q")
        // Crowded: the unread total and what failed, and the keys.
        let crowded = ReaderScreens.prompt(
            model: shown, statuses: demoSources, message: nil, waiting: false, width: 79,
            unread: ["rocket": 12, "acme": 3]
        ).plainText
        #expect(crowded == "52–68  1 new — g  *15 · acme-ground failed  Enter b g n u / f l v N o N r A ? q")
    }

    @Test func aWidePromptShowsEveryKey() {
        let prompt = ReaderScreens.prompt(
            model: model(), statuses: [status("a", .ready)], message: nil, waiting: false, width: 200, unread: ["a": 1]
        ).plainText
        #expect(prompt == "52–68  a *1  Enter b g n u / f l v N o N r A s ? q")
    }

    @Test func theSourceFilterIsShown() {
        var filtered = model()
        filtered.setSourceFilter([0, 2])
        let prompt = ReaderScreens.prompt(
            model: filtered, statuses: demoSources, message: nil, waiting: false, width: 200
        ).plainText
        #expect(prompt.contains(" f rocket,acme  "))
    }

    @Test func helpFitsEightyColumnsAndExplainsTheMarkers() {
        let lines = ReaderScreens.help(width: 79).map(\.plainText)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 79 && !$0.hasSuffix("…") })
        let text = lines.joined(separator: "\n")
        for key in ["Enter", "n ", "/text", "f NAME", "v N", "o N", "r ", "A ", "s ", "q ", "7 new — g"] {
            #expect(text.contains(key), "\(key)")
        }
        #expect(text.contains("*  an unread item"))
        #expect(text.contains("~  a late item"))
    }

    @Test func statusExplainsLateItemsWhenThereAreAny() {
        let calm = ReaderScreens.status([status("a", .ready)], refreshErrors: [:], width: 79).map(\.plainText)
        #expect(!calm.joined().contains("late:"))
        let late = ReaderScreens.status([status("a", .ready, late: 2)], refreshErrors: [:], width: 79)
            .map(\.plainText)
        #expect(late[0].contains("2 late"))
        #expect(late.joined(separator: " ").contains("late: items a source listed after newer ones"))
        #expect(late.allSatisfy { DisplayWidth.of($0) <= 79 })
    }
}
