/// An OPML subscription list (OPML 1.0, 1.1 and 2.0): its title and every outline that names a feed,
/// nested outlines flattened in document order.
///
/// Read with the same libxml2 wrapper and safety as feeds (`XMLStream`: no DTD, no entity expansion, no
/// network, recovery from ill-formed files).
package struct OPMLDocument: Sendable, Hashable {
    /// `head/title`, as text.
    package var title: String?
    /// Every outline with an `xmlUrl`, in document order.
    package var outlines: [OPMLOutline]
    /// Outlines that are neither a feed (no `xmlUrl`) nor a folder (no outlines inside).
    package var skipped: Int

    package init(title: String?, outlines: [OPMLOutline], skipped: Int = 0) {
        self.title = title
        self.outlines = outlines
        self.skipped = skipped
    }

    /// The most bytes an OPML file may have.
    package static let maxBytes = 16 << 20

    /// Parses an OPML file. Throws `OPMLError` when it is empty, not XML, not OPML (another root, no
    /// `<body>`), or over the limits (16 MiB, 128 levels, 100,000 outlines).
    package static func parse(_ bytes: [UInt8]) throws(OPMLError) -> OPMLDocument {
        guard bytes.count <= maxBytes else {
            throw OPMLError(.tooLarge, "an OPML file of \(bytes.count) bytes is over the 16 MiB limit")
        }
        switch BodySniffer.shape(of: bytes) {
        case .empty: throw OPMLError(.empty, "not OPML: an empty file")
        case .json: throw OPMLError(.notOPML, "not OPML: a JSON document")
        case .html: throw OPMLError(.notOPML, "not OPML: an HTML page")
        case .other: throw OPMLError(.invalidXML, "not OPML: not XML")
        case .xml: break
        }
        let builder = OPMLBuilder(limits: FeedLimits(maxDepth: 128, maxEntries: 100_000))
        let outcome = XMLStream.parse(ReferenceRepair.repaired(bytes) ?? bytes, encoding: nil, handler: builder)
        if case .entityDeclaration(let name)? = outcome.stop {
            throw OPMLError(.invalidXML, "not OPML: it declares the entity \"\(name.prefix(40))\", refused unread")
        }
        if let failure = builder.failure { throw failure }
        guard builder.sawRoot else {
            let line = outcome.firstError?.line ?? 1
            throw OPMLError(.invalidXML, "not OPML: invalid XML at line \(line)")
        }
        guard builder.sawBody else { throw OPMLError(.notOPML, "not OPML: no <body> element") }
        return OPMLDocument(title: builder.title, outlines: builder.outlines, skipped: builder.skipped)
    }
}
