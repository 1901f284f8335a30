/// Every problem found in one configuration (or plugin manifest) file.
///
/// Decoding collects problems rather than stopping at the first, so one run shows them all.
/// `description` is one formatted diagnostic per line.
public struct ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    public var diagnostics: [ConfigDiagnostic]

    public init(diagnostics: [ConfigDiagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
