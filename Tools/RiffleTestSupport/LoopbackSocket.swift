import Glibc
internal import RiffleSystem

/// The socket calls of the test servers (`RawSocketServer`, `ThreadedHTTPServer`), over RiffleSystem's
/// `syscall`: a listener on 127.0.0.1, accept, best-effort send, and the two ways a connection ends abruptly.
enum LoopbackSocket {
    /// A listening TCP socket on 127.0.0.1 at `port` (0: a free one).
    static func listen(port: UInt16 = 0) throws(SystemError) -> (descriptor: Int32, port: UInt16) {
        let descriptor = try streamSocket()
        do throws(SystemError) {
            var reuse: Int32 = 1
            try syscall(where: "setsockopt SO_REUSEADDR") {
                setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
            }
            var address = loopback(port: port)
            try syscall(where: "bind") {
                withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
            }
            try syscall(where: "listen") { Glibc.listen(descriptor, 64) }
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            try syscall(where: "getsockname") {
                withUnsafeMutablePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
                }
            }
            return (descriptor, UInt16(bigEndian: address.sin_port))
        } catch {
            Descriptor.close(descriptor)
            throw error
        }
    }

    /// A TCP connection to 127.0.0.1 at `port`, whose reads give up after `receiveTimeoutSeconds` without a
    /// byte (a hang guard, not a limit on how slow the machine may be).
    @available(*, noasync)
    static func connect(port: UInt16, receiveTimeoutSeconds: Int) throws(SystemError) -> Int32 {
        let descriptor = try streamSocket()
        do throws(SystemError) {
            var timeout = timeval(tv_sec: receiveTimeoutSeconds, tv_usec: 0)
            try syscall(where: "setsockopt SO_RCVTIMEO") {
                setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            }
            var address = loopback(port: port)
            try syscall(where: "connect") {
                withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
            }
            return descriptor
        } catch {
            Descriptor.close(descriptor)
            throw error
        }
    }

    /// A new TCP socket, closed on exec.
    private static func streamSocket() throws(SystemError) -> Int32 {
        try syscall(where: "socket") { socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0) }
    }

    /// 127.0.0.1 at `port`.
    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// Waits up to `milliseconds` for `descriptor` to become readable (or hung up).
    @available(*, noasync)
    static func waitReadable(_ descriptor: Int32, milliseconds: Int32) -> Bool {
        var watches = [Poll.Watch(fd: descriptor)]
        guard (try? Poll.wait(&watches, timeoutMilliseconds: milliseconds)) != nil else { return false }
        return watches[0].isReady
    }

    /// Accepts one connection, or `nil`.
    static func accept(_ descriptor: Int32) -> Int32? {
        try? syscall(where: "accept") { Glibc.accept(descriptor, nil, nil) }
    }

    /// Accepts one connection: its descriptor and the client's port, or `nil`.
    static func acceptWithPeer(_ descriptor: Int32) -> (descriptor: Int32, port: UInt16)? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let client = try? syscall(where: "accept") {
            withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.accept(descriptor, $0, &length)
                }
            }
        }
        guard let client else { return nil }
        // Close-on-exec (Glibc's module has no accept4): a test's child processes do not inherit it.
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        return (client, UInt16(bigEndian: address.sin_port))
    }

    /// Reads what is available: the bytes, or `nil` at end of stream or on error.
    static func read(_ descriptor: Int32) -> [UInt8]? {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
        defer { buffer.deallocate() }
        guard case .processed(let count) = try? Descriptor.read(descriptor, into: buffer), count > 0 else { return nil }
        return Array(buffer[0..<count])
    }

    /// Writes all of `bytes`, best effort (no SIGPIPE when the peer has gone).
    static func send(_ descriptor: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = try? syscall(where: "send") {
                bytes[offset...].withUnsafeBytes {
                    Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
            }
            guard let sent, sent > 0 else { return }
            offset += sent
        }
    }

    /// Closes with a TCP reset instead of an orderly FIN (SO_LINGER with zero timeout).
    static func reset(_ descriptor: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        Descriptor.close(descriptor)
    }

    /// Turns off Nagle's algorithm on a TCP socket (harmless on other descriptors).
    static func setNoDelay(_ descriptor: Int32) {
        var on: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Stops a listening socket from accepting: on Linux new connections are refused from this moment,
    /// and a thread waiting on it wakes. Safe while another thread still holds the descriptor.
    static func stopListening(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }
}
