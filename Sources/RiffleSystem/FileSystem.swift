import Glibc

/// Calls on paths: bounded reads, directory listings, the checks of what a path names, and the steps of
/// an atomic file replacement.
package enum FileSystem {
    /// The bytes of a regular file and its permission bits.
    package struct Contents: Sendable, Equatable {
        package var bytes: [UInt8]
        /// `st_mode & 0o7777`.
        package var mode: UInt32
    }

    /// Reads the regular file at `path`, at most `limit` bytes. The size is checked before anything is
    /// read (a 2 GB "config" is refused, not loaded), and again while reading, as the file may grow.
    package static func readFile(_ path: String, limit: Int) throws(FileReadError) -> Contents {
        let fd: Int32
        do {
            fd = try syscall(where: "open \(path)") { open(path, O_RDONLY | O_CLOEXEC) }
        } catch {
            throw .cannotOpen(error)
        }
        defer { Descriptor.close(fd) }
        var status = stat()
        do {
            try syscall(where: "fstat \(path)") { fstat(fd, &status) }
        } catch {
            throw .cannotRead(error)
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile }
        let size = Int(status.st_size)
        guard size <= limit else { throw .tooLarge(size: size) }
        // Stop one byte past the limit: enough to know the file has grown beyond it.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size + 1)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
        defer { chunk.deallocate() }
        while bytes.count <= limit {
            let count: Int
            do {
                count = try syscall(where: "read \(path)") { Glibc.read(fd, chunk.baseAddress, chunk.count) }
            } catch {
                throw .cannotRead(error)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        guard bytes.count <= limit else { throw .tooLarge(size: nil) }
        return Contents(bytes: bytes, mode: UInt32(status.st_mode) & 0o7777)
    }

    /// The names in a directory, sorted, without `.` and `..`; `nil` when it cannot be opened.
    package static func listDirectory(_ path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The canonical absolute path, when `path` exists.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The file type bits of what `path` names (after following links), when it exists.
    private static func fileType(_ path: String) -> mode_t? {
        var info = stat()
        guard (try? syscall(where: "stat", { stat(path, &info) })) != nil else { return nil }
        return info.st_mode & S_IFMT
    }

    /// Whether anything exists at `path` (a dangling link does not count).
    package static func exists(_ path: String) -> Bool { fileType(path) != nil }

    package static func isDirectory(_ path: String) -> Bool { fileType(path) == S_IFDIR }

    /// Whether `path` exists and is something other than a regular file or a directory: a device, a FIFO,
    /// a socket.
    package static func isSpecialFile(_ path: String) -> Bool {
        guard let type = fileType(path) else { return false }
        return type != S_IFREG && type != S_IFDIR
    }

    /// Whether `path` names a regular file (after following links).
    package static func isRegularFile(_ path: String) -> Bool { fileType(path) == S_IFREG }

    /// The first bytes of the file at `path`, at most `count` (fewer when the file is shorter): enough to
    /// tell what a file is (a `#!` line, an ELF header) without reading the rest.
    package static func readPrefix(_ path: String, count: Int) throws(SystemError) -> [UInt8] {
        let fd = try syscall(where: "open \(path)") { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        defer { Descriptor.close(fd) }
        var bytes = [UInt8](repeating: 0, count: max(0, count))
        let read = bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(SystemError) in
                try syscall(where: "read \(path)") { Glibc.read(fd, buffer.baseAddress, buffer.count) }
            }
        }
        return Array(bytes.prefix(try read.get()))
    }

    /// A regular file (after following links) that this process may execute.
    package static func isExecutableFile(_ path: String) -> Bool {
        fileType(path) == S_IFREG && access(path, X_OK) == 0
    }

    /// Creates a new file that no one else has (`O_EXCL`), `mode` (0644 unless given) less the umask, open
    /// for writing. An existing file, or a link, is never opened: the error `isAlreadyExists`.
    package static func createExclusive(_ path: String, mode: UInt32 = 0o644) throws(SystemError) -> Int32 {
        try syscall(where: "open \(path)") { open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
    }

    /// Creates `path` and any missing parents (`mkdir -p`), each new one with `mode` less the umask.
    /// Existing directories are left as they are.
    package static func createDirectories(_ path: String, mode: UInt32) throws(SystemError) {
        guard !isDirectory(path) else { return }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try createDirectories(String(path[..<slash]), mode: mode)
        }
        do {
            try syscall(where: "mkdir \(path)") { mkdir(path, mode) }
        } catch let error where error.isAlreadyExists && isDirectory(path) {
            return
        }
    }

    /// Opens an existing file for writing: no create, no truncate (devices and FIFOs).
    package static func openForWriting(_ path: String) throws(SystemError) -> Int32 {
        try syscall(where: "open \(path)") { open(path, O_WRONLY | O_CLOEXEC) }
    }

    /// Renames `source` to `destination`, replacing it atomically.
    package static func rename(_ source: String, to destination: String) throws(SystemError) {
        try syscall(where: "rename to \(destination)") { Glibc.rename(source, destination) }
    }

    /// What changes when a file is replaced or written (after following links): its device and inode, size
    /// and modification time to the nanosecond; `nil` when it cannot be looked at. Whatever is kept of a
    /// file's content stands while its stamp does.
    package static func stamp(_ path: String) -> FileStamp? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileStamp(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            modifiedSeconds: Int64(status.st_mtim.tv_sec), modifiedNanoseconds: Int64(status.st_mtim.tv_nsec))
    }

    /// Replaces `path` with `bytes` atomically: written to a new file beside it (`mode` less the umask), then
    /// renamed over it, so a reader sees the old file or the new one, never a part.
    package static func replace(_ path: String, with bytes: [UInt8], mode: UInt32 = 0o644) throws(SystemError) {
        let temporary = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = try createExclusive(temporary, mode: mode)
        do {
            defer { Descriptor.close(fd) }
            try Descriptor.writeAll(fd, bytes)
            try rename(temporary, to: path)
        } catch {
            removeQuietly(temporary)
            throw error
        }
    }

    /// Removes `path`, quietly: for clean-up after a failure, when there is nothing better to do.
    package static func removeQuietly(_ path: String) { _ = unlink(path) }
}
