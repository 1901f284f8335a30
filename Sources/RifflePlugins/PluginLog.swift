import RiffleCore

/// The `-v` log of one executable-plugin source: one line per request (source, cursor, page size, time
/// taken, outcome) and every line the plugin writes to stderr, each prefixed with the source's name
/// (contract section 5). The sink masks secrets and makes the text inert before it reaches the terminal.
package struct PluginLog: Sendable {
    /// The source's configured name.
    let source: String
    /// The plugin's type, as the request lines name it.
    let type: String
    let sink: @Sendable (String) -> Void

    /// The longest stderr line passed through; the rest of a longer one is dropped.
    static let maxStderrLineBytes = 4096

    package init(source: String, type: String, sink: @escaping @Sendable (String) -> Void) {
        self.source = source
        self.type = type
        self.sink = sink
    }

    /// One request and how it went: `docs: plugin rest-events: cursor null, page_size 50 → 20 items, more, 12 ms`.
    func request(cursor: String?, pageSize: Int, elapsed: Duration, outcome: String) {
        let shownCursor = cursor.map { $0.count > 80 ? "\"\($0.prefix(80))…\"" : "\"\($0)\"" } ?? "null"
        sink(
            "\(source): plugin \(type): cursor \(shownCursor), page_size \(pageSize) → \(outcome), "
                + "\(elapsed.milliseconds) ms")
    }

    /// One line the plugin wrote to stderr, as it was.
    func passStderr(_ line: String) {
        sink("\(source): stderr: \(line)")
    }

    /// The outcome words of a page: `20 items, more` / `3 items, 2 skipped, end`.
    static func describe(_ page: Page) -> String {
        var words = Counted(page.items.count, "item").description
        if page.notes.skipped > 0 { words += ", \(page.notes.skipped) skipped" }
        return words + (page.hasMore ? ", more" : ", end")
    }
}
