import ArgumentParser
import RiffleCore

/// `riffle` / `riffle read`: the paged line-mode reader (contract section 4).
struct ReadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read", abstract: "Read the merged feed in the terminal, a page at a time.")

    @OptionGroup var global: GlobalOptions

    @Option(help: "Stop after this many items.")
    var limit: Int?

    func run() async throws {
        let session = try await Session.load(global)
        let sources = try session.mergeSources()
        let feed = MergedFeed(sources: sources, options: session.mergeOptions())
        let limit = self.limit
        try await Interruption.run {
            try await feed.run { reader in
                var count = 0
                while limit.map({ count < $0 }) ?? true, let merged = try await reader.next() {
                    count += 1
                    Platform.writeOut(
                        "\(merged.item.time.rfc3339)  \(InertText.line(merged.sourceName))  \(InertText.line(merged.item.title))\n"
                    )
                }
            }
        }
        let failed = feed.statuses.filter { $0.lastError != nil }
        if !failed.isEmpty {
            throw CLIFailure.partial(
                failed.map {
                    "source \(InertText.line($0.name)) failed: \(InertText.line($0.lastError?.message ?? ""))"
                })
        }
    }
}
