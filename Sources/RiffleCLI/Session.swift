import RiffleConfig
import RiffleCore
import RiffleHTTP
import RifflePlugins
import RiffleSources
internal import RiffleSystem
import RiffleTerminal

/// What every command that reads sources needs: the configuration, the HTTP client, and the sources
/// chosen with `--source`. Loading it is where configuration errors (exit 78) and unknown source names
/// (exit 64) are reported.
struct Session {
    let configuration: Configuration
    let catalog: PluginCatalog
    let client: HTTPClient
    /// The chosen sources, in configuration order.
    let sources: [SourceSettings]
    let environment: [String: String]
    /// What feed sources remember between requests (validators, kept pages, first-seen times): for this
    /// process only, until a store provides it across runs.
    let memory: any DocumentMemory = InMemoryDocumentMemory()

    static func load(_ options: GlobalOptions) async throws -> Session {
        let environment = Environment.all()
        let (configuration, catalog, problems) = try await loadConfiguration(options, environment: environment)
        for warning in configuration.warnings { Console.writeError("riffle: warning: \(warning)") }
        for problem in problems { Console.writeError("riffle: warning: \(problem.diagnostic)") }
        let sources = try choose(options.source, from: configuration.sources)
        var httpConfiguration = HTTPClient.Configuration(version: Riffle.version)
        httpConfiguration.secrets =
            Array(configuration.secrets) + sources.flatMap(\.literalSecrets) + catalog.secrets(for: sources)
        if options.verbose {
            httpConfiguration.log = { line in Console.writeError("riffle: \(UntrustedText.sanitize(line))") }
        }
        let client: HTTPClient
        do {
            client = try HTTPClient(configuration: httpConfiguration)
        } catch {
            throw CLIFailure.other("cannot start the HTTP client: \(error)")
        }
        return Session(
            configuration: configuration, catalog: catalog, client: client, sources: sources, environment: environment)
    }

    /// The configuration, decoded against the plugins found, and problems found in plugin files. Only the
    /// executable plugins whose type a configured source uses are started (to learn their params).
    static func loadConfiguration(
        _ options: GlobalOptions, environment: [String: String]
    ) async throws -> (Configuration, PluginCatalog, [PluginProblem]) {
        let location: ConfigLocator.Location
        do {
            location = try ConfigLocator.resolve(flag: options.config, environment: environment)
        } catch {
            throw CLIFailure.configuration([error.description])
        }
        do {
            return try await PluginCatalog.loadConfiguration(path: location.path, environment: environment)
        } catch {
            throw CLIFailure.configuration(error.diagnostics.map(\.description))
        }
    }

    /// The sources named with `--source`, or all; an unknown name is a usage error with a suggestion.
    static func choose(_ names: [String], from sources: [SourceSettings]) throws -> [SourceSettings] {
        guard !names.isEmpty else { return sources }
        let known = Set(sources.map(\.name))
        for name in names where !known.contains(name) {
            let hint = Suggestion.hint(for: name, among: sources.map(\.name))
            throw CLIFailure.usage(
                "--source \(UntrustedText.sanitize(name)): no such source\(UntrustedText.sanitize(hint))")
        }
        let wanted = Set(names)
        return sources.filter { wanted.contains($0.name) }
    }

    /// The merge sources for the chosen sources.
    func mergeSources(since: Timestamp? = nil) throws -> [MergeSource] {
        try sources.map { source in
            let pageable = try SourceFactory.make(
                source, context: AdapterContext(client: client, since: since, memory: memory),
                plugins: catalog.makeSource(client: client))
            return SourceFactory.mergeSource(source, pageable: pageable, log: client.configuration.log)
        }
    }
}
