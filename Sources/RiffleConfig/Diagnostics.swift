import RiffleCore

/// Collects diagnostics for one file, up to a cap, and turns them into a `ConfigError`.
///
/// Problems are reported in file order (then in the order found), each once.
struct Diagnostics: Sendable {
    /// More than this many problems are summarised in one closing line.
    static let cap = 50

    let file: String
    private(set) var items: [ConfigDiagnostic] = []

    init(file: String) {
        self.file = file
    }

    var isEmpty: Bool { items.isEmpty }

    mutating func add(_ message: String, at mark: Mark?, path: ConfigPath = ConfigPath()) {
        items.append(ConfigDiagnostic(file: file, mark: mark, path: path.description, message: message))
    }

    /// The collected problems, sorted by position, de-duplicated and capped.
    var error: ConfigError {
        var seen = Set<ConfigDiagnostic>()
        let ordered = items.enumerated()
            .sorted { lhs, rhs in
                let left = lhs.element.mark ?? Mark(line: 0, column: 0)
                let right = rhs.element.mark ?? Mark(line: 0, column: 0)
                return left == right ? lhs.offset < rhs.offset : left < right
            }
            .map(\.element)
            .filter { seen.insert($0).inserted }
        guard ordered.count > Self.cap else { return ConfigError(diagnostics: ordered) }
        var shown = Array(ordered.prefix(Self.cap))
        let more = ordered.count - Self.cap
        shown.append(
            ConfigDiagnostic(
                file: file, mark: nil, path: "",
                message: "\(Counted(more, "more error")) not shown"))
        return ConfigError(diagnostics: shown)
    }
}
