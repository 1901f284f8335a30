import RiffleConfig
import RiffleCore

/// The fingerprint of what decides a source's pages besides the cursor and the page size: its adapter
/// type, its adapter settings (endpoint, query, variables, filters…) and `--since`. A page kept in the
/// store is given back to a resumed export only under the same fingerprint (`PageRequest.shape`), so a
/// changed configuration never gets pages read under the old one.
///
/// Stable across processes: the settings are rendered by reflection with dictionary and set members
/// sorted (their iteration order is seeded per process), then hashed with FNV-1a. Secret values are left
/// out of the rendering, so the stored fingerprint says nothing about them.
enum SourceShape {
    /// How deep the rendering follows nested values (settings are a few levels deep).
    static let maxDepth = 24

    static func fingerprint(_ source: SourceSettings, since: Timestamp?, secrets: Set<String>) -> Int64 {
        var text = "\(source.type)\u{0}\(since.map { String($0.microseconds) } ?? "-")\u{0}"
        render(source.settings, into: &text, depth: 0, secrets: secrets)
        return Int64(bitPattern: FNV1a.hash(text))
    }

    private static func render(_ value: Any, into text: inout String, depth: Int, secrets: Set<String>) {
        let mirror = Mirror(reflecting: value)
        guard depth < maxDepth, !mirror.children.isEmpty else {
            if let string = value as? String, secrets.contains(where: { !$0.isEmpty && string.contains($0) }) {
                text += "<secret>"
            } else {
                text += String(reflecting: value)
            }
            return
        }
        var parts: [String] = []
        for child in mirror.children {
            var part = (child.label ?? "") + "="
            render(child.value, into: &part, depth: depth + 1, secrets: secrets)
            parts.append(part)
        }
        if mirror.displayStyle == .dictionary || mirror.displayStyle == .set { parts.sort() }
        text += "(" + parts.joined(separator: ",") + ")"
    }
}
