internal import RiffleSystem

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
            Descriptor.close(read)
            Descriptor.close(write)
        }
    }

    private let wake: WakePipe

    private init(wake: WakePipe) { self.wake = wake }

    /// Starts reading `fd`; nil when no pipe or thread could be made.
    static func start(fd: Int32, events: AsyncStream<ReaderEvent>.Continuation) -> InputThread? {
        guard let fds = try? Descriptor.makePipe() else { return nil }
        let wake = WakePipe(read: fds.read, write: fds.write)
        do {
            try SystemThread.start { read(fd, wake: wake, events: events) }
        } catch {
            return nil
        }
        return InputThread(wake: wake)
    }

    /// The thread's body: one `.input` event per chunk until the input ends or the wake pipe is written.
    private static func read(_ fd: Int32, wake: WakePipe, events: AsyncStream<ReaderEvent>.Continuation) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 512, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            var watches = [Poll.Watch(fd: fd), Poll.Watch(fd: wake.read)]
            let count: Int
            do {
                try Poll.wait(&watches, timeoutMilliseconds: -1)
                if watches[1].isReady { return }
                guard watches[0].isReady, case .processed(let read) = try Descriptor.read(fd, into: buffer) else {
                    throw SystemError(call: "read", code: 0)
                }
                count = read
            } catch {
                count = -1
            }
            if count <= 0 {
                events.yield(.inputEnded)
                return
            }
            events.yield(.input(Array(buffer[0..<count])))
        }
    }

    func stop() { try? Descriptor.writeAll(wake.write, [1]) }
}
