internal import RiffleSystem

/// The repository's shipped plugins over riffle-sandbox, as configuration YAML: the `github-issues.yaml`
/// manifest over the generic GraphQL API and the `rest-events.py` executable over the REST API. The
/// retry tests and the `faults` benchmark read both plugin kinds from here; a config using them names
/// the repository's `plugins/` directory under `plugins:`.
package enum SandboxPluginSource: String, CaseIterable, Sendable {
    case manifest = "manifest github-issues.yaml (acme/ground over /graphql)"
    case executable = "executable rest-events.py (acme/rocket over /rest)"

    /// The YAML of one source named `name`, indented as an element of `sources:`. The manifest's
    /// `token` is the sandbox's default token, which its required param asks for.
    package func yaml(name: String, sandbox url: String) -> String {
        switch self {
        case .manifest:
            "  - {name: \(name), type: github-issues, owner: acme, repo: ground, token: sandbox-token, "
                + "endpoint: \"\(url)/graphql\"}\n"
        case .executable:
            "  - {name: \(name), type: rest-events, base_url: \"\(url)/rest\", owner: acme, repo: rocket}\n"
        }
    }

    /// Whether python3, which the executable plugin runs on, is installed.
    package static var python3Installed: Bool {
        ["/usr/bin/python3", "/bin/python3", "/usr/local/bin/python3"].contains(where: FileSystem.isExecutableFile)
    }
}
