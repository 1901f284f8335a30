import Glibc
import Testing

@testable import RiffleSystem

/// `Poll.wait` on a descriptor watched for reading and writing at once, as libcurl asks for some sockets
/// (the HTTP loop's `CURL_POLL_INOUT`).
@Suite struct PollTests {
    @Test func aWatchForBothSeesEachAsItHappens() throws {
        var fds: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer {
            Descriptor.close(fds[0])
            Descriptor.close(fds[1])
        }
        // Nothing to read yet, room to write: only writable.
        var watches = [Poll.Watch(fd: fds[0], input: true, output: true)]
        try Poll.wait(&watches, timeoutMilliseconds: 1000)
        #expect(watches[0].writable)
        #expect(!watches[0].readable)
        #expect(!watches[0].closed)

        // The peer writes: readable as well.
        try Descriptor.writeAll(fds[1], [7])
        try Poll.wait(&watches, timeoutMilliseconds: 1000)
        #expect(watches[0].readable)
        #expect(watches[0].writable)

        // Watched for reading only, room to write is not reported.
        var readOnly = [Poll.Watch(fd: fds[0], input: true, output: false)]
        try Poll.wait(&readOnly, timeoutMilliseconds: 1000)
        #expect(readOnly[0].readable)
        #expect(!readOnly[0].writable)

        // Watched for neither, the descriptor is only reported when it closes.
        var neither = [Poll.Watch(fd: fds[0], input: false, output: false)]
        try Poll.wait(&neither, timeoutMilliseconds: 0)
        #expect(!neither[0].isReady)
        Descriptor.close(fds[1])
        fds[1] = -1
        try Poll.wait(&neither, timeoutMilliseconds: 1000)
        #expect(neither[0].closed)
    }
}
