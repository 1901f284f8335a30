internal import RiffleSystem

/// A file in a plugin directory that looks like an executable plugin but cannot be run: a script or
/// program whose execute bit is missing, a script (by its extension) without a `#!` line, or a file riffle
/// may not even read.
///
/// Discovery would otherwise pass over such a file in silence, and a source using its type would meet a
/// bare "unknown type". Telling it takes no more than its first bytes: nothing is run.
enum UnusablePluginFile {
    /// How many bytes are read to recognise a program: `#!` or the ELF magic number.
    static let sniffedBytes = 4

    /// Why `file`, an entry of a plugin directory that is neither a manifest nor executable, cannot
    /// define type `type`; `nil` when it does not look like a plugin at all (a README, a data file, a
    /// directory), which stays unreported.
    ///
    /// `executable`: the file has its execute bit; then only a script without its `#!` line is reported
    /// (the system could not start it).
    static func reason(file: String, type: String, executable: Bool = false) -> String? {
        guard FileSystem.isRegularFile(file) else { return nil }
        let quoted = PluginText.message(type, limit: 64)
        let start: [UInt8]
        do {
            start = try FileSystem.readPrefix(file, count: sniffedBytes)
        } catch {
            return "cannot be read (\(error.reason)); chmod +rx it to use type \(quoted)"
        }
        let interpreter = scriptInterpreter(of: file)
        switch (isProgram(start), interpreter, executable) {
        case (true, _, true), (false, nil, true), (false, nil, false): return nil
        case (true, _, false): return "not executable (chmod +x it to use type \(quoted))"
        case (false, let interpreter?, true):
            return "has no #! line: make its first line #!/usr/bin/env \(interpreter) to use type \(quoted)"
        case (false, let interpreter?, false):
            return "not executable and has no #! line: make its first line #!/usr/bin/env \(interpreter) "
                + "and chmod +x it to use type \(quoted)"
        }
    }

    /// The interpreters of scripts by their extension: a file named so is meant to run, `#!` line or not.
    static let interpreters = [
        "py": "python3", "sh": "sh", "bash": "bash", "rb": "ruby", "pl": "perl", "js": "node", "mjs": "node",
    ]

    /// The interpreter `file`'s extension names, if it is a script's.
    static func scriptInterpreter(of file: String) -> String? {
        guard let dot = file.lastIndex(of: "."), !file[dot...].contains("/") else { return nil }
        return interpreters[String(file[file.index(after: dot)...])]
    }

    /// A script (`#!`) or an ELF binary.
    static func isProgram(_ start: [UInt8]) -> Bool {
        start.starts(with: Array("#!".utf8)) || start.starts(with: [0x7F] + Array("ELF".utf8))
    }
}
