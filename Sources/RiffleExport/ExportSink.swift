package import RiffleBytes
internal import RiffleSystem

/// Where export bytes go: standard output, or a file that appears only when complete.
package protocol ExportSink: AnyObject {
    func write(_ bytes: [UInt8]) throws
    /// `write` of the bytes of the exporter's block where they lie, without copying them into an array (a
    /// sink that does not implement it gets that copy).
    func write(_ buffer: ByteBuffer) throws
    /// Everything is written: make it durable and visible.
    func commit() throws
    /// The run failed or was interrupted: leave no trace.
    func abort()
}

extension ExportSink {
    package func write(_ buffer: ByteBuffer) throws { try write(buffer.bytes) }
}

/// An export sink failure, with the path or stream it concerns.
package struct ExportSinkError: Error, Sendable, CustomStringConvertible {
    package var description: String
    /// The reader of standard output went away (`| head`): not worth an error message.
    package var isBrokenPipe: Bool
}

/// The sink for `--output PATH`: an atomic file, or, when PATH is a device or FIFO (`/dev/null`, a named
/// pipe), that file written directly — renaming a temporary file over a device would replace it.
package func outputSink(path: String) throws -> any ExportSink {
    FileSystem.isSpecialFile(path) ? try SpecialFileSink(path: path) : try AtomicFileSink(path: path)
}

/// Writes to an existing device or FIFO as it is.
final class SpecialFileSink: ExportSink {
    private var fd: Int32?
    let path: String

    init(path: String) throws {
        self.path = path
        do {
            fd = try FileSystem.openForWriting(path)
        } catch {
            throw ExportSinkError(description: "cannot open \(path): \(error)", isBrokenPipe: false)
        }
    }

    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write(raw: $0) }
    }

    func write(_ buffer: ByteBuffer) throws {
        try buffer.withBytes { try write(raw: $0) }
    }

    private func write(raw bytes: UnsafeRawBufferPointer) throws {
        guard let fd else { return }
        do {
            try Descriptor.writeAll(fd, bytes)
        } catch {
            throw ExportSinkError(description: "cannot write \(path): \(error)", isBrokenPipe: error.isBrokenPipe)
        }
    }

    func commit() throws { abort() }

    func abort() {
        if let fd { Descriptor.close(fd) }
        fd = nil
    }

    deinit { abort() }
}

/// Writes to standard output.
package final class StandardOutputSink: ExportSink {
    package init() {}

    package func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write(raw: $0) }
    }

    package func write(_ buffer: ByteBuffer) throws {
        try buffer.withBytes { try write(raw: $0) }
    }

    private func write(raw bytes: UnsafeRawBufferPointer) throws {
        do {
            try Descriptor.writeAll(Descriptor.standardOutput, bytes)
        } catch {
            throw ExportSinkError(
                description: "cannot write to standard output: \(error)", isBrokenPipe: error.isBrokenPipe)
        }
    }

    package func commit() throws {}
    package func abort() {}
}

/// Writes a temporary file beside `path`, then flushes it and renames it into place, so a failed or
/// interrupted run never leaves a half file or clobbers the previous one.
package final class AtomicFileSink: ExportSink {
    let path: String
    let temporaryPath: String
    private var fd: Int32?

    package init(path: String) throws {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var attempt = 0
        while true {
            let candidate = "\(directory).\(name).riffle-\(CurrentProcess.id)-\(attempt).tmp"
            do {
                fd = try FileSystem.createExclusive(candidate)
                temporaryPath = candidate
                return
            } catch  where attempt < 20 && error.isAlreadyExists {
                attempt += 1
            } catch {
                throw ExportSinkError(description: "cannot create a file beside \(path): \(error)", isBrokenPipe: false)
            }
        }
    }

    package func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write(raw: $0) }
    }

    package func write(_ buffer: ByteBuffer) throws {
        try buffer.withBytes { try write(raw: $0) }
    }

    private func write(raw bytes: UnsafeRawBufferPointer) throws {
        guard let fd else { throw ExportSinkError(description: "\(path): already closed", isBrokenPipe: false) }
        do {
            try Descriptor.writeAll(fd, bytes)
        } catch {
            throw ExportSinkError(description: "cannot write \(temporaryPath): \(error)", isBrokenPipe: false)
        }
    }

    package func commit() throws {
        guard let fd else { return }
        self.fd = nil
        var open = true
        do {
            try Descriptor.sync(fd)
            Descriptor.close(fd)
            open = false
            try FileSystem.rename(temporaryPath, to: path)
        } catch {
            if open { Descriptor.close(fd) }
            FileSystem.removeQuietly(temporaryPath)
            throw ExportSinkError(description: "cannot write \(path): \(error)", isBrokenPipe: false)
        }
    }

    package func abort() {
        guard let fd else { return }
        self.fd = nil
        Descriptor.close(fd)
        FileSystem.removeQuietly(temporaryPath)
    }

    deinit { abort() }
}
