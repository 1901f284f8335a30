internal import CLibYAML

/// The libyaml riffle runs with: its version from `yaml_get_version_string`, for `riffle --version`.
/// Lives here because only RiffleConfig imports libyaml.
package struct LibYAMLVersion: Sendable, Hashable, CustomStringConvertible {
    /// libyaml's version, such as `0.2.5`.
    var version: String

    init(version: String) {
        self.version = version
    }

    /// The loaded library's version; `nil` only if libyaml reports none.
    package static var current: LibYAMLVersion? {
        guard let text = yaml_get_version_string() else { return nil }
        return LibYAMLVersion(version: String(cString: text))
    }

    /// `libyaml/0.2.5`.
    package var description: String { "libyaml/\(version)" }
}
