import RiffleTerminal
import Testing

@Suite struct KeyParsingTests {
    @Test(arguments: [
        ("", ReaderCommand.nextPage), (" ", .nextPage), ("b", .previousPage), ("g", .firstPage), ("r", .refresh),
        ("s", .status), ("?", .help), ("q", .quit), ("/", .filter(nil)), ("/ Foo bar ", .filter("Foo bar")),
        ("o 3", .open(3)), ("o12", .open(12)), ("o", .missingNumber("o")), ("o 0", .missingNumber("o")),
        ("o x", .missingNumber("o")), ("open", .unknown("open")), ("zap", .unknown("zap")), ("q\r", .quit),
        ("v 7", .view(7)), ("V7", .view(7)), ("v", .missingNumber("v")), ("n", .nextUnread), ("A", .markAllRead),
        ("a", .unknown("a")), ("f", .sources([])), ("f rocket", .sources(["rocket"])),
        ("f  a, b,c ", .sources(["a", "b", "c"])), ("foo", .unknown("foo")), ("u", .toggleUnreadOnly),
        ("l", .listSources), ("3", .number(3)), (" 12 ", .number(12)), ("0", .unknown("0")),
        ("m 2", .markSourceRead(2)), ("m", .missingNumber("m")), ("r 4", .refreshSource(4)), ("r4", .refreshSource(4)),
        ("r x", .missingNumber("r")), ("rx", .unknown("rx")), ("more", .unknown("more")),
        ("o 3.2", .openLink(item: 3, link: 2)), ("o12.10", .openLink(item: 12, link: 10)),
        ("O 1.1", .openLink(item: 1, link: 1)),
        ("o 3.", .missingNumber("o")), ("o 3.0", .missingNumber("o")), ("o 3.x", .missingNumber("o")),
        ("o .2", .missingNumber("o")), ("v 3.2", .missingNumber("v")),
        ("e 4", .openEnclosure(item: 4, enclosure: 1)), ("e4.2", .openEnclosure(item: 4, enclosure: 2)),
        ("E 4.3", .openEnclosure(item: 4, enclosure: 3)), ("e", .missingNumber("e")), ("e 0", .missingNumber("e")),
        ("e 4.", .missingNumber("e")), ("edit", .unknown("edit")),
    ])
    func lines(line: String, command: ReaderCommand) {
        #expect(ReaderCommand.parse(line: line) == command)
    }

    func decode(_ chunks: [String]) -> [KeyDecoder.Event] {
        var decoder = KeyDecoder()
        return chunks.flatMap { decoder.feed(Array($0.utf8)) }
    }

    @Test func singleKeys() {
        #expect(
            decode(["\r", " ", "b", "g", "q"]) == [
                .command(.nextPage), .command(.nextPage), .command(.previousPage), .command(.firstPage),
                .command(.quit),
            ])
        #expect(decode(["\u{04}"]) == [.command(.quit)])
        #expect(decode(["x"]) == [.command(.unknown("x"))])
        #expect(decode(["n", "A"]) == [.command(.nextUnread), .command(.markAllRead)])
        #expect(decode(["é"]) == [])
    }

    @Test func arrowAndPageKeys() {
        #expect(
            decode(["\u{1B}[B", "\u{1B}[A", "\u{1B}[6~", "\u{1B}[5~", "\u{1B}OB"]) == [
                .command(.nextPage), .command(.previousPage), .command(.nextPage), .command(.previousPage),
                .command(.nextPage),
            ])
        // An unknown sequence is swallowed whole, not read as keys ("q" inside must not quit).
        #expect(decode(["\u{1B}[1;5q"]) == [])
        // A lone Esc at the end of a chunk is just Esc.
        #expect(decode(["\u{1B}", "q"]) == [.command(.quit)])
    }

    @Test func filterEditing() {
        let events = decode(["/", "ab", "c", "\u{7F}", "d", "\r"])
        #expect(events.first == .editing(line: "/"))
        #expect(events.contains(.editing(line: "/abc")))
        #expect(events.contains(.editing(line: "/ab")))
        #expect(events.last == .command(.filter("abd")))
    }

    @Test func openEditing() {
        #expect(decode(["o", "1", "2", "\r"]).last == .command(.open(12)))
        #expect(decode(["o", "3", ".", "2", "\r"]).last == .command(.openLink(item: 3, link: 2)))
        #expect(decode(["e"]) == [.editing(line: "e ")])
        #expect(decode(["e", "5", ".", "2", "\r"]).last == .command(.openEnclosure(item: 5, enclosure: 2)))
        #expect(decode(["o", "\r"]).last == .command(.missingNumber("o")))
    }

    @Test func viewAndSourceEditing() {
        #expect(decode(["v"]) == [.editing(line: "v ")])
        #expect(decode(["v", "3", "\r"]).last == .command(.view(3)))
        #expect(decode(["f", "rocket acme", "\r"]).last == .command(.sources(["rocket", "acme"])))
        #expect(decode(["f", "\r"]).last == .command(.sources([])))
    }

    @Test func editingCancels() {
        #expect(decode(["/", "a", "\u{1B}"]).last == .editCancelled)
        #expect(decode(["/", "\u{7F}"]).last == .editCancelled)
        #expect(decode(["/", "a", "\u{1B}[A", "q"]).last == .command(.quit))
    }

    @Test func backspaceRemovesAWholeScalar() {
        #expect(decode(["/", "漢字", "\u{7F}", "\r"]).last == .command(.filter("漢")))
    }

    @Test func editingKeepsKeysAsText() {
        #expect(decode(["/", "qbg", "\r"]).last == .command(.filter("qbg")))
    }

    @Test func numbersAndSourceKeys() {
        #expect(decode(["u", "l"]) == [.command(.toggleUnreadOnly), .command(.listSources)])
        #expect(decode(["1", "2", "\r"]) == [.editing(line: "1"), .editing(line: "12"), .command(.number(12))])
        #expect(
            decode(["m", "3", "\r"]) == [.editing(line: "m "), .editing(line: "m 3"), .command(.markSourceRead(3))])
        // `r` acts at once on the list; on the sources view it takes a number, and Enter alone refreshes all.
        #expect(decode(["r"]) == [.command(.refresh)])
        var decoder = KeyDecoder()
        decoder.numberedSources = true
        #expect(
            decoder.feed(Array("r2\r".utf8)) == [
                .editing(line: "r "), .editing(line: "r 2"), .command(.refreshSource(2)),
            ])
        #expect(decoder.feed(Array("r".utf8)) == [.editing(line: "r ")])
        #expect(decoder.feed(Array("\r".utf8)) == [.command(.refresh)])
    }
}
