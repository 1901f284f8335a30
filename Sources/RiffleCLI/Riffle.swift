import ArgumentParser

/// `riffle`: the commands of contract section 1. With no command, the reader.
struct Riffle: AsyncParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "riffle",
        abstract: "Riffle many paginated sources into one feed, newest first.",
        discussion: """
            Reads the sources in the configuration (--config, $RIFFLE_CONFIG, ./config.yaml, \
            $XDG_CONFIG_HOME/riffle/config.yaml) and merges them, newest first.
            Exit codes: 0 done, 2 partial (a source failed), 64 usage, 78 configuration, 1 other.
            """,
        version: version,
        subcommands: [
            ReadCommand.self, ExportCommand.self, SourcesCommand.self, PluginsCommand.self, CheckCommand.self,
        ],
        defaultSubcommand: ReadCommand.self)
}
