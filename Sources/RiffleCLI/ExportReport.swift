import RiffleCore

/// The line an export ends with on stderr: how many items it wrote, from how many sources, and (on a
/// terminal) in how long. A pure value, so every wording is tested without running an export.
///
///     wrote 120 items from 3 sources in 1.4s           (all went well; printed when stderr is a terminal)
///     wrote 57 items from the other 2 sources          (some failed; always printed, after their lines)
///     wrote 0 items: every source failed               (nothing left to write from)
struct ExportReport: Sendable, Hashable {
    /// Items written.
    var items: Int
    /// Sources the export read.
    var sources: Int
    /// Of those, the ones that failed after retries.
    var failed: Int
    /// How long the export took, when the line should say it.
    var elapsed: Duration?

    /// The line, without the `riffle: ` prefix.
    var line: String {
        let time = elapsed.map { " in \(Self.seconds($0))" } ?? ""
        let wrote = "wrote \(Counted(items, "item"))"
        if failed == 0 { return "\(wrote) from \(Counted(sources, "source"))\(time)" }
        let others = sources - failed
        if others <= 0 {
            return "\(wrote): \(sources == 1 ? "the only source" : "every source") failed\(time)"
        }
        return "\(wrote) from the other \(others == 1 ? "source" : "\(others) sources")\(time)"
    }

    /// `1 item`, `3 items`.
    /// Tenths of a second: `1.4s`, `0.0s`.
    static func seconds(_ duration: Duration) -> String {
        let tenths = Int((max(0, duration.seconds) * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)s"
    }
}
