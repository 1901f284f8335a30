package import RiffleConfig

/// Something wrong with a plugin file, found while discovering plugins: formatted like every other
/// configuration problem, `FILE:LINE:COLUMN: key.path: message` (the position when there is one).
package struct PluginProblem: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Severity: Sendable, Hashable {
        /// The plugin is not loaded (`riffle check` fails).
        case error
        /// Worth telling, nothing broken: a plugin hidden by an earlier one of the same type.
        case warning
    }

    package var severity: Severity
    package var diagnostic: ConfigDiagnostic

    init(_ severity: Severity, _ diagnostic: ConfigDiagnostic) {
        self.severity = severity
        self.diagnostic = diagnostic
    }

    init(_ severity: Severity, file: String, _ message: String) {
        self.init(severity, ConfigDiagnostic(file: file, mark: nil, path: "", message: message))
    }

    package var description: String { diagnostic.description }
}
