import ArgumentParser
import RiffleConfig

/// `riffle check`: validates the configuration and every plugin manifest without fetching anything.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Validate the configuration and plugin manifests; fetch nothing.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let environment = Platform.environment()
        let configuration = try Session.loadConfiguration(global, environment: environment)
        for warning in configuration.warnings { Platform.writeError("riffle: warning: \(warning)") }
        let sources = try Session.choose(global.source, from: configuration.sources)
        let problems = PluginSupport.manifestProblems(configPath: configuration.path, environment: environment)
        for source in sources {
            Platform.writeOut(
                "ok  \(InertText.line(source.name))  \(source.type)  \(InertText.line(source.host))  page_size \(source.pageSize)\n"
            )
        }
        if !problems.isEmpty { throw CLIFailure.configuration(problems) }
        Platform.writeOut("\(InertText.line(configuration.path)): \(sources.count) sources, valid\n")
    }
}
