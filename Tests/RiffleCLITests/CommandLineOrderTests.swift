import ArgumentParser
import Testing

@testable import RiffleCLI

/// Global options before or after the command, and the command list they are moved past.
@Suite struct CommandLineOrderTests {
    @Test func theCommandListComesFromRifflesConfiguration() {
        let subcommands = Riffle.configuration.subcommands
        #expect(subcommands.allSatisfy { $0.configuration.commandName != nil }, "every command names itself")
        #expect(CommandLineOrder.commands == ["read", "export", "sources", "plugins", "check", "help"])
        #expect(CommandLineOrder.commands.count == subcommands.count + 1)
    }

    @Test func everyValuedGlobalOptionTakesAValue() throws {
        for name in CommandLineOrder.valued {
            #expect(throws: (any Error).self, "\(name) without a value") { try GlobalOptions.parse([name]) }
            _ = try GlobalOptions.parse([name, "x"])
        }
        for flag in ["--no-color", "--verbose", "-v"] {
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
                "--config", "c.yaml", "--limit", "7",
            ])
        #expect(CommandLineOrder.normalized(["--", "export"]) == ["--", "export"])
        #expect(CommandLineOrder.normalized([]) == [])
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

    @Test func everyCommandParsesWithGlobalOptionsFirst() throws {
        _ = try parse(["--config", "c.yaml", "read"], as: ReadCommand.self)
        _ = try parse(["--config", "c.yaml", "sources", "--json"], as: SourcesCommand.self)
        _ = try parse(["--config", "c.yaml", "plugins"], as: PluginsCommand.self)
        _ = try parse(["--config", "c.yaml", "check"], as: CheckCommand.self)
    }
}
