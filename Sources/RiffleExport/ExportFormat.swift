/// The formats `riffle export --format` writes (contract section 3).
package enum ExportFormat: String, Sendable, CaseIterable {
    /// One JSON array.
    case json
    /// One item per line.
    case ndjson
    /// A JSON Feed 1.1 document, riffle's fields under `_riffle`.
    case jsonfeed
}
