import ArgumentParser

/// `riffle`: the commands of contract section 1. With no command, the reader.
struct Riffle: AsyncParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "riffle",
        abstract: "Riffle many paginated sources into one feed, newest first.",
        discussion: """
            Reads the sources in the configuration (--config PATH, else $RIFFLE_CONFIG, else \
            $XDG_CONFIG_HOME/riffle/config.yaml) and merges them, newest first. `riffle init` writes a \
            starter configuration. Global options work before or after the command.

            Examples:
              riffle init                        write ~/.config/riffle/config.yaml
              riffle                             read the merged feed, a page at a time
              riffle export --since 7d           the last week as JSON
              riffle --source gitlab sources     probe one source's first page
              riffle import opml subs.opml       feed sources from a subscription list
              riffle serve                       the merged feed over HTTP, kept fresh

            Exit codes: 0 done, 2 partial (a source failed), 64 usage, 78 configuration, \
            130 interrupted, 1 other.
            Completions: riffle --generate-completion-script bash|zsh|fish
            """,
        version: VersionReport.line,
        subcommands: [
            ReadCommand.self, ExportCommand.self, SourcesCommand.self, PluginsCommand.self, CheckCommand.self,
            InitCommand.self, ImportCommand.self, ServeCommand.self,
        ],
        defaultSubcommand: ReadCommand.self)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
}
