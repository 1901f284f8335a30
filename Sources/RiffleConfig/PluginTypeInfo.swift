/// What decoding needs to know about one plugin type: its params and the file that defines it.
///
/// Built by whoever loads plugins (from a manifest with `PluginManifest.typeInfo`, or from an executable's
/// `--describe`) and passed to `Configuration.load` as the catalogue of known plugin types.
package struct PluginTypeInfo: Sendable, Hashable {
    var file: String
    package var description: String?
    package var params: [String: PluginParam]
    /// Why the plugin could not say what it takes (its `--describe` failed or ran out of time): its sources
    /// are still read from the configuration, every key taken as a param, and each fails with this when read.
    package var unavailable: String?

    package init(
        file: String, description: String? = nil, params: [String: PluginParam] = [:], unavailable: String? = nil
    ) {
        self.file = file
        self.description = description
        self.params = params
        self.unavailable = unavailable
    }
}

/// One param a plugin declares.
package struct PluginParam: Sendable, Hashable {
    package var required: Bool
    package var defaultValue: String?
    package var description: String?

    package init(required: Bool = false, defaultValue: String? = nil, description: String? = nil) {
        self.required = required
        self.defaultValue = defaultValue
        self.description = description
    }
}
