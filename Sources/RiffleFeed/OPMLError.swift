/// Why a file is not an OPML subscription list riffle can read, worded in one place.
package struct OPMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, coarsely.
    package enum Kind: Sendable, Hashable {
        /// Nothing, or only whitespace.
        case empty
        /// XML too broken to read, refused entity declarations, or no XML at all.
        case invalidXML
        /// XML whose root is not `<opml>`, or an `<opml>` without `<body>`.
        case notOPML
        /// Over a limit (size, depth, outlines).
        case tooLarge
    }

    package let kind: Kind
    package let description: String

    init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
