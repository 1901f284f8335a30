/// A key path into a document, rendered the way users write it: `sources[2].page_size`.
struct ConfigPath: Sendable, Hashable, CustomStringConvertible {
    /// The rendered path; empty at the root.
    var description: String

    init(_ prefix: String = "") {
        self.description = prefix
    }

    /// The path of the value under `key`.
    func key(_ key: String) -> ConfigPath {
        ConfigPath(description.isEmpty ? key : description + "." + key)
    }

    /// The path of the element at `index`.
    func index(_ index: Int) -> ConfigPath {
        ConfigPath(description + "[\(index)]")
    }
}
