package import RiffleConfig
import RiffleCore
import RiffleSources
internal import RiffleSystem

extension PluginCatalog {
    /// Loads the configuration together with the plugins it may use: the file is read and parsed once,
    /// the standard directories (beside the file, then XDG's) and the configuration's own `plugins:`
    /// directories are searched, then the file is decoded against that catalogue and every manifest-typed
    /// source is instantiated (without fetching).
    ///
    /// Only the executables whose type a source of the file names are described (run with `--describe`),
    /// or every one with `describeAll` (`riffle plugins`); a file that cannot be read or parsed runs none.
    /// A source whose type only an unusable file defines (not executable, unreadable) is told why.
    ///
    /// A `plugins:` directory that does not exist is an error at its entry (`missingPluginDirectories`). A
    /// plugin whose `--describe` fails is not: its type stays, and only its sources fail, with why.
    ///
    /// Throws every problem as one `ConfigError` (exit 78): the configuration's, the instantiation's, and,
    /// when the configuration has problems, the plugin files' errors too (a broken manifest explains an
    /// "unknown type"). On success, `problems` holds the plugin files' errors and warnings for the caller
    /// to print (`riffle check` fails on an error; reading only warns).
    ///
    /// `--describe` answers are kept in `describeCache` (the user's cache directory unless given), so an
    /// unchanged plugin is not run again; `describeTimeout` applies unless the file gives
    /// `defaults.describe_timeout`.
    package static func loadConfiguration(
        path: String, environment: [String: String], includeStandard: Bool = true,
        describeTimeout: Duration = .seconds(5), describeAll: Bool = false
    ) async throws(ConfigError) -> (configuration: Configuration, catalog: PluginCatalog, problems: [PluginProblem]) {
        try await loadConfiguration(
            path: path, environment: environment, includeStandard: includeStandard, describeTimeout: describeTimeout,
            describeAll: describeAll, describeCache: DescribeCache.standard(environment: environment))
    }

    /// `loadConfiguration(path:environment:includeStandard:describeTimeout:describeAll:)` with the cache given.
    package static func loadConfiguration(
        path: String, environment: [String: String], includeStandard: Bool = true,
        describeTimeout: Duration = .seconds(5), describeAll: Bool = false, describeCache: DescribeCache?
    ) async throws(ConfigError) -> (configuration: Configuration, catalog: PluginCatalog, problems: [PluginProblem]) {
        let document: ConfigDocument
        do {
            document = try ConfigDocument.read(path: path)
        } catch {
            // Unreadable, or not YAML: the standard plugins' errors still go with the file's.
            let (_, problems) = await discover(
                directories: [], configurationPath: path, environment: environment, includeStandard: includeStandard,
                describeTimeout: describeTimeout, describing: [], describeCache: describeCache)
            throw ConfigError(
                diagnostics: problems.filter { $0.severity == .error }.map(\.diagnostic) + error.diagnostics)
        }
        let missing = document.missingPluginDirectories(environment: environment)
        let (catalog, problems) = await discover(
            directories: document.pluginDirectories(environment: environment), configurationPath: path,
            environment: environment, includeStandard: includeStandard,
            describeTimeout: document.describeTimeout(environment: environment) ?? describeTimeout,
            describing: describeAll ? nil : document.sourceTypes, describeCache: describeCache)
        let configuration: Configuration
        do {
            configuration = try document.decode(
                environment: environment, adapters: BuiltInAdapters.all, plugins: catalog.types,
                unavailable: catalog.unavailableTypes,
                namingPluginFiles: true)
        } catch {
            let pluginErrors = problems.filter { $0.severity == .error }.map(\.diagnostic)
            throw ConfigError(diagnostics: pluginErrors + error.diagnostics)
        }
        let invalid = missing + catalog.validate(configuration.sources)
        guard invalid.isEmpty else { throw ConfigError(diagnostics: invalid) }
        return (configuration, catalog, problems)
    }
}
