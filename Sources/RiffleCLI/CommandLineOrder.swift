import ArgumentParser

/// Moves global options that stand before the command to just after it, because the argument parser
/// reads options only where their command declares them.
enum CommandLineOrder {
    /// The words that name a command: each of `Riffle`'s subcommands by its configured name and aliases
    /// (every riffle command names itself in its configuration), and the parser's own `help`.
    static let commands: Set<String> = Set(
        Riffle.configuration.subcommands.flatMap { command in
            [command.configuration.commandName].compactMap { $0 } + command.configuration.aliases
        } + ["help"])

    /// Global options that take a value.
    static let valued: Set<String> = ["--config", "--source"]

    static func normalized(_ arguments: [String]) -> [String] {
        var index = 0
        var leading: [String] = []
        while index < arguments.count {
            let argument = arguments[index]
            if commands.contains(argument) {
                return [argument] + leading + arguments[(index + 1)...]
            }
            guard argument.hasPrefix("-"), argument != "--" else { return arguments }
            leading.append(argument)
            if valued.contains(argument), index + 1 < arguments.count {
                leading.append(arguments[index + 1])
                index += 1
            }
            index += 1
        }
        return arguments
    }
}
