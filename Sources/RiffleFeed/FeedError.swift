/// Why a body is not a feed riffle can read, as data: what the body was (`kind`), worded in one place
/// (`description`), in the phrases the contract asks for ("an HTML page (title: …)", "JSON without items",
/// "an empty body").
///
/// A struct over a private enum, like `SourceError`: callers branch on `kind`, never on the words. Text
/// quoted from the body (a page title, a libxml2 message) is reduced to one line and shortened.
package struct FeedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the body was, coarsely.
    package enum Kind: Sendable, Hashable {
        /// Nothing, or only whitespace.
        case emptyBody
        /// An HTML page: a site's front page, a login wall, a 404 page served with status 200.
        case htmlPage
        /// A JSON document that is not a JSON Feed (no `items` list).
        case jsonWithoutItems
        /// JSON that does not parse.
        case invalidJSON
        /// XML too broken to read even in recovery mode, or refused by libxml2's own guards (entity
        /// amplification).
        case invalidXML
        /// Well-formed enough, but no feed: another root element, plain text, an image.
        case notAFeed
        /// Over one of the `FeedLimits`.
        case tooLarge
    }

    private enum Reason: Sendable, Hashable {
        case emptyBody
        case htmlPage(title: String?)
        case jsonWithoutItems
        case invalidJSON(offset: Int, detail: String)
        case invalidXML(line: Int, detail: String)
        case entityDeclaration(name: String)
        case unknownRoot(name: String)
        case notMarkup(start: String)
        case bodyTooLarge(bytes: Int, limit: Int)
        case tooDeep(limit: Int)
        case tooManyEntries(limit: Int)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    static let emptyBody = FeedError(.emptyBody)
    static let jsonWithoutItems = FeedError(.jsonWithoutItems)
    static func htmlPage(title: String?) -> FeedError { FeedError(.htmlPage(title: title.map(excerpt))) }
    static func invalidJSON(offset: Int, detail: String) -> FeedError {
        FeedError(.invalidJSON(offset: offset, detail: detail))
    }
    static func invalidXML(line: Int, detail: String) -> FeedError {
        FeedError(.invalidXML(line: line, detail: excerpt(detail)))
    }
    static func entityDeclaration(name: String) -> FeedError { FeedError(.entityDeclaration(name: excerpt(name))) }
    static func unknownRoot(_ name: String) -> FeedError { FeedError(.unknownRoot(name: excerpt(name))) }
    static func notMarkup(start: String) -> FeedError { FeedError(.notMarkup(start: excerpt(start))) }
    static func bodyTooLarge(bytes: Int, limit: Int) -> FeedError {
        FeedError(.bodyTooLarge(bytes: bytes, limit: limit))
    }
    static func tooDeep(limit: Int) -> FeedError { FeedError(.tooDeep(limit: limit)) }
    static func tooManyEntries(limit: Int) -> FeedError { FeedError(.tooManyEntries(limit: limit)) }

    package var kind: Kind {
        switch reason {
        case .emptyBody: .emptyBody
        case .htmlPage: .htmlPage
        case .jsonWithoutItems: .jsonWithoutItems
        case .invalidJSON: .invalidJSON
        case .invalidXML, .entityDeclaration: .invalidXML
        case .unknownRoot, .notMarkup: .notAFeed
        case .bodyTooLarge, .tooDeep, .tooManyEntries: .tooLarge
        }
    }

    /// The HTML page's title, for `.htmlPage`.
    package var pageTitle: String? {
        if case .htmlPage(let title) = reason { return title }
        return nil
    }

    package var description: String {
        switch reason {
        case .emptyBody: "not a feed: an empty body"
        case .htmlPage(let title?): "not a feed: an HTML page (title: \(title))"
        case .htmlPage(nil): "not a feed: an HTML page (no title)"
        case .jsonWithoutItems: "not a feed: JSON without items"
        case .invalidJSON(let offset, let detail): "not a feed: invalid JSON at byte \(offset): \(detail)"
        case .invalidXML(let line, let detail): "not a feed: invalid XML at line \(line): \(detail)"
        case .entityDeclaration(let name):
            "not a feed: XML that declares the entity \"\(name)\" as nested or external entities, the shape of "
                + "entity-expansion and file-disclosure attacks; riffle never expands or fetches them"
        case .unknownRoot(let name): "not a feed: XML whose root element is <\(name)>"
        case .notMarkup(let start): "not a feed: a body starting \"\(start)\""
        case .bodyTooLarge(let bytes, let limit):
            "feed body of \(bytes) bytes is over the \(ByteSize.text(limit)) limit"
        case .tooDeep(let limit): "feed nests deeper than \(limit) levels"
        case .tooManyEntries(let limit): "feed has more than \(limit) entries"
        }
    }

    /// `text` on one line (controls become spaces, runs of whitespace one space), at most 80 characters.
    private static func excerpt(_ text: String) -> String {
        var result = ""
        var count = 0
        var pendingSpace = false
        for character in text {
            let isSpace =
                character.isWhitespace
                || character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            if isSpace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(" ")
                count += 1
                pendingSpace = false
            }
            if count >= 80 {
                result.append("…")
                break
            }
            result.append(character)
            count += 1
        }
        return result
    }
}

/// Byte counts in words for messages (`64 MiB`).
private enum ByteSize {
    static func text(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
