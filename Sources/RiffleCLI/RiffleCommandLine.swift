import ArgumentParser
import RiffleConfig
internal import RiffleSystem
import RiffleTerminal

/// The entry point: puts global options given before the command after it (so `riffle --config c.yaml
/// export` and `riffle export --config c.yaml` both work), runs the command, and maps every failure to
/// the contract's exit codes (64 usage, 78 configuration, 2 partial, 1 anything else).
package enum RiffleCommandLine {
    /// Runs riffle with the process's arguments, reports how it ended and exits with its code.
    package static func main() async {
        Signal.ignoreBrokenPipes()
        let outcome = await run(Array(CommandLine.arguments.dropFirst()))
        outcome.write()
        await PluginShutdown.run()
        CurrentProcess.exit(outcome.exitCode)
    }

    /// The command the arguments (without the program name) ask for, parsed and validated.
    /// A word where the command goes that names none is a usage error with a did-you-mean.
    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        if let word = CommandLineOrder.unknownCommand(in: arguments) {
            let hint = Suggestion.hint(for: word, among: CommandLineOrder.commandNames)
            throw CLIFailure.usage("unknown command \"\(UntrustedText.sanitize(word))\"\(hint)")
        }
        return try Riffle.parseAsRoot(CommandLineOrder.normalized(arguments))
    }

    /// Parses and runs one command; every way it can end becomes a `RunOutcome`.
    static func run(_ arguments: [String]) async -> RunOutcome {
        do {
            var command = try parse(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return .success
        } catch {
            return RunOutcome(error)
        }
    }
}
