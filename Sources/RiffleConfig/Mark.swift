/// A position in a YAML file: 1-based line and column (columns count characters, as libyaml does).
///
/// Every node of the tree carries one, so that any error found while decoding can say where it is.
package struct Mark: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The line, counting from 1.
    var line: Int
    /// The column in characters, counting from 1.
    var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `LINE:COLUMN`, the form used in diagnostics.
    package var description: String { "\(line):\(column)" }

    package static func < (lhs: Mark, rhs: Mark) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
