/// A command-line or option value the sandbox cannot use; the message says which and why.
public struct SandboxUsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line, without a prefix.
    public var message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
