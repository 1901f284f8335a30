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

    /// The configuration, decoded against the plugins found, and problems found in plugin files.
    static func loadConfiguration(
        _ options: GlobalOptions, environment: [String: String], describeAll: Bool = false
    ) async throws -> (Configuration, PluginCatalog, [PluginProblem]) {
        guard let location = ConfigLocator.resolve(flag: options.config, environment: environment),
            location.origin != .xdg || ConfigLocator.fileExists(location.path)
        else {
            throw CLIFailure.configuration([
                "no configuration found: pass --config FILE, set RIFFLE_CONFIG, or create ./config.yaml "
                    + "or $XDG_CONFIG_HOME/riffle/config.yaml"
            ])
        }
        do {
            return try await PluginCatalog.loadConfiguration(
                path: location.path, environment: environment, describeAll: describeAll)
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
                source, client: client, since: since, plugins: catalog.makeSource(client: client))
            return SourceFactory.mergeSource(source, pageable: pageable)
        }
    }

}

extension SourceSettings {
    /// The host a source talks to, for listings.
    var host: String {
        switch kind {
        case .gitlab(let settings): return HTTPURL.authority(of: settings.url)
        case .spacex(let settings): return HTTPURL.authority(of: settings.url)
        case .graphql(let settings): return HTTPURL.authority(of: settings.endpoint)
        case .plugin(let settings):
            for key in ["endpoint", "url", "base_url"] {
                if let value = settings.params[key], !value.isEmpty { return HTTPURL.authority(of: value) }
            }
            return "-"
        }
    }

    /// Tokens written literally in the configuration (not from the environment): masked in logs too.
    var literalSecrets: [String] {
        switch kind {
        case .gitlab(let settings): return settings.token.map { [$0] } ?? []
        case .graphql(let settings):
            return settings.headers.filter {
                ["authorization", "private-token", "cookie"].contains($0.name.lowercased())
            }
            .map(\.value)
        case .plugin(let settings):
            return settings.params.filter { $0.key.lowercased().contains("token") && !$0.value.isEmpty }.map(\.value)
        case .spacex: return []
        }
    }
}
