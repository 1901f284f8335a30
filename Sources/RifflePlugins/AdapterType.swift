import RiffleConfig
import RiffleSources

/// One adapter type riffle can use, for `riffle plugins`: built in, or from a plugin file.
package struct AdapterType: Sendable, Hashable {
    package enum Origin: Sendable, Hashable, CustomStringConvertible {
        case builtIn
        case manifest(file: String)
        case executable(file: String)

        /// `built-in`, or the plugin file's path.
        package var description: String {
            switch self {
            case .builtIn: return "built-in"
            case .manifest(let file), .executable(let file): return file
            }
        }
    }

    package struct Param: Sendable, Hashable {
        package var name: String
        package var required: Bool
        package var defaultValue: String?
        package var description: String?
    }

    package var name: String
    package var description: String?
    /// Sorted by name.
    package var params: [Param]
    package var origin: Origin

    init(name: String, description: String?, params: [String: PluginParam], origin: Origin) {
        self.name = name
        self.description = description
        self.params = params.keys.sorted().compactMap { key in
            params[key].map {
                Param(name: key, required: $0.required, defaultValue: $0.defaultValue, description: $0.description)
            }
        }
        self.origin = origin
    }

    /// The built-in adapters and their keys (contract section 2), from `BuiltInAdapters.all`.
    static var builtIn: [AdapterType] {
        BuiltInAdapters.all.map { adapter in
            AdapterType(name: adapter.type, description: adapter.description, params: adapter.params, origin: .builtIn)
        }
    }
}

extension PluginCatalog {
    /// Every adapter type available: the built-in ones, then the plugins by name.
    package var adapterTypes: [AdapterType] {
        AdapterType.builtIn
            + plugins.keys.sorted().compactMap { type in
                plugins[type].flatMap { plugin in
                    let origin: AdapterType.Origin
                    switch plugin.kind {
                    case .manifest: origin = .manifest(file: plugin.file)
                    case .executable: origin = .executable(file: plugin.file)
                    // Not usable: `riffle plugins` lists its problem instead.
                    case .undescribed: return nil
                    }
                    return AdapterType(
                        name: type, description: plugin.info.description, params: plugin.info.params, origin: origin)
                }
            }
    }
}
