import RiffleTerminal
import Testing

@Suite struct UntrustedTextTests {
    func safe(_ text: String) -> String { UntrustedText(text).terminalText }

    /// No byte that a terminal acts on survives: no C0 but none at all, no DEL, no C1, no bidi control.
    func isInert(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            let value = scalar.value
            return value >= 0x20 && !(0x7F...0x9F).contains(value) && !(0x202A...0x202E).contains(value)
                && !(0x2066...0x2069).contains(value) && value != 0x200E && value != 0x200F && value != 0x061C
        }
    }

    @Test func plainTextIsUnchanged() {
        #expect(safe("Fix the crash — ünïcödé 漢字 😀") == "Fix the crash — ünïcödé 漢字 😀")
    }

    @Test(arguments: [
        ("\u{1B}", "^["), ("\u{07}", "^G"), ("\u{08}", "^H"), ("\u{00}", "^@"), ("\u{7F}", "^?"), ("\u{1F}", "^_"),
        ("\u{0C}", "^L"), ("\u{0B}", "^K"),
    ])
    func c0ControlsInCaretNotation(input: String, expected: String) {
        #expect(safe("a\(input)b") == "a\(expected)b")
    }

    @Test func lineBreaksAndTabsBecomeSpaces() {
        #expect(safe("one\ntwo\r\nthree\tfour\u{2028}five\u{2029}six") == "one two  three four five six")
    }

    @Test func c1ControlsAsCodePoints() {
        #expect(safe("x\u{9B}31my") == "x<U+009B>31my")
        #expect(safe("\u{80}\u{85}\u{9F}") == "<U+0080><U+0085><U+009F>")
    }

    @Test func csiAndOscSequencesAreVisible() {
        #expect(safe("\u{1B}[2J\u{1B}[H") == "^[[2J^[[H")
        #expect(safe("\u{1B}]0;PWNED\u{07}") == "^[]0;PWNED^G")  // OSC ended by BEL
        #expect(safe("\u{1B}]2;PWNED\u{1B}\\") == "^[]2;PWNED^[\\")  // OSC ended by ST
        #expect(safe("\u{1B}]8;;https://evil\u{1B}\\link\u{1B}]8;;\u{1B}\\") == "^[]8;;https://evil^[\\link^[]8;;^[\\")
    }

    @Test func backToBackEscapes() {
        let text = "\u{1B}[31m\u{1B}[1m\u{1B}]0;x\u{07}\u{1B}\u{1B}\u{1B}[0m\u{1B}"
        let shown = safe(text)
        #expect(shown == "^[[31m^[[1m^[]0;x^G^[^[^[[0m^[")
        #expect(isInert(shown))
    }

    @Test func bidiControlsAreVisible() {
        #expect(safe("a\u{202E}evil\u{202C}b") == "a<U+202E>evil<U+202C>b")
        #expect(safe("\u{2066}\u{2067}\u{2068}\u{2069}") == "<U+2066><U+2067><U+2068><U+2069>")
        #expect(
            safe("\u{200E}\u{200F}\u{061C}\u{202A}\u{202B}\u{202D}")
                == "<U+200E><U+200F><U+061C><U+202A><U+202B><U+202D>")
    }

    @Test func oddUnicodeDoesNotCrash() {
        let bytes: [UInt8] = [0xFF, 0xFE, 0xC3, 0x28, 0xED, 0xA0, 0x80, 0x1B, 0x5B, 0xF4, 0x90, 0x80, 0x80]
        let repaired = String(decoding: bytes, as: UTF8.self)
        let shown = safe(repaired)
        #expect(isInert(shown))
        #expect(shown.contains("^["))
        #expect(isInert(safe("\u{FFFF}\u{10FFFF}\u{E0001}\u{301}\u{301}")))
    }

    @Test func everyScalarBelowA0IsInert() {
        let all = String(String.UnicodeScalarView((0..<0xA0).compactMap(Unicode.Scalar.init)))
        #expect(isInert(safe(all)))
    }
}
