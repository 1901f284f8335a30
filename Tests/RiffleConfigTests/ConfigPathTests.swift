import Testing

@testable import RiffleConfig

/// Key paths are kept unrendered until shown: they must read exactly as the rendered ones did.
@Suite struct ConfigPathTests {
    @Test func rendersAsWritten() {
        let sources = ConfigPath("sources")
        #expect(sources.index(2).description == "sources[2]")
        #expect(sources.index(2).key("fields").key("id").description == "sources[2].fields.id")
        #expect(sources.index(2).readyForChildren.key("url").description == "sources[2].url")
        #expect(sources.index(2).key("headers").readyForChildren.key("X").description == "sources[2].headers.X")
        #expect(ConfigPath().key("a").index(0).key("b").index(1).description == "a[0].b[1]")
        #expect(ConfigPath().key("reader").description == "reader")
        #expect(ConfigPath().description == "")
        #expect(ConfigPath("plugins").index(0).index(1).description == "plugins[0][1]")
        #expect(sources.index(3).key("name") == ConfigPath("sources[3]").key("name"))
        #expect(sources.index(3).key("name") == ConfigPath("sources[3].name"))
        #expect(sources.index(3).key("name") != sources.index(3).key("type"))
    }

    @Test func fieldPathsCutAtDots() {
        #expect(FieldPath("data.repository.issues.edges")?.segments == ["data", "repository", "issues", "edges"])
        #expect(FieldPath("id")?.segments == ["id"])
        #expect(FieldPath("données.clé")?.segments == ["données", "clé"])
        for bad in ["", ".", "a.", ".a", "a..b", "a b", "a\tb", "a.\u{7F}", "a\u{00A0}b", "a.\u{3000}"] {
            #expect(FieldPath(bad) == nil, "\(bad)")
        }
    }
}
