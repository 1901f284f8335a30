import ArgumentParser

/// Options every command accepts, before or after the command name.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The configuration file.", valueName: "path"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("Only this source (repeatable).", valueName: "name"))
    var source: [String] = []

    @Flag(name: .customLong("no-color"), help: "No colour (also NO_COLOR).")
    var noColor = false

    @Flag(name: [.short, .long], help: "Log each request on stderr, secrets masked.")
    var verbose = false
}
