/// One problem found in a configuration or plugin manifest file.
///
/// Formatted in one place, as `FILE:LINE:COLUMN: KEY.PATH: message`; the position is left out when the
/// problem has none (a file that cannot be read), the key path when it is empty (a YAML syntax error).
package struct ConfigDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The file as the user named it.
    var file: String
    /// Where the problem is, when it has a place.
    var mark: Mark?
    /// The key path, e.g. `sources[2].page_size`; empty for problems that are not about a key.
    var path: String
    /// What is wrong, worded for the user. Never quotes a value that came from the environment.
    package var message: String

    package init(file: String, mark: Mark?, path: String, message: String) {
        self.file = file
        self.mark = mark
        self.path = path
        self.message = message
    }

    package var description: String {
        var line = file
        if let mark { line += ":\(mark.line):\(mark.column)" }
        line += ": "
        if !path.isEmpty { line += path + ": " }
        return line + message
    }
}
