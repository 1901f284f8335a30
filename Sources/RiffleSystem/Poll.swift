import Glibc

/// `poll(2)` over a few descriptors: one `Watch` each, filled in with what happened.
package enum Poll {
    /// One descriptor to watch, and what `wait` saw on it.
    package struct Watch: Sendable, Equatable {
        package var fd: Int32
        /// Wait for something to read.
        var input: Bool
        /// Wait for room to write.
        var output: Bool
        package var readable = false
        package var writable = false
        /// Hung up, in error, or not open.
        package var closed = false

        /// Waits for something to read, or with `output` for room to write instead.
        package init(fd: Int32, output: Bool = false) {
            self.fd = fd
            self.input = !output
            self.output = output
        }

        /// Waits for either or both (libcurl asks for both on some sockets).
        package init(fd: Int32, input: Bool, output: Bool) {
            self.fd = fd
            self.input = input
            self.output = output
        }

        /// Whether anything happened on it.
        package var isReady: Bool { readable || writable || closed }
    }

    /// Waits until one of `watches` is ready, or `timeoutMilliseconds` pass (`-1` waits for ever), and
    /// fills in what each saw. Blocks: call it on a `SystemThread`.
    @available(*, noasync, message: "blocks the calling thread; call it on a SystemThread")
    package static func wait(_ watches: inout [Watch], timeoutMilliseconds: Int32) throws(SystemError) {
        var fds = watches.map {
            pollfd(fd: $0.fd, events: Int16(($0.input ? POLLIN : 0) | ($0.output ? POLLOUT : 0)), revents: 0)
        }
        let ready = try syscall(where: "poll") {
            fds.withUnsafeMutableBufferPointer { Glibc.poll($0.baseAddress, nfds_t($0.count), timeoutMilliseconds) }
        }
        for index in watches.indices {
            let events = ready > 0 ? Int32(fds[index].revents) : 0
            watches[index].readable = events & Int32(POLLIN) != 0
            watches[index].writable = events & Int32(POLLOUT) != 0
            watches[index].closed = events & Int32(POLLHUP | POLLERR | POLLNVAL) != 0
        }
    }
}
