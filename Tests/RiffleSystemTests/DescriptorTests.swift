import Glibc
import Testing

@testable import RiffleSystem

@Suite struct DescriptorTests {
    @Test func pipesAreCloseOnExec() throws {
        let (read, write) = try Descriptor.makePipe()
        defer {
            Descriptor.close(read)
            Descriptor.close(write)
        }
        #expect(fcntl(read, F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(write, F_GETFD) & FD_CLOEXEC != 0)
    }

    @Test func writeAllDeliversMoreThanAPipeHolds() async throws {
        let (read, write) = try Descriptor.makePipe()
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0) }
        // A pipe holds 64 KiB: the writer must loop over short writes while the reader drains.
        let writer = try SystemThread.start {
            try? Descriptor.writeAll(write, bytes)
            Descriptor.close(write)
        }
        var received: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 8192, alignment: 1)
        defer { buffer.deallocate() }
        while case .processed(let count) = try Descriptor.read(read, into: buffer), count > 0 {
            received.append(contentsOf: buffer[0..<count])
        }
        Descriptor.close(read)
        await writer.waitForExit()
        #expect(received == bytes)
    }

    @Test func aNonBlockingReadSaysWouldBlock() throws {
        let (read, write) = try Descriptor.makePipe()
        defer {
            Descriptor.close(read)
            Descriptor.close(write)
        }
        try Descriptor.setNonBlocking(read)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16, alignment: 1)
        defer { buffer.deallocate() }
        #expect(try Descriptor.read(read, into: buffer) == .wouldBlock)
        try Descriptor.writeAll(write, [1, 2, 3])
        var watches = [Poll.Watch(fd: read)]
        try Poll.wait(&watches, timeoutMilliseconds: 1000)
        #expect(watches[0].readable)
        #expect(try Descriptor.read(read, into: buffer) == .processed(3))
    }

    @Test func writingToAClosedPipeIsBrokenPipe() throws {
        Signal.ignoreBrokenPipes()
        let (read, write) = try Descriptor.makePipe()
        Descriptor.close(read)
        defer { Descriptor.close(write) }
        #expect {
            try Descriptor.writeAll(write, [1])
        } throws: { error in
            (error as? SystemError)?.isBrokenPipe == true
        }
    }
}
