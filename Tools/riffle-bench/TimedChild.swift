import Foundation
import RiffleSystem
import Synchronization

/// How one ``TimedChild`` run went: when the awaited output had arrived, and how the program ended.
struct TimedChildRun: Sendable {
    /// Seconds from just before the spawn to the read that completed the awaited output; nil when it never
    /// came (the program ended, or the time limit passed, first).
    var reached: Double?
    /// Seconds from just before the spawn to the program's end (its standard output closed and it was reaped).
    var wall: Double
    var status: WaitStatus
    /// Everything the program wrote to its standard output.
    var output: [UInt8]
}

/// A program run with its standard output a pipe read as it arrives, so a benchmark can time the moment a
/// given output has appeared (the 50th line, a prompt) rather than the program's end — what a user or a
/// consumer at the other end of a pipe waits for.
///
/// The reading runs on a ``SystemThread`` (blocking `poll` and `read`), never on the cooperative pool, so an
/// in-process sandbox answering the program keeps every task thread.
enum TimedChild {
    /// Runs `executable` with `arguments` and exactly `environment`; standard error is dropped.
    ///
    /// - Parameters:
    ///   - until: true once the output so far is what is awaited; asked after every read.
    ///   - reply: written to the program's standard input (a pipe) once `until` holds, after which the pipe
    ///     is closed; nil gives it `/dev/null` as standard input.
    ///   - limit: seconds after which the program is killed.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], reply: String? = nil,
        limit: Double = 60, until: @escaping @Sendable ([UInt8]) -> Bool
    ) async throws -> TimedChildRun {
        let output = try Descriptor.makePipe()
        let input: (read: Int32, write: Int32)?
        do {
            input = try reply.map { _ in try Descriptor.makePipe() }
        } catch {
            Descriptor.close(output.read)
            Descriptor.close(output.write)
            throw error
        }
        let started = SystemClock.monotonicNanoseconds()
        let pid: Int32
        do {
            pid = try ChildProcess.spawn(
                executable, arguments: arguments, environment: environment,
                stdin: input.map { .descriptor($0.read) } ?? .nullDevice, stdout: .descriptor(output.write),
                stderr: .nullDevice)
        } catch {
            for fd in [output.read, output.write, input?.read ?? -1, input?.write ?? -1] { Descriptor.close(fd) }
            throw error
        }
        Descriptor.close(output.write)
        if let input { Descriptor.close(input.read) }
        let result = Mutex<Result<TimedChildRun, SystemError>?>(nil)
        let thread: SystemThread
        do {
            thread = try SystemThread.start(blockingSignals: true) {
                let outcome = Result { () throws(SystemError) -> TimedChildRun in
                    try follow(
                        pid, output: output.read, input: input?.write, reply: reply, started: started, limit: limit,
                        until: until)
                }
                result.withLock { $0 = outcome }
            }
        } catch {
            // No thread to read and reap it: the program is stopped, and reaped when this process ends.
            ChildProcess.signal(pid, .kill)
            Descriptor.close(output.read)
            if let input { Descriptor.close(input.write) }
            throw error
        }
        await thread.waitForExit()
        guard let outcome = result.withLock({ $0 }) else { throw ExportBenchError("\(executable): no result") }
        return try outcome.get()
    }

    /// The reading thread's work: reads until end of output, noting when `until` first holds (and replying
    /// then), kills the program past `limit`, and reaps it. Closes `output` and `input`, which it owns.
    @available(*, noasync, message: "blocks the calling thread; runs on a SystemThread")
    private static func follow(
        _ pid: Int32, output: Int32, input: Int32?, reply: String?, started: Int64, limit: Double,
        until: ([UInt8]) -> Bool
    ) throws(SystemError) -> TimedChildRun {
        var input = input
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer {
            chunk.deallocate()
            Descriptor.close(output)
            if let input { Descriptor.close(input) }
        }
        let deadline = started + Int64(limit * 1e9)
        var bytes: [UInt8] = []
        var reached: Double?
        reading: while true {
            let left = (deadline - SystemClock.monotonicNanoseconds()) / 1_000_000
            guard left > 0 else {
                ChildProcess.signal(pid, .kill)
                break
            }
            var watches = [Poll.Watch(fd: output)]
            do {
                try Poll.wait(&watches, timeoutMilliseconds: Int32(min(left, 1_000)))
            } catch {
                // The program is stopped and reaped all the same, then the failure is reported.
                ChildProcess.signal(pid, .kill)
                _ = try? ChildProcess.reap(pid)
                throw error
            }
            guard watches[0].isReady else { continue }
            switch try? Descriptor.read(output, into: chunk) {
            case .processed(let count) where count > 0: bytes += chunk[0..<count]
            case .wouldBlock: continue
            case .processed, nil: break reading
            }
            if reached == nil, until(bytes) {
                reached = Double(SystemClock.monotonicNanoseconds() - started) / 1e9
                if let fd = input, let reply {
                    // The program may have gone already; what it did not read does not matter then.
                    try? Descriptor.writeAll(fd, Array(reply.utf8))
                    Descriptor.close(fd)
                    input = nil
                }
            }
        }
        let status = try ChildProcess.reap(pid)
        let wall = Double(SystemClock.monotonicNanoseconds() - started) / 1e9
        return TimedChildRun(reached: reached, wall: wall, status: status, output: bytes)
    }
}
