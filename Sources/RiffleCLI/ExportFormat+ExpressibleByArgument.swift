// A conformance of a public type is public, so its protocol's module must be imported publicly; RiffleCLI's
// only client is the `riffle` executable, so this exposes nothing further.
public import ArgumentParser
import RiffleExport

/// `--format json|ndjson|jsonfeed`: the parser turns the word into an `ExportFormat`, and a word that is
/// none of them into a usage error that lists the three.
extension ExportFormat: ExpressibleByArgument {}
