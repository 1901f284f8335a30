internal import RiffleSystem

/// Reads a configuration or manifest file: its bytes and permission bits, with the size checked before
/// anything is read (a 2 GB "config" is refused, not loaded).
enum ConfigFile {
    static func contents(_ path: String, limits: ParseLimits) throws(ConfigError) -> (bytes: [UInt8], mode: UInt32) {
        do {
            let file = try FileSystem.readFile(path, limit: limits.maxBytes)
            return (file.bytes, file.mode)
        } catch {
            throw ConfigError(
                diagnostics: [ConfigDiagnostic(file: path, mark: nil, path: "", message: message(for: error, limits))])
        }
    }

    /// The error in the words configuration messages have always used.
    private static func message(for error: FileReadError, _ limits: ParseLimits) -> String {
        if let failure = error.openFailure { return "cannot open the file: \(failure.reason)" }
        if let failure = error.readFailure { return "cannot read the file: \(failure.reason)" }
        if error.isNotRegularFile { return "not a regular file" }
        let limit = InputCheck.describeSize(limits.maxBytes)
        if let size = error.sizeWhenTooLarge { return "the file is too large (\(size) bytes; the limit is \(limit))" }
        return "the file is too large (more than \(limit))"
    }
}
