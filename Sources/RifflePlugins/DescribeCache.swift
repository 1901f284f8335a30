import RiffleCore
internal import RiffleSystem

/// The answers of plugins' `--describe`, kept between runs so that a start (a cron job, a busy machine)
/// does not run every plugin again: one file per plugin under `$XDG_CACHE_HOME/riffle/describe`, standing
/// while the plugin file's stamp (device, inode, size, modification time) does. Best effort: a cache that
/// cannot be read or written costs a `--describe` run, nothing else.
package struct DescribeCache: Sendable {
    /// The directory the answers are kept in.
    let directory: String

    /// The first line of an entry, before the stamp and the plugin's path.
    private static let header = "riffle-describe 1"

    package init(directory: String) { self.directory = directory }

    /// `$XDG_CACHE_HOME/riffle/describe` (an absolute `XDG_CACHE_HOME`), else `$HOME/.cache/riffle/describe`;
    /// `nil` without either.
    package static func standard(environment: [String: String]) -> DescribeCache? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return DescribeCache(directory: cache + "/riffle/describe")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return DescribeCache(directory: home + "/.cache/riffle/describe")
    }

    /// The kept answer of `file`'s `--describe`, when there is one for the file as it is now.
    func answer(for file: String) -> [UInt8]? {
        guard let stamp = FileSystem.stamp(file),
            let contents = try? FileSystem.readFile(entry(for: file), limit: ExecutableDescription.maxBytes + 4096)
        else { return nil }
        let expected = Self.firstLine(file, stamp)
        guard contents.bytes.starts(with: expected) else { return nil }
        return Array(contents.bytes[expected.count...])
    }

    /// Keeps `answer` as `file`'s `--describe` answer, for the file as it is now.
    func keep(_ answer: [UInt8], for file: String) {
        guard let stamp = FileSystem.stamp(file) else { return }
        do {
            try FileSystem.createDirectories(directory, mode: 0o700)
            try FileSystem.replace(entry(for: file), with: Self.firstLine(file, stamp) + answer)
        } catch {
            return
        }
    }

    /// An entry's first line: the format, the plugin file's stamp and its path, which a kept answer must match.
    private static func firstLine(_ file: String, _ stamp: FileStamp) -> [UInt8] {
        Array("\(header) \(stamp.line) \(file)\n".utf8)
    }

    /// The entry's file: named by a hash of the plugin's path (the path itself is inside, and checked).
    private func entry(for file: String) -> String {
        let hash = String(FNV1a.hash(file), radix: 16)
        return directory + "/" + String(repeating: "0", count: max(0, 16 - hash.count)) + hash + ".json"
    }
}
