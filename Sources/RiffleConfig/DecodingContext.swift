/// The state of one decoding pass over one file: problems found, secrets seen, literal tokens noted.
///
/// A reference type because every reader and helper of one pass adds to the same record; it never
/// leaves the pass (and the thread) that created it.
final class DecodingContext {
    var diagnostics: Diagnostics
    let environment: [String: String]
    /// A plugin's params when instantiating its manifest; `nil` leaves `${param.…}` in place.
    let params: [String: String]?
    /// Validating a manifest: values that still hold `${param.…}` are not checked (they are not known yet).
    let defersPlaceholders: Bool
    /// Non-empty values read from the environment into secret positions (`SecretPosition`).
    var secrets: Set<String> = []
    /// Key paths of tokens written literally in the file (for the permission warning).
    var literalTokens: [String] = []
    /// Whether an unknown param of a plugin type names the file that defines the type.
    var namesPluginFiles = false
    /// Types that a plugin file would define but cannot (not executable, unreadable), with why.
    var unavailablePluginTypes: [String: String] = [:]

    init(file: String, environment: [String: String], params: [String: String]? = nil, defersPlaceholders: Bool = false)
    {
        self.diagnostics = Diagnostics(file: file)
        self.environment = environment
        self.params = params
        self.defersPlaceholders = defersPlaceholders
    }

    var file: String { diagnostics.file }

    func error(_ message: String, at mark: Mark?, _ path: ConfigPath) {
        diagnostics.add(message, at: mark, path: path)
    }

    /// The text of a scalar after substitution; `nil` when it is not a scalar or cannot be substituted
    /// (reported), or when it waits for plugin params (not reported). `noun` is made only for a message
    /// (a `choice` joins its options for it).
    func scalar(_ node: YAMLNode, _ path: ConfigPath, expecting noun: @autoclosure () -> String) -> ScalarValue? {
        guard let scalar = node.scalar, !node.isNull else {
            error("expected \(noun()), got \(node.kindDescription)", at: node.mark, path)
            return nil
        }
        let substituted: Substitution
        if !node.hasDollar {
            // What `substitute` gives a text without `$`, asked of the tree rather than searched for.
            substituted = Substitution(text: scalar.value)
        } else {
            do {
                substituted = try Substitution.substitute(scalar.value, environment: environment, params: params)
            } catch {
                self.error(error.message, at: node.mark, path)
                return nil
            }
        }
        // Only a value that took something from the environment can add a secret: the path is rendered
        // and classified for those alone (doing it for every scalar cost 60% of parsing a large file).
        if !substituted.secrets.isEmpty, SecretPosition.isSecret(path: path.description) {
            secrets.formUnion(substituted.secrets)
        }
        if substituted.hasPlaceholders && defersPlaceholders { return nil }
        return ScalarValue(text: substituted.text, style: scalar.style, mark: node.mark, origins: substituted.origins)
    }
}

/// A scalar's text after substitution, with where it is and where its value came from. Not its key
/// path: every value read made one, and the one message that needs it (a repeated source name) makes it.
struct ScalarValue {
    var text: String
    var style: YAMLScalarStyle
    var mark: Mark
    /// Variables (`VAR`, `param.NAME`) whose values are in `text`.
    var origins: [String]

    /// True when no part of the value came from outside the file.
    var isLiteral: Bool { origins.isEmpty }

    /// The value for a message: quoted when it was written in the file, otherwise only its origin,
    /// because a value from the environment may be a secret.
    var display: String {
        if origins.isEmpty { return Quote.text(text) }
        return "(value from \(origins.map { "${\($0)}" }.joined(separator: ", ")))"
    }
}
