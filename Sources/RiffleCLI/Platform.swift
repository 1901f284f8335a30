#if canImport(Glibc)
    import Glibc
#endif

/// Every libc call the CLI makes, in one place.
enum Platform {
    static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    static func environment() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }

    static func writeError(_ line: String) { write(2, line + "\n") }

    static func writeOut(_ text: String) { write(1, text) }

    /// Writes all of `text`, retrying on EINTR; gives up quietly on a closed stream.
    static func write(_ fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes {
                Glibc.write(fd, $0.baseAddress.map { $0 + offset }, $0.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
        bytes.removeAll()
    }

    static func exit(_ code: Int32) -> Never { Glibc.exit(code) }

    /// Seconds since the epoch, now.
    static func now() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1000
    }
}
