import RiffleSources

@testable import RiffleConfig

/// The formatted diagnostics for `text`, or `[]` when it decodes cleanly.
func problems(
    _ text: String, environment: [String: String] = [:], plugins: [String: PluginTypeInfo] = [:],
    limits: ParseLimits = .standard
) -> [String] {
    problems(bytes: Array(text.utf8), environment: environment, plugins: plugins, limits: limits)
}

func problems(
    bytes: [UInt8], environment: [String: String] = [:], plugins: [String: PluginTypeInfo] = [:],
    limits: ParseLimits = .standard
) -> [String] {
    do {
        _ = try Configuration.parse(
            bytes: bytes, file: "config.yaml", environment: environment, adapters: BuiltInAdapters.all,
            plugins: plugins, limits: limits)
        return []
    } catch {
        return error.diagnostics.map(\.description)
    }
}

/// A one-source config around `body` (the source's keys, indented by four spaces).
func gitlabSource(_ body: String) -> String {
    "sources:\n  - name: a\n    type: gitlab\n" + body
}
