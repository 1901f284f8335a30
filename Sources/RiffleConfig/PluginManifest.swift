/// A manifest plugin, `NAME.yaml`: a type `NAME` defined on top of the generic adapter.
///
/// Decoding checks the structure with positions (`description`, `params`, `source` and the generic
/// adapter's keys under it) while leaving `${param.NAME}` in place; `instantiate` substitutes a source's
/// params and decodes the result into `GraphQLSettings`.
package struct PluginManifest: Sendable, Hashable {
    /// The type name: the file name without `.yaml`/`.yml`.
    package var type: String
    var file: String
    var description: String?
    package var params: [String: PluginParam]
    /// The `source:` mapping, placeholders and all.
    package var source: YAMLNode

    init(type: String, file: String, description: String?, params: [String: PluginParam], source: YAMLNode) {
        self.type = type
        self.file = file
        self.description = description
        self.params = params
        self.source = source
    }

    /// What `Configuration.load` needs to check sources of this type.
    package var typeInfo: PluginTypeInfo {
        PluginTypeInfo(file: file, description: description, params: params)
    }

    /// The type a manifest file defines: `plugins/github-issues.yaml` → `github-issues`.
    package static func typeName(ofFile file: String) -> String {
        var name = Substring(file)
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        for suffix in [".yaml", ".yml"] where name.hasSuffix(suffix) {
            name = name.dropLast(suffix.count)
            break
        }
        return String(name)
    }
}
