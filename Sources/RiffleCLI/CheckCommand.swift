import ArgumentParser
import RiffleConfig
import RifflePlugins
internal import RiffleSystem
import RiffleTerminal

/// `riffle check`: validates the configuration and every plugin manifest without fetching anything. Of the
/// executable plugins, only those whose type a configured source uses are run (with `--describe`): checking
/// a configuration must not run code that the configuration does not choose.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Validate the configuration and plugin manifests; fetch nothing.",
        discussion: """
            Example:
              riffle --config ~/work/riffle.yaml check
            """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() async throws {
        let environment = Environment.all()
        let (configuration, catalog, found) = try await Session.loadConfiguration(global, environment: environment)
        Session.printWarnings(configuration, found.filter { $0.severity == .warning })
        let sources = try Session.choose(global.source, from: configuration.sources)
        let problems =
            found.filter { $0.severity == .error }.map(\.diagnostic.description)
            + catalog.validate(sources).map(\.description)
        for source in sources {
            Console.writeOut(
                "ok  \(UntrustedText.sanitize(source.name))  \(source.type)  \(UntrustedText.sanitize(source.host))  page_size \(source.pageSize)\n"
            )
        }
        if !problems.isEmpty { throw CLIFailure.configuration(problems) }
        Console.writeOut("\(UntrustedText.sanitize(configuration.path)): \(sources.count) sources, valid\n")
    }
}
