import ArgumentParser
internal import RiffleSystem

/// `riffle plugins`: every adapter type, built-in or from a plugin directory, with where it came from.
struct PluginsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugins", abstract: "List every adapter type: built-in and from plugin directories.",
        discussion: """
            Example:
              riffle plugins
            """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() async throws {
        let environment = Environment.all()
        let (lines, problems) = await PluginSupport.listing(configFlag: global.config, environment: environment)
        for line in lines { Console.writeOut(line + "\n") }
        for problem in problems {
            Console.writeError("riffle: \(problem.severity == .error ? "" : "warning: ")\(problem.diagnostic)")
        }
    }
}
