internal import RiffleSystem

/// Where the CLI's messages and output go: whole lines and texts to stderr and stdout, retried until
/// written; a closed stream (`riffle sources | head`) is given up quietly.
enum Console {
    /// One message line on stderr (the newline is added).
    static func writeError(_ line: String) { write(Descriptor.standardError, line + "\n") }

    /// Text on stdout, as it is.
    static func writeOut(_ text: String) { write(Descriptor.standardOutput, text) }

    /// All of `text` on `fd`.
    static func write(_ fd: Int32, _ text: String) { try? Descriptor.writeAll(fd, Array(text.utf8)) }
}
