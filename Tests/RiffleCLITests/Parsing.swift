import ArgumentParser
import Testing

@testable import RiffleCLI

/// Parses a command line in-process, as `riffle` would (global options moved after the command).
func parse<Command: ParsableCommand>(_ arguments: [String], as type: Command.Type) throws -> Command {
    let command = try RiffleCommandLine.parse(arguments)
    return try #require(command as? Command, "parsed as \(Swift.type(of: command))")
}

/// How `riffle` would end for a command line that fails to parse or validate.
func outcome(_ arguments: [String]) -> RunOutcome {
    do {
        let command = try RiffleCommandLine.parse(arguments)
        Issue.record("parsed as \(type(of: command)), expected an error")
        return .success
    } catch {
        return RunOutcome(error)
    }
}
