// A conformance of a public type is public, so its protocol's module must be imported publicly; RiffleCLI's
// only client is the `riffle` executable, so this exposes nothing further.
public import ArgumentParser
import RiffleCore

/// `--after TOKEN`: the parser decodes the token (an item's `cursor` from `riffle export`), and text that
/// is not one becomes a usage error. Decoding is bounded and checked (`MergePosition(token:)`).
extension MergePosition: ExpressibleByArgument {
    init?(argument: String) { self.init(token: argument) }
}
