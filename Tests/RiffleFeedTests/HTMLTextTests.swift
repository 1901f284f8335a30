import Testing

@testable import RiffleFeed

/// HTML reduced to text.
@Suite struct HTMLTextTests {
    @Test func tagsRemovedAndBlocksSpaced() {
        #expect(HTMLText.text(fromHTML: "<p>One</p><p>Two <b>bold</b>er</p>") == "One Two bolder")
        #expect(HTMLText.text(fromHTML: "a<br/>b<br>c") == "a b c")
        #expect(HTMLText.text(fromHTML: #"<a href="x>y" title='q'>link</a>"#) == "link")
        #expect(HTMLText.text(fromHTML: "x<!-- <p>hidden</p> -->y") == "xy")
        #expect(HTMLText.text(fromHTML: "<script>var a = '<p>';</script>text<style>p{}</style>") == "text")
        #expect(HTMLText.text(fromHTML: "<SCRIPT>x</SCRIPT >after") == "after")
        #expect(HTMLText.text(fromHTML: "a < b and c > d") == "a < b and c > d")
        #expect(HTMLText.text(fromHTML: "<!DOCTYPE html><?xml x?>text") == "text")
    }

    @Test func referencesDecoded() {
        #expect(HTMLText.text(fromHTML: "&amp; &lt; &gt; &quot; &apos;") == "& < > \" '")
        #expect(HTMLText.text(fromHTML: "caf&eacute; &copy; &hellip; &mdash; &rsquo;&euro;") == "café © … — ’€")
        #expect(HTMLText.text(fromHTML: "&#233; &#xE9; &#XE9; &#8217;") == "é é é ’")
        #expect(HTMLText.text(fromHTML: "&#146;&#151;") == "’—")  // Windows-1252 numbers, as browsers read them
        #expect(HTMLText.text(fromHTML: "&#0; &#xD800; &#99999999;") == "\u{FFFD} \u{FFFD} \u{FFFD}")
        #expect(HTMLText.text(fromHTML: "AT&T &unknown; & &;") == "AT&T &unknown; & &;")
        #expect(HTMLText.text(fromHTML: "a&nbsp;&nbsp; b") == "a b")
    }

    @Test func whitespaceCollapsed() {
        #expect(HTMLText.text(fromHTML: "  one\n\t two  \r\n ") == "one two")
        #expect(HTMLText.collapsed("  a \n b  ") == "a b")
        #expect(HTMLText.collapsed("&amp; <b>") == "&amp; <b>")
    }

    @Test func titlesKeepNonHTMLAngleBrackets() {
        #expect(HTMLText.text(fromHTML: "Array<T> and <em>Set</em>", tags: .htmlElementsOnly) == "Array<T> and Set")
        #expect(HTMLText.text(fromHTML: "Array<T> and <em>Set</em>") == "Array and Set")
    }

    @Test func hostileMarkupStaysLinear() {
        let clock = ContinuousClock()
        let many = String(repeating: "<a", count: 200_000)
        let unclosedScripts = String(repeating: "<script></script", count: 50_000)
        let elapsed = clock.measure {
            #expect(HTMLText.text(fromHTML: many).count == many.count)
            _ = HTMLText.text(fromHTML: unclosedScripts)
            _ = HTMLText.text(fromHTML: String(repeating: "<!--", count: 100_000))
            _ = HTMLText.text(fromHTML: String(repeating: "&#", count: 100_000))
        }
        // A hang guard, not a measure: linear work is milliseconds, a quadratic scan of these inputs takes
        // minutes; 60 s stays clear of a loaded machine's debug build.
        #expect(elapsed < .seconds(60), "a hang guard")
    }

    @Test func prefixForTitles() {
        #expect(HTMLText.prefix(of: "short") == "short")
        let long = String(repeating: "word ", count: 40)
        let cut = HTMLText.prefix(of: long)
        #expect(cut.hasSuffix("word…"))
        #expect(cut.count <= 81)
    }

    @Test func entityTableIsComplete() {
        #expect(HTMLEntities.scalar(named: "nbsp") == "\u{A0}")
        #expect(HTMLEntities.scalar(named: "yuml") == "\u{FF}")
        #expect(HTMLEntities.scalar(named: "THORN") == "\u{DE}")
        #expect(HTMLEntities.count >= 96 + 50)
    }
}
