import ArgumentParser
import RiffleCore
import RiffleTerminal

/// `riffle` / `riffle read`: the paged line-mode reader (contract section 4). When stdout is not a
/// terminal it prints the feed as plain lines, honouring `--limit`.
struct ReadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read", abstract: "Read the merged feed in the terminal, a page at a time.",
        discussion: """
            Keys: Enter or Space next page, b previous, g first (and new items), n next unread, u unread \
            only, /text filter, f NAME only these sources, l sources (N open one, m N mark it read, r N \
            retry it), v N item N in full, o N open item N, r refresh, A mark all read, s status, ? help, \
            q quit. Into a pipe, prints every item as one plain line.

            Examples:
              riffle
              riffle --source gitlab read --limit 40 | less
            """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    @OptionGroup var items: LimitOption

    func run() async throws {
        let session = try await Session.load(global)
        let storeFirst = StoreFirst(session: session)
        let sources = try storeFirst?.sources() ?? session.mergeSources(limit: items.limit)
        let reader = session.configuration.reader
        let color = ColorChoice.resolveForProcess(noColorFlag: global.noColor)
        let settings = ReaderOptions(
            lines: reader.lines, prefetchPages: reader.prefetch, color: color,
            links: color.hyperlinksForProcess(configured: reader.links), limit: items.limit,
            unreadOnly: reader.unreadOnly, sourceTypes: session.sources.map(\.type))
        let outcome: ReaderOutcome
        do {
            outcome = try await FeedReaderUI(
                sources: sources, options: MergeOptions(), settings: settings,
                readMarks: storeFirst?.readMarks ?? SessionReadMarks(), sourceFacts: storeFirst?.sourceFacts,
                backgroundRefresh: try storeFirst?.backgroundRefresh()
            ).run()
        } catch {
            throw CLIFailure.other("the reader stopped: \(error)")
        }
        await session.finishStoreWrites()
        if outcome.interrupted { throw CLIFailure(lines: [], exitCode: 130) }
        if outcome.anySourceFailed {
            throw CLIFailure.sourcesFailed(
                outcome.failedSources.map { ($0.name, $0.message) }, offline: session.offline)
        }
    }
}
