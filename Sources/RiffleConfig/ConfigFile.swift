#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a configuration or manifest file: its bytes and permission bits, with the size checked before
/// anything is read (a 2 GB "config" is refused, not loaded).
enum ConfigFile {
    static func contents(_ path: String, limits: ParseLimits) throws(ConfigError) -> (bytes: [UInt8], mode: UInt32) {
        func failure(_ message: String) -> ConfigError {
            ConfigError(diagnostics: [ConfigDiagnostic(file: path, mark: nil, path: "", message: message)])
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot open the file: \(describeErrno())") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure("cannot read the file: \(describeErrno())") }
        guard status.st_mode & S_IFMT == S_IFREG else { throw failure("not a regular file") }
        let size = Int(status.st_size)
        if size > limits.maxBytes {
            throw failure(
                "the file is too large (\(size) bytes; "
                    + "the limit is \(InputCheck.describeSize(limits.maxBytes)))")
        }
        // The file may grow after fstat: read in chunks and stop one byte past the limit.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size + 1)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= limits.maxBytes {
            let got = chunk.withUnsafeMutableBytes { buffer in read(descriptor, buffer.baseAddress, buffer.count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw failure("cannot read the file: \(describeErrno())") }
            if got == 0 { break }
            bytes.append(contentsOf: chunk[..<got])
        }
        if bytes.count > limits.maxBytes {
            throw failure("the file is too large (more than \(InputCheck.describeSize(limits.maxBytes)))")
        }
        return (bytes, UInt32(status.st_mode) & 0o7777)
    }

    private static func describeErrno() -> String {
        String(cString: strerror(errno))
    }
}
