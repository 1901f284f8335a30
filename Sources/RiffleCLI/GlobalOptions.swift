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

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The store file (default: store.path, else $XDG_STATE_HOME/riffle/store.sqlite).", valueName: "path"))
    var store: String?

    @Flag(name: .customLong("no-store"), help: "Neither read nor write the store.")
    var noStore = false

    @Flag(name: .long, help: "No network: read only what the store holds.")
    var offline = false

    /// `--no-store` with `--store` or `--offline` asks for two things at once.
    func validate() throws {
        if noStore, store != nil { throw ValidationError("--no-store and --store cannot be used together") }
        if noStore, offline { throw ValidationError("--offline reads the store; it cannot be used with --no-store") }
    }
}
