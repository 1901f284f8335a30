import ArgumentParser
import RiffleCore

/// `--after TOKEN`: the parser decodes the token (an item's `cursor` from `riffle export`); text that is not
/// one is a usage error (exit 64) that says why — a token of an earlier format among the reasons.
/// Decoding is bounded and checked (`MergePosition.parse(token:)`).
enum AfterToken {
    static func parse(_ argument: String) throws(ResumeTokenProblem) -> MergePosition {
        try MergePosition.parse(token: argument).get()
    }
}
