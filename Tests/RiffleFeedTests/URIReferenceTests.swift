import Testing

@testable import RiffleFeed

/// RFC 3986 section 5.4's examples, all of them, and what feeds add.
@Suite struct URIReferenceTests {
    static let base = "http://a/b/c/d;p?q"

    @Test(arguments: [
        // 5.4.1 normal examples.
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"),
        ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
        ("../../g", "http://a/g"),
        // 5.4.2 abnormal examples.
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"),
        ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."),
        ("..g", "http://a/b/c/..g"), ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"),
        ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"), ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
        ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"), ("g?y/../x", "http://a/b/c/g?y/../x"),
        ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"), ("http:g", "http:g"),
    ])
    func rfc3986Examples(_ reference: String, _ expected: String) {
        #expect(URIReference.resolve(reference, against: Self.base) == expected)
    }

    @Test func feedCases() {
        #expect(URIReference.resolve("  /post\n", against: "https://example.com/feed") == "https://example.com/post")
        #expect(URIReference.resolve("post", against: "https://example.com") == "https://example.com/post")
        #expect(URIReference.resolve("post", against: nil) == "post")
        #expect(URIReference.resolve("post", against: "relative/base") == "post")
        #expect(URIReference.resolve("HTTPS://Example.com/A", against: "https://x/") == "HTTPS://Example.com/A")
        #expect(URIReference("mailto:jo@example.com").scheme == "mailto")
        #expect(URIReference("a/b:c").scheme == nil)
    }
}
