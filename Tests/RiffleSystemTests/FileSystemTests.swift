import Glibc
import Testing

@testable import RiffleSystem

@Suite struct FileSystemTests {
    /// A fresh file with `bytes` in a directory of its own.
    private func file(_ bytes: [UInt8]) throws -> String {
        var template = Array("/tmp/riffle-system-XXXXXX".utf8CString)
        let directory = try #require(template.withUnsafeMutableBufferPointer { $0.baseAddress.flatMap { mkdtemp($0) } })
        let path = String(cString: directory) + "/file"
        let fd = try FileSystem.createExclusive(path)
        try Descriptor.writeAll(fd, bytes)
        Descriptor.close(fd)
        return path
    }

    @Test func readsAFileWithinTheLimit() throws {
        let path = try file(Array("hello".utf8))
        let contents = try FileSystem.readFile(path, limit: 5)
        #expect(contents.bytes == Array("hello".utf8))
        #expect(contents.mode & 0o600 == 0o600)
    }

    @Test func refusesAFileOverTheLimitBeforeReadingIt() throws {
        let path = try file([UInt8](repeating: 65, count: 100))
        #expect {
            try FileSystem.readFile(path, limit: 99)
        } throws: { error in
            (error as? FileReadError)?.sizeWhenTooLarge == 100
        }
    }

    @Test func refusesWhatIsNotARegularFile() {
        #expect {
            try FileSystem.readFile("/tmp", limit: 10)
        } throws: { error in
            (error as? FileReadError)?.isNotRegularFile == true
        }
        #expect {
            try FileSystem.readFile("/nonexistent/file", limit: 10)
        } throws: { error in
            (error as? FileReadError)?.openFailure?.isNotFound == true
        }
    }

    @Test func classifiesPaths() throws {
        let path = try file([])
        #expect(FileSystem.exists(path) && !FileSystem.isDirectory(path) && !FileSystem.isExecutableFile(path))
        #expect(FileSystem.isSpecialFile("/dev/null") && !FileSystem.isSpecialFile(path))
        #expect(FileSystem.isExecutableFile("/bin/sh"))
        let directory = String(path.dropLast("/file".count))
        #expect(FileSystem.listDirectory(directory) == ["file"])
        #expect(FileSystem.realPath(directory + "/./file") == FileSystem.realPath(path))
        #expect(throws: SystemError.self) { try FileSystem.createExclusive(path) }
    }
}
