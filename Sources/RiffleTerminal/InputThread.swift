/// Reads the reader's input on a POSIX thread of its own, so a blocking `read` never holds a thread of
/// Swift's cooperative pool. It polls the input and a private wake pipe: `stop()` writes to the pipe and
/// the thread ends at once, even while no key is pressed. Each chunk read becomes one `.input` event;
/// end of input (or an error) becomes `.inputEnded`. The thread is detached.
final class InputThread: Sendable {
    /// Both ends of the wake pipe, closed when the thread and the session have both let go, so a
    /// wake-up never writes into a closed pipe (SIGPIPE) nor polls a closed descriptor.
    private final class WakePipe: Sendable {
        let read: Int32
        let write: Int32
        init(read: Int32, write: Int32) {
            self.read = read
            self.write = write
        }
        deinit {
            Platform.close(read)
            Platform.close(write)
        }
    }

    private let wake: WakePipe

    private init(wake: WakePipe) { self.wake = wake }

    /// Starts reading `fd`; nil when no pipe or thread could be made.
    static func start(fd: Int32, events: AsyncStream<ReaderEvent>.Continuation) -> InputThread? {
        guard let fds = Platform.makePipe() else { return nil }
        let wake = WakePipe(read: fds.read, write: fds.write)
        let started = Platform.startThread {
            var buffer = [UInt8](repeating: 0, count: 512)
            while true {
                let ready = Platform.waitReadable([fd, wake.read])
                if ready.contains(1) { return }
                let count = ready.isEmpty ? -1 : Platform.read(fd, into: &buffer)
                if count <= 0 {
                    events.yield(.inputEnded)
                    return
                }
                events.yield(.input(Array(buffer[0..<count])))
            }
        }
        return started ? InputThread(wake: wake) : nil
    }

    func stop() { Platform.writeAll(wake.write, [1]) }
}
