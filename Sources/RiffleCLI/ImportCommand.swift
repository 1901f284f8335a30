import ArgumentParser

/// `riffle import`: turns another program's list of subscriptions into riffle sources. One kind so far,
/// `riffle import opml FILE`.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Turn a subscription list into riffle sources (OPML).",
        discussion: """
            Example:
              riffle import opml subscriptions.opml > feeds.yaml && riffle --config feeds.yaml check
            """,
        subcommands: [ImportOPMLCommand.self])

    /// Accepted (and unused) so that global options may stand before the command, as with every command.
    @OptionGroup(title: "Global Options") var global: GlobalOptions
}
