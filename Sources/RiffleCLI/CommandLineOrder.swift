import ArgumentParser

/// Moves global options that stand before the command to just after it, because the argument parser
/// reads options only where their command declares them; names the command that is not one.
enum CommandLineOrder {
    /// The words that name a command: each of `Riffle`'s subcommands by its configured name and aliases
    /// (every riffle command names itself in its configuration), and the parser's own `help`.
    static let commands: Set<String> = Set(commandNames + ["help"])

    /// Riffle's commands, in the order `--help` lists them (what a did-you-mean chooses from).
    static let commandNames: [String] = Riffle.configuration.subcommands.flatMap { command in
        [command.configuration.commandName].compactMap { $0 } + command.configuration.aliases
    }

    /// Global options that take a value, as `GlobalOptions` declares them.
    static let valued: Set<String> = GlobalOptionNames.declared.valued

    /// Global options that take none, as `GlobalOptions` declares them.
    static let flags: Set<String> = GlobalOptionNames.declared.flags

    /// Options only the root command answers (help, version, completions): a command line holding one
    /// and no command is the root's.
    static let rootOnly: Set<String> = [
        "-h", "--help", "--help-hidden", "--version", "--generate-completion-script", "--experimental-dump-help",
    ]

    /// The arguments with leading global options moved after the command. Without a command, `read`
    /// (the default) is put first, so that the root command (which declares the global options only so
    /// that `riffle --help` lists them) never takes them from it — unless the line is the root's own
    /// (`--help`, `--version`, completions).
    static func normalized(_ arguments: [String]) -> [String] {
        var index = 0
        var leading: [String] = []
        while index < arguments.count {
            let argument = arguments[index]
            if commands.contains(argument) {
                return [argument] + leading + arguments[(index + 1)...]
            }
            guard argument.hasPrefix("-"), argument != "--" else { break }
            leading.append(argument)
            if valued.contains(argument), index + 1 < arguments.count {
                leading.append(arguments[index + 1])
                index += 1
            }
            index += 1
        }
        let isRootLine = arguments.contains { argument in
            rootOnly.contains(argument) || rootOnly.contains { argument.hasPrefix($0 + "=") }
        }
        guard !arguments.isEmpty, !isRootLine else { return arguments }
        return ["read"] + arguments
    }

    /// The word standing where the command goes (first, or after global options only) that names no
    /// command: `exprot` in `riffle --config c.yaml exprot`. The reader takes no arguments, so such a
    /// word can only be a mistyped command.
    static func unknownCommand(in arguments: [String]) -> String? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if valued.contains(argument) {
                index += 2
            } else if flags.contains(argument) || valued.contains(where: { argument.hasPrefix($0 + "=") }) {
                index += 1
            } else if argument.hasPrefix("-") || commands.contains(argument) {
                return nil
            } else {
                return argument
            }
        }
        return nil
    }
}
