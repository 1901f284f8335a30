/// What decoding needs to know about one plugin type: its params and the file that defines it.
///
/// Built by whoever loads plugins (from a manifest with `PluginManifest.typeInfo`, or from an executable's
/// `--describe`) and passed to `Configuration.load` as the catalogue of known plugin types.
public struct PluginTypeInfo: Sendable, Hashable {
    var file: String
    public var description: String?
    public var params: [String: PluginParam]

    public init(file: String, description: String? = nil, params: [String: PluginParam] = [:]) {
        self.file = file
        self.description = description
        self.params = params
    }
}

/// One param a plugin declares.
public struct PluginParam: Sendable, Hashable {
    public var required: Bool
    public var defaultValue: String?
    public var description: String?

    public init(required: Bool = false, defaultValue: String? = nil, description: String? = nil) {
        self.required = required
        self.defaultValue = defaultValue
        self.description = description
    }
}
