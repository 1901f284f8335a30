import Testing

@testable import RiffleCLI
@testable import RiffleFeed

/// `riffle import opml`'s conversion: names, quoting, what it leaves out.
@Suite struct OPMLImportTests {
    static func document(_ outlines: [(String?, String)]) -> OPMLDocument {
        OPMLDocument(title: "subs", outlines: outlines.map { OPMLOutline(title: $0.0, feedURL: $0.1) })
    }

    @Test func namesComeFromTitlesAndAreUnique() {
        let result = OPMLImport.yaml(
            Self.document([
                ("Daring Fireball", "https://daringfireball.net/feeds/main"), ("lwn", "https://lwn.net/headlines/rss"),
                ("Daring Fireball", "https://daringfireball.net/feeds/other"),
                ("Daring-Fireball", "https://a.example/1"),
                (nil, "https://www.example.org/feed"), ("!!!", "https://blog.example.net/rss"),
                ("Ünïcödé Blog: 渲染", "https://u.example/feed"), ("Rocket.News_2", "https://r.example/feed"),
            ]), file: "subs.opml")
        let names = result.yaml.split(separator: "\n").filter { $0.hasPrefix("  - name: ") }
            .map { $0.dropFirst("  - name: ".count) }
        #expect(
            names == [
                "\"daring-fireball\"", "\"lwn\"", "\"daring-fireball-2\"", "\"Daring-Fireball\"", "\"example-org\"",
                "\"blog-example-net\"", "\"ünïcödé-blog-渲染\"", "\"Rocket.News_2\"",
            ])
        #expect(result.sources == 8 && result.notWeb == 0)
        #expect(result.yaml.hasPrefix("# 8 feed sources from subs.opml (riffle import opml): subs\nsources:\n"))
    }

    @Test func everyStringIsQuotedSafely() {
        #expect(OPMLImport.quoted("plain") == "\"plain\"")
        #expect(OPMLImport.quoted("a\"b\\c") == "\"a\\\"b\\\\c\"")
        #expect(OPMLImport.quoted("${HOME}/$x") == "\"$${HOME}/$$x\"", "never riffle's ${VAR}")
        #expect(OPMLImport.quoted("tab\tnl\nesc\u{1B}c1\u{85}") == "\"tab\\x09nl\\x0Aesc\\x1Bc1\\x85\"")
        #expect(OPMLImport.quoted("ls\u{2028}bom\u{FEFF}") == "\"ls\\u2028bom\\uFEFF\"")
        #expect(OPMLImport.comment("two\nlines\u{1B}") == "two lines ")
    }

    @Test func feedsThatAreNotWebURLsAreLeftOut() {
        let result = OPMLImport.yaml(
            Self.document([
                ("piped", "|~/fetch.py"), ("exec", "exec:~/x"), ("file", "file:///etc/passwd"),
                ("spaces", "https://e.com/a b"), ("ok", "https://e.com/feed"),
            ]), file: "x.opml")
        #expect(result.sources == 1 && result.notWeb == 4)
        #expect(result.yaml.hasSuffix("sources:\n  - name: \"ok\"\n    type: feed\n    url: \"https://e.com/feed\"\n"))
        let empty = OPMLImport.yaml(Self.document([]), file: "none.opml")
        #expect(empty.yaml.hasSuffix("sources: []\n"))
    }

    @Test func sourcesAsOPMLKeepOnlyFeeds() throws {
        let importParse = try parse(["import", "opml", "subs.opml"], as: ImportOPMLCommand.self)
        #expect(importParse.file == "subs.opml")
        #expect(try parse(["sources", "--opml"], as: SourcesCommand.self).opml)
    }
}
