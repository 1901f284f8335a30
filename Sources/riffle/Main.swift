import ArgumentParser
internal import RiffleSystem

/// The entry point: puts global options given before the command after it (so `riffle --config c.yaml
/// export` and `riffle export --config c.yaml` both work), runs the command, and maps every failure to
/// the contract's exit codes (64 usage, 78 configuration, 2 partial, 1 anything else).
@main
enum Main {
    static func main() async {
        Signal.ignoreBrokenPipes()
        let arguments = CommandLineOrder.normalized(Array(CommandLine.arguments.dropFirst()))
        let code: Int32
        do {
            var command = try Riffle.parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            code = 0
        } catch let failure as CLIFailure {
            failure.report()
            code = failure.exitCode
        } catch let exit as ExitCode {
            code = exit.rawValue
        } catch {
            let message = Riffle.fullMessage(for: error)
            let exitCode = Riffle.exitCode(for: error).rawValue
            if exitCode == 0 {
                Console.writeOut(message + "\n")
            } else if !message.isEmpty {
                for line in message.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
                    Console.writeError(exitCode == 64 && line.hasPrefix("Usage:") ? String(line) : "riffle: \(line)")
                }
            }
            code = exitCode
        }
        await PluginShutdown.run()
        CurrentProcess.exit(code)
    }
}
