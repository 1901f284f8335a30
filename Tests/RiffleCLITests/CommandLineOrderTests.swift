import ArgumentParser
import Testing

@testable import RiffleCLI

/// Global options before or after the command, and the command list they are moved past.
@Suite struct CommandLineOrderTests {
    @Test func theCommandListComesFromRifflesConfiguration() {
        let subcommands = Riffle.configuration.subcommands
        #expect(subcommands.allSatisfy { $0.configuration.commandName != nil }, "every command names itself")
        #expect(
            CommandLineOrder.commands == [
                "read", "export", "sources", "plugins", "check", "init", "import", "serve", "help",
            ])
        #expect(
            CommandLineOrder.commandNames == [
                "read", "export", "sources", "plugins", "check", "init", "import", "serve",
            ])
        #expect(CommandLineOrder.commands.count == subcommands.count + 1)
    }

    @Test func everyValuedGlobalOptionTakesAValue() throws {
        for name in CommandLineOrder.valued {
            #expect(throws: (any Error).self, "\(name) without a value") { try GlobalOptions.parse([name]) }
            _ = try GlobalOptions.parse([name, "x"])
        }
        for flag in CommandLineOrder.flags {
            _ = try GlobalOptions.parse([flag])
        }
    }

    @Test func leadingGlobalOptionsMoveAfterTheCommand() {
        #expect(
            CommandLineOrder.normalized(["--config", "c.yaml", "-v", "export", "--limit", "1"])
                == ["export", "--config", "c.yaml", "-v", "--limit", "1"])
        #expect(CommandLineOrder.normalized(["--source", "export", "sources"]) == ["sources", "--source", "export"])
        #expect(CommandLineOrder.normalized(["export", "--config", "c.yaml"]) == ["export", "--config", "c.yaml"])
        #expect(
            CommandLineOrder.normalized(["--config", "c.yaml", "--limit", "7"]) == [
                "read", "--config", "c.yaml", "--limit", "7",
            ])
        #expect(CommandLineOrder.normalized(["--", "export"]) == ["read", "--", "export"])
        #expect(CommandLineOrder.normalized([]) == [])
    }

    @Test func theRootKeepsItsOwnLines() {
        for line in [
            ["--help"], ["-h"], ["--version"], ["--config", "c.yaml", "--help"],
            ["--generate-completion-script", "bash"], ["--generate-completion-script=zsh"],
            ["--experimental-dump-help"],
        ] {
            #expect(CommandLineOrder.normalized(line) == line)
        }
    }

    @Test func aWordWhereTheCommandGoesThatNamesNoneIsAnUnknownCommand() {
        #expect(CommandLineOrder.unknownCommand(in: ["exprot"]) == "exprot")
        #expect(CommandLineOrder.unknownCommand(in: ["--config", "c.yaml", "-v", "--no-color", "sorces"]) == "sorces")
        #expect(CommandLineOrder.unknownCommand(in: ["--config=c.yaml", "x"]) == "x")
        #expect(
            CommandLineOrder.unknownCommand(in: ["--source", "export", "sources"]) == nil, "a value, then a command")
        #expect(CommandLineOrder.unknownCommand(in: ["export", "x"]) == nil, "the command's own to reject")
        #expect(CommandLineOrder.unknownCommand(in: ["--limit", "5"]) == nil, "an option's value")
        #expect(CommandLineOrder.unknownCommand(in: ["help", "export"]) == nil)
        #expect(CommandLineOrder.unknownCommand(in: []) == nil)
    }

    @Test func aMistypedCommandIsAUsageErrorWithASuggestion() {
        #expect(
            outcome(["exprot"])
                == RunOutcome(
                    output: "", errorLines: ["riffle: unknown command \"exprot\"; did you mean \"export\"?"],
                    exitCode: 64))
        #expect(
            outcome(["\u{1B}[31m"]).errorLines == [
                "riffle: unknown command \"^[[31m\" (expected one of read, export, sources, plugins, check, init, "
                    + "import, serve)"
            ], "made inert")
    }

    @Test func theRootDeclaresTheGlobalOptionsOnlyForHelp() throws {
        let help = Riffle.helpMessage(columns: 100)
        #expect(help.contains("GLOBAL OPTIONS:\n  --config <path>"))
        _ = try parse(["--config", "c.yaml", "-v"], as: ReadCommand.self)
    }

    @Test(arguments: [
        ["--config", "c.yaml", "--source", "a", "--source", "b", "--no-color", "-v", "export"],
        ["export", "--config", "c.yaml", "--source", "a", "--source", "b", "--no-color", "-v"],
        ["--config", "c.yaml", "--no-color", "export", "--source", "a", "--verbose", "--source", "b"],
    ])
    func globalOptionsWorkBeforeOrAfterTheCommand(arguments: [String]) throws {
        let global = try parse(arguments, as: ExportCommand.self).global
        #expect(global.config == "c.yaml")
        #expect(global.source == ["a", "b"])
        #expect(global.noColor && global.verbose)
    }

    @Test func withoutACommandRiffleReads() throws {
        _ = try parse([], as: ReadCommand.self)
        let read = try parse(["--config", "c.yaml", "--limit", "7"], as: ReadCommand.self)
        #expect(read.global.config == "c.yaml" && read.items.limit == 7)
    }

    @Test func theGlobalOptionTableIsReadFromTheirDefinitions() {
        let declared = GlobalOptionNames.declared
        #expect(declared.valued == ["--config", "--source", "--store"])
        #expect(declared.flags == ["--no-color", "-v", "--verbose", "--no-store", "--offline"])
        let properties = Mirror(reflecting: GlobalOptions()).children.count
        #expect(declared.all.count == properties + 1, "one name each, and -v beside --verbose")
    }

    /// Every command line a command takes at its simplest, with the type it parses as.
    static let commandLines: [(words: [String], type: any ParsableCommand.Type)] = [
        (["read"], ReadCommand.self), (["export"], ExportCommand.self), (["sources"], SourcesCommand.self),
        (["plugins"], PluginsCommand.self), (["check"], CheckCommand.self), (["init"], InitCommand.self),
        (["import", "opml", "f.opml"], ImportOPMLCommand.self), (["serve"], ServeCommand.self),
    ]

    @Test func everyGlobalOptionWorksBeforeAndAfterEveryCommand() throws {
        #expect(
            Set(Self.commandLines.compactMap { $0.words.first }) == Set(CommandLineOrder.commandNames),
            "every command is here")
        let declared = GlobalOptionNames.declared
        for option in declared.all.sorted() {
            let words = declared.valued.contains(option) ? [option, "value"] : [option]
            let expected = String(describing: try GlobalOptions.parse(words))
            for line in Self.commandLines {
                for arguments in [words + line.words, line.words + words] {
                    let command = try RiffleCommandLine.parse(arguments)
                    #expect(type(of: command) == line.type, "\(arguments)")
                    let group = Mirror(reflecting: command).descendant("_global") as? OptionGroup<GlobalOptions>
                    let global = try #require(group, "\(line.type) declares the global options").wrappedValue
                    #expect(String(describing: global) == expected, "\(arguments) sets \(option)")
                }
            }
        }
    }

    @Test func everyCommandParsesWithGlobalOptionsFirst() throws {
        _ = try parse(["--config", "c.yaml", "read"], as: ReadCommand.self)
        _ = try parse(["--config", "c.yaml", "sources", "--json"], as: SourcesCommand.self)
        _ = try parse(["--config", "c.yaml", "plugins"], as: PluginsCommand.self)
        _ = try parse(["--config", "c.yaml", "check"], as: CheckCommand.self)
        _ = try parse(["--config", "c.yaml", "init"], as: InitCommand.self)
    }
}
