internal import RiffleSystem

/// A file in a plugin directory that looks like an executable plugin but cannot be run: a script or
/// program whose execute bit is missing, or a file riffle may not even read.
///
/// Discovery would otherwise pass over such a file in silence, and a source using its type would meet a
/// bare "unknown type". Telling it takes no more than its first bytes: nothing is run.
enum UnusablePluginFile {
    /// How many bytes are read to recognise a program: `#!` or the ELF magic number.
    static let sniffedBytes = 4

    /// Why `file`, an entry of a plugin directory that is neither a manifest nor executable, cannot
    /// define type `type`; `nil` when it does not look like a plugin at all (a README, a data file, a
    /// directory), which stays unreported.
    static func reason(file: String, type: String) -> String? {
        guard FileSystem.isRegularFile(file) else { return nil }
        let quoted = PluginText.message(type, limit: 64)
        let start: [UInt8]
        do {
            start = try FileSystem.readPrefix(file, count: sniffedBytes)
        } catch {
            return "cannot be read (\(error.reason)); chmod +rx it to use type \(quoted)"
        }
        guard isProgram(start) else { return nil }
        return "not executable (chmod +x it to use type \(quoted))"
    }

    /// A script (`#!`) or an ELF binary.
    static func isProgram(_ start: [UInt8]) -> Bool {
        start.starts(with: Array("#!".utf8)) || start.starts(with: [0x7F] + Array("ELF".utf8))
    }
}
