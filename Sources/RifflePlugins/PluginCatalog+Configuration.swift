public import RiffleConfig
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
    /// Throws every problem as one `ConfigError` (exit 78): the configuration's, the instantiation's, and,
    /// when the configuration has problems, the plugin files' errors too (a broken manifest explains an
    /// "unknown type"). On success, `problems` holds the plugin files' errors and warnings for the caller
    /// to print (`riffle check` fails on an error; reading only warns).
    public static func loadConfiguration(
        path: String, environment: [String: String], includeStandard: Bool = true,
        describeTimeout: Duration = .seconds(5), describeAll: Bool = false
    ) async throws(ConfigError) -> (configuration: Configuration, catalog: PluginCatalog, problems: [PluginProblem]) {
        let document: ConfigDocument
        do {
            document = try ConfigDocument.read(path: path)
        } catch {
            // Unreadable, or not YAML: the standard plugins' errors still go with the file's.
            let (_, problems) = await discover(
                directories: [], configurationPath: path, environment: environment, includeStandard: includeStandard,
                describeTimeout: describeTimeout, describing: [])
            throw ConfigError(
                diagnostics: problems.filter { $0.severity == .error }.map(\.diagnostic) + error.diagnostics)
        }
        let (catalog, problems) = await discover(
            directories: document.pluginDirectories(environment: environment), configurationPath: path,
            environment: environment, includeStandard: includeStandard, describeTimeout: describeTimeout,
            describing: describeAll ? nil : document.sourceTypes)
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
        let invalid = catalog.validate(configuration.sources)
        guard invalid.isEmpty else { throw ConfigError(diagnostics: invalid) }
        return (configuration, catalog, problems)
    }
}
