/// A source whose type comes from a plugin: its params, checked against what the plugin declares.
package struct PluginSourceSettings: AdapterSettings {
    package var type: String
    /// Every declared param the source gave, plus declared defaults for the ones it did not.
    package var params: [String: String]
    /// The plugin file that defines the type (a manifest or an executable).
    package var pluginFile: String
    /// Why the plugin cannot serve the source (see `PluginTypeInfo.unavailable`): reading it fails with this.
    package var unavailable: String?

    package init(type: String, params: [String: String], pluginFile: String, unavailable: String? = nil) {
        self.type = type
        self.params = params
        self.pluginFile = pluginFile
        self.unavailable = unavailable
    }
}

extension PluginSourceSettings {
    /// The plugin file and every param (a param holding a credential is masked by the fingerprint, as
    /// every secret value is).
    package var pageIdentity: PageIdentity {
        var identity = PageIdentity()
        identity["plugin_file"] = pluginFile
        for (name, value) in params { identity["param." + name] = value }
        return identity
    }
}
