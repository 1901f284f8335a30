import ArgumentParser
import RiffleCore
import RiffleFeed
internal import RiffleSystem
import RiffleTerminal

/// `riffle import opml FILE`: prints a YAML `sources:` list with one `feed` source per outline of the
/// OPML file that has an `xmlUrl` (see `OPMLImport`); what it skipped is counted on stderr. Reads no
/// configuration and fetches nothing.
struct ImportOPMLCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "opml", abstract: "Print a YAML sources: list with one feed source per OPML outline.",
        discussion: """
            Nested outlines are flattened; names come from the titles and are made unique. Outlines \
            without an xmlUrl, or whose xmlUrl is not an http or https URL, are skipped and counted on \
            stderr. The output parses as riffle configuration as it is.

            Examples:
              riffle import opml subscriptions.opml > feeds.yaml
              riffle sources --opml > feeds.opml && riffle import opml feeds.opml
            """)

    @Argument(help: "The OPML file.") var file: String

    /// Accepted like every command's; the import reads no configuration.
    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() async throws {
        let shown = UntrustedText.sanitize(file)
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readFile(file, limit: OPMLDocument.maxBytes).bytes
        } catch {
            if error.isTooLarge { throw CLIFailure.other("\(shown): an OPML file over 16 MiB is refused") }
            if error.isNotRegularFile { throw CLIFailure.other("\(shown): not a regular file") }
            let reason = (error.openFailure ?? error.readFailure)?.reason ?? "cannot read it"
            throw CLIFailure.other("cannot read \(shown): \(reason)")
        }
        let document: OPMLDocument
        do {
            document = try OPMLDocument.parse(bytes)
        } catch {
            throw CLIFailure.other("\(shown): \(UntrustedText.sanitize(error.description))")
        }
        let result = OPMLImport.yaml(document, file: file)
        Console.writeOut(result.yaml)
        if document.skipped > 0 {
            Console.writeError(
                "riffle: skipped \(Counted(document.skipped, "outline")) without an xmlUrl")
        }
        if result.notWeb > 0 {
            Console.writeError(
                "riffle: skipped \(Counted(result.notWeb, "outline")) whose xmlUrl is not an "
                    + "http or https URL")
        }
        Console.writeError("riffle: \(Counted(result.sources, "feed source")) from \(shown)")
    }
}
