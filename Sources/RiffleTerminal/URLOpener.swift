internal import RiffleSystem

/// Opens a URL for `o N`. `.system` runs `$BROWSER` or `xdg-open`; tests pass their own.
package struct URLOpener: Sendable {
    /// Opens the URL; returns nil on success, else what went wrong in plain words.
    var open: @Sendable (String) async -> String?

    package init(_ open: @escaping @Sendable (String) async -> String?) { self.open = open }

    /// Whether the reader will hand this URL to a browser: `http://` or `https://` (any case), with no
    /// spaces or control characters.
    package static func isOpenable(_ url: String) -> Bool {
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), url.utf8.count <= 8192 else { return false }
        return url.unicodeScalars.allSatisfy { $0.value > 0x20 && !UntrustedText.needsEscaping($0) }
    }

    /// The argument vector that opens `url`: `$BROWSER` (its first `:`-separated entry, split on spaces;
    /// `%s` replaced by the URL, else the URL appended), else `xdg-open URL`. The URL is always exactly
    /// one element, and nothing goes through a shell.
    package static func command(for url: String, browser: String?) -> [String] {
        let entry = browser?.split(separator: ":").first.map(String.init)?.trimmingWhitespace() ?? ""
        let words = entry.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return ["xdg-open", url] }
        if words.contains(where: { $0.contains("%s") }) {
            return words.map { $0 == "%s" ? url : $0.replacing("%s", with: url) }
        }
        return words + [url]
    }

    /// `$BROWSER` or `xdg-open`, started with posix_spawnp (no shell), its output on /dev/null; waits for
    /// it (at most 3 s, on a thread of its own) and reports a failure to start or a non-zero exit.
    package static let system = URLOpener { url in
        let arguments = command(for: url, browser: Environment.value("BROWSER"))
        let pid: Int32
        do throws(SystemError) {
            pid = try ChildProcess.spawn(
                arguments[0], arguments: Array(arguments.dropFirst()), environment: nil, stdin: .nullDevice,
                stdout: .nullDevice, stderr: .nullDevice, searchPath: true)
        } catch {
            return "could not start \(arguments[0]): \(error.reason)"
        }
        let status = await ExitWatch.status(of: pid, timeout: .seconds(3)) ?? 0
        return status == 0 ? nil : "\(arguments[0]) exited with status \(status)"
    }
}
