// A conformance is as visible as its type (`package`), so its protocol's module is imported at that level.
package import ArgumentParser
import RiffleExport

/// `--format json|ndjson|jsonfeed`: the parser turns the word into an `ExportFormat`, and a word that is
/// none of them into a usage error that lists the three.
extension ExportFormat: ExpressibleByArgument {}
