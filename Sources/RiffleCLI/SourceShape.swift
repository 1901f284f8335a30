import RiffleConfig
import RiffleCore

/// The fingerprint of what decides a source's pages besides the cursor and the page size: its adapter
/// type, the page identity its settings declare (`AdapterSettings.pageIdentity`: endpoint, query,
/// variables, filters…) and `--since`. A page kept in the store is given back to a resumed export only
/// under the same fingerprint (`PageRequest.shape`), so a changed configuration never gets pages read
/// under the old one.
///
/// Stable across processes: the identity's parts sorted by name, each length-prefixed, hashed with FNV-1a.
/// A value holding one of the run's secrets is left out of the text, so the stored fingerprint says nothing
/// about it. A store's kept pages are fresh for minutes and only its latest run's are given back, so a
/// fingerprint that changes with riffle's version costs at most one resumed export's requests, as a
/// configuration change does; nothing needs migrating.
enum SourceShape {
    static func fingerprint(_ source: SourceSettings, since: Timestamp?, secrets: Set<String>) -> Int64 {
        var text = "\(source.type)\u{0}\(since.map { String($0.microseconds) } ?? "-")\u{0}"
        for (name, value) in source.settings.pageIdentity.parts.sorted(by: { $0.key < $1.key }) {
            let shown = secrets.contains(where: { !$0.isEmpty && value.contains($0) }) ? "<secret>" : value
            text += "\(name.utf8.count):\(name)\(shown.utf8.count):\(shown)"
        }
        return Int64(bitPattern: FNV1a.hash(text))
    }
}
