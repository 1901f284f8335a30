/// Why a value given as an item's time is not one, worded once for every adapter: what it was (cut to 40
/// characters; untrusted text, made inert where it is shown) and the forms that are read.
package enum UnreadableTime {
    /// The forms an item's time is read in.
    package static let forms = "RFC 3339 / ISO 8601 text or Unix seconds"

    /// `time "yesterday" at node.updatedAt is not RFC 3339 / ISO 8601 text or Unix seconds`.
    package static func reason(_ text: String, at path: String? = nil) -> String {
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return "time \"\(shown)\"" + (path.map { " at \($0)" } ?? "") + " is not \(forms)"
    }
}
