/// Bounds that keep hostile input from costing more than a configuration file should.
///
/// Checked before parsing (size) and while building the tree (depth, alias expansion), so that an alias
/// bomb or a file of ten thousand `[` is refused quickly rather than obeyed.
package struct ParseLimits: Sendable, Hashable {
    /// The largest accepted file, in bytes.
    var maxBytes: Int
    /// The deepest accepted nesting of sequences and mappings.
    var maxDepth: Int
    /// How many nodes aliases may materialise in total (each alias counts the size of what it copies).
    var maxAliasExpansion: Int

    init(maxBytes: Int = 4 << 20, maxDepth: Int = 64, maxAliasExpansion: Int = 10_000) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxAliasExpansion = maxAliasExpansion
    }

    /// 4 MiB, 64 levels, 10,000 nodes through aliases.
    package static let standard = ParseLimits()
}
