/// Every problem found in one configuration (or plugin manifest) file.
///
/// Decoding collects problems rather than stopping at the first, so one run shows them all.
/// `description` is one formatted diagnostic per line.
package struct ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    package var diagnostics: [ConfigDiagnostic]

    package init(diagnostics: [ConfigDiagnostic]) {
        self.diagnostics = diagnostics
    }

    package var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
