import RiffleCore
import Testing

@testable import RiffleTerminal

/// The OSC 8 link target: http and https only, and nothing in it a terminal could take for the end of
/// the sequence or the start of another.
@Suite struct HyperlinkTargetTests {
    /// True when every byte is printable ASCII (`!` to `~`).
    func isInert(_ text: String) -> Bool { text.utf8.allSatisfy { (0x21...0x7E).contains($0) } }

    @Test func keepsAPlainURLAsItIs() throws {
        let target = try #require(HyperlinkTarget("https://example.com/a/b?c=d&e=%41#f"))
        #expect(target.uri == "https://example.com/a/b?c=d&e=%41#f")
        #expect(HyperlinkTarget("HTTP://EXAMPLE.COM/")?.uri == "HTTP://EXAMPLE.COM/")
    }

    @Test(arguments: [
        "javascript:alert(1)", "file:///etc/passwd", "ftp://example.com/", "", "https:/", "//example.com/x",
        " https://example.com/", "\u{1B}https://example.com/", "mailto:a@example.com",
    ])
    func refusesWhatIsNotHTTP(url: String) {
        #expect(HyperlinkTarget(url) == nil)
    }

    @Test func refusesAnOverlongURL() {
        let long = "https://example.com/" + String(repeating: "a", count: HyperlinkTarget.maxBytes)
        #expect(HyperlinkTarget(long) == nil)
        #expect(HyperlinkTarget(String(long.prefix(HyperlinkTarget.maxBytes))) != nil)
    }

    @Test(arguments: [
        ("https://x/\u{1B}\\evil", "https://x/%1B\\evil"),  // ESC \ (ST) cannot end the sequence
        ("https://x/\u{07}after", "https://x/%07after"),  // nor BEL
        ("https://x/\u{9C}after", "https://x/%C2%9Cafter"),  // nor the 8-bit ST, U+009C
        ("https://x/a b\"c'd", "https://x/a%20b\"c'd"),  // spaces encoded; quotes are printable
        ("https://x/\u{1B}]8;;https://evil/\u{1B}\\", "https://x/%1B]8;;https://evil/%1B\\"),  // no second link
        ("https://x/\u{9B}31m", "https://x/%C2%9B31m"),  // 8-bit CSI
        ("https://x/ü漢\u{202E}", "https://x/%C3%BC%E6%BC%A2%E2%80%AE"),  // every non-ASCII byte
        ("https://x/\n\r\t\u{7F}\u{0}", "https://x/%0A%0D%09%7F%00"),
    ])
    func encodesEveryByteOutsidePrintableASCII(url: String, expected: String) throws {
        let target = try #require(HyperlinkTarget(url))
        #expect(target.uri == expected)
        #expect(isInert(target.uri))
    }

    @Test func theWholeSequenceHasOneStartAndOneEndOnly() throws {
        let hostile = "https://example.com/a b\"q'\u{07}\u{1B}]8;;https://evil.example\u{1B}\\x\u{9C}y\u{1B}]0;T\u{07}"
        var line = StyledLine()
        line.append(UntrustedText("title"), style: .bold, link: HyperlinkTarget(hostile))
        let bytes = Array(line.rendered(color: true, links: true).utf8)
        // ESC only where riffle put it: the link's start and end (two each), the SGR and its reset.
        #expect(bytes.filter { $0 == 0x1B }.count == 6)
        #expect(!bytes.contains(0x07))
        #expect(!bytes.contains(0x9C))
        let text = line.rendered(color: true, links: true)
        #expect(text.hasPrefix("\u{1B}]8;;https://example.com/a%20b\"q'%07%1B]8;;https://evil.example%1B\\x%C2%9Cy"))
        #expect(text.hasSuffix("\u{1B}[1mtitle\u{1B}[0m\u{1B}]8;;\u{1B}\\"))
        // Without links, or without colour, no OSC 8 at all.
        #expect(!line.rendered(color: true, links: false).contains("]8;"))
        #expect(line.rendered(color: false, links: true) == "title")
    }

    @Test func linksAreOnOnlyWithColourOnATerminal() {
        let tty = ["TERM": "xterm-256color"]
        #expect(ColorChoice.always.hyperlinks(configured: true, environment: tty, stdoutIsTerminal: true))
        #expect(!ColorChoice.always.hyperlinks(configured: false, environment: tty, stdoutIsTerminal: true))
        #expect(!ColorChoice.never.hyperlinks(configured: true, environment: tty, stdoutIsTerminal: true))
        #expect(!ColorChoice.always.hyperlinks(configured: true, environment: tty, stdoutIsTerminal: false))
        #expect(!ColorChoice.always.hyperlinks(configured: true, environment: ["TERM": "dumb"], stdoutIsTerminal: true))
        #expect(
            !ColorChoice.always.hyperlinks(
                configured: true, environment: ["TERM": "xterm", "NO_COLOR": ""], stdoutIsTerminal: true))
    }
}
