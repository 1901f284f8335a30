import RiffleTerminal
import Testing

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("abc", 3), ("漢字", 4), ("한국어", 6), ("ｱ", 1), ("Ａ", 2), ("😀", 2), ("e\u{301}", 1), ("na\u{308}ive", 5),
        ("👨‍👩‍👧‍👦", 2), ("🇯🇵", 2), ("🇯🇵🇫🇷", 4), ("❤️", 2), ("👍🏽", 4), ("👩🏽‍💻", 4), ("🧑🏻‍🤝‍🧑🏿", 6), ("#️⃣", 2), ("🏴󠁧󠁢󠁳󠁣󠁴󠁿", 2), ("", 0),
        ("\u{301}", 0), ("\u{200B}", 0),
    ])
    func widths(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    func line(_ text: String) -> StyledLine {
        var line = StyledLine()
        line.append(UntrustedText(text))
        return line
    }

    @Test func shortLinesAreKept() {
        #expect(line("hello").fitted(to: 5).plainText == "hello")
        #expect(line("漢字").fitted(to: 4).plainText == "漢字")
    }

    @Test func truncationEndsWithEllipsisWithinWidth() {
        #expect(line("hello world").fitted(to: 6).plainText == "hello…")
        // A wide character that does not fit whole is dropped whole.
        #expect(line("漢字漢字").fitted(to: 6).plainText == "漢字…")
        #expect(line("漢字漢字").fitted(to: 5).plainText == "漢字…")
        #expect(line("漢字漢字").fitted(to: 4).plainText == "漢…")
    }

    @Test(arguments: 1...30)
    func truncationNeverSplitsAGrapheme(columns: Int) {
        let text = "a👨‍👩‍👧‍👦b🇯🇵e\u{301}漢❤️👍🏽c한x👨‍👩‍👧‍👦🇫🇷é"
        let original = Array(text)
        let fitted = line(text).fitted(to: columns)
        #expect(fitted.width <= columns)
        var kept = Array(fitted.plainText)
        if kept.last == "…" { kept.removeLast() }
        // What is kept is a prefix of the original characters: nothing cut in half.
        #expect(Array(original.prefix(kept.count)) == kept)
    }

    @Test func truncationNeverSplitsAnEscapeSequence() {
        var styled = StyledLine()
        styled.append(UntrustedText("red words here"), style: TextStyle.bold)
        styled.append(UntrustedText(" and more"))
        for columns in 1...24 {
            let rendered = styled.fitted(to: columns).rendered(color: true)
            // Every ESC opens a complete SGR sequence.
            let parts = rendered.split(separator: "\u{1B}", omittingEmptySubsequences: false).dropFirst()
            for part in parts {
                #expect(part.first == "[")
                #expect(part.contains("m"))
            }
        }
    }

    @Test func renderedWithoutColorHasNoEscapes() {
        var styled = StyledLine()
        styled.append(UntrustedText("x\u{1B}[31m"), style: TextStyle.bold)
        #expect(!styled.rendered(color: false).contains("\u{1B}"))
        #expect(styled.rendered(color: true) == "\u{1B}[1mx^[[31m\u{1B}[0m")
    }
}
