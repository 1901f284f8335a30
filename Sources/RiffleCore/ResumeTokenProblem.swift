/// Why a text is not a resume token this version reads (`MergePosition.parse(token:)`): what `--after` says
/// when it refuses one.
package struct ResumeTokenProblem: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Hashable {
        case notAToken
        case tooLong(limit: Int)
        case earlierFormat(String)
    }

    private let kind: Kind

    /// The prefixes of the formats before this one, which riffle 0.1 printed before its tokens settled.
    static let earlierFormats = ["r1", "r2"]

    /// Not a token riffle wrote (or one cut short or edited).
    package static let notAToken = ResumeTokenProblem(kind: .notAToken)

    /// Longer than any token riffle writes.
    static func tooLong(limit: Int) -> ResumeTokenProblem { ResumeTokenProblem(kind: .tooLong(limit: limit)) }

    /// A token of an earlier format (`r1`, `r2`).
    static func earlierFormat(_ prefix: String) -> ResumeTokenProblem {
        ResumeTokenProblem(kind: .earlierFormat(prefix))
    }

    /// The format's prefix when the token is of an earlier format.
    package var earlierFormat: String? {
        guard case .earlierFormat(let prefix) = kind else { return nil }
        return prefix
    }

    package var description: String {
        switch kind {
        case .notAToken:
            return "not a cursor riffle wrote: pass an item's \"cursor\" from riffle export, whole"
        case .tooLong(let limit):
            return "longer than any cursor riffle writes (\(limit) bytes at most)"
        case .earlierFormat(let prefix):
            return "a cursor in the \(prefix). format of an earlier riffle, which this version no longer reads: "
                + "export again without --after (with --unread, the store's read marks keep your place) and "
                + "continue from the new cursors (r3.)"
        }
    }
}
