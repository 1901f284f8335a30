internal import CCurl
internal import RiffleSystem
import Synchronization

/// One libcurl multi handle driven by one dedicated thread, bridged to async/await.
///
/// Callers post commands (submit, cancel) to an inbox guarded by a `Mutex` and wake the thread with
/// `curl_multi_wakeup`, the only multi call that is safe from another thread. The thread owns the multi
/// handle and every easy handle: it drains the inbox, starts queued transfers within the limits, runs
/// `curl_multi_perform`, resumes each finished transfer's continuation exactly once, and sleeps in
/// `curl_multi_poll`. Many transfers share the one thread; nothing blocks Swift's cooperative pool.
final class CurlLoop: Sendable {
    /// The settings of the loop and of every transfer it runs.
    struct Settings: Sendable {
        var maxInFlight: Int
        var maxPerOrigin: Int
        var transfer: TransferSettings
    }

    /// A submitted attempt and the continuation to resume with its outcome.
    fileprivate struct Job: Sendable {
        let id: UInt64
        let spec: AttemptSpec
        let continuation: CheckedContinuation<AttemptOutcome, Never>
    }

    fileprivate enum Command: Sendable {
        case submit(Job)
        case cancel(UInt64)
    }

    fileprivate struct Inbox: Sendable {
        var commands: [Command] = []
        var closed = false
    }

    /// The multi handle. Only `curl_multi_wakeup` touches it off the loop thread, under the inbox lock
    /// and only while the loop is open, which is what makes sharing the pointer sound.
    fileprivate struct MultiHandle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    /// Whether a caller's attempt is still to be submitted, submitted, or cancelled; the transitions are
    /// made under one lock so a cancel can never slip in between "not cancelled" and "submitted".
    private final class AttemptToken: Sendable {
        enum State { case idle, submitted, cancelled }
        let state = Mutex(State.idle)
    }

    private let multi: MultiHandle
    private let inbox = Mutex(Inbox())
    private let thread = Mutex<SystemThread?>(nil)
    private let nextID = Atomic<UInt64>(1)

    /// `curl_global_init`, once per process, before the first multi handle.
    private static let globalInit: Bool = {
        // With `CURLOPT_NOSIGNAL` libcurl no longer ignores SIGPIPE itself.
        Signal.ignoreBrokenPipes()
        return curl_global_init(riffle_curl_global_all) == CURLE_OK
    }()

    /// Creates the multi handle and starts the loop thread; `nil` if libcurl or the thread fails.
    init?(settings: Settings) {
        guard Self.globalInit, let pointer = curl_multi_init() else { return nil }
        _ = riffle_multi_setopt_long(pointer, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        _ = riffle_multi_setopt_long(pointer, CURLMOPT_MAX_HOST_CONNECTIONS, settings.maxPerOrigin)
        _ = riffle_multi_setopt_long(pointer, CURLMOPT_MAXCONNECTS, max(settings.maxInFlight, 8))
        multi = MultiHandle(pointer: pointer)
        let started: SystemThread
        do {
            started = try SystemThread.start { [self] in
                let worker = LoopWorker(multi: multi.pointer, settings: settings)
                run(worker)
            }
        } catch {
            curl_multi_cleanup(pointer)
            return nil
        }
        thread.withLock { $0 = started }
    }

    deinit {
        close()
    }

    /// Runs one attempt to completion (or cancellation) and returns its outcome; never throws.
    /// Cancelling the awaiting task removes the transfer from the loop promptly.
    func perform(_ spec: AttemptSpec) async -> AttemptOutcome {
        let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        let token = AttemptToken()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<AttemptOutcome, Never>) in
                let accepted = token.state.withLock { state -> Bool in
                    guard state == .idle else { return false }
                    state = .submitted
                    return post(.submit(Job(id: id, spec: spec, continuation: continuation)))
                }
                if !accepted { continuation.resume(returning: .failure(TransportFailure(kind: .cancelled))) }
            }
        } onCancel: {
            let wasSubmitted = token.state.withLock { state -> Bool in
                defer { state = .cancelled }
                return state == .submitted
            }
            if wasSubmitted { _ = post(.cancel(id)) }
        }
    }

    /// Stops the loop and waits, suspended, until its thread has ended: every queued and running transfer
    /// ends as cancelled first. Idempotent.
    func shutdown() async {
        close()
        await thread.withLock { $0 }?.waitForExit()
    }

    /// Stops the loop and blocks until its thread has ended. Idempotent; from the loop thread itself it
    /// only closes the loop.
    @available(*, noasync, message: "blocks the calling thread; use shutdown()")
    func syncShutdown() {
        close()
        thread.withLock { $0 }?.join()
    }

    /// Closes the inbox and wakes the loop, which cancels everything and ends; returns at once.
    func close() {
        inbox.withLock { inbox in
            guard !inbox.closed else { return }
            inbox.closed = true
            _ = curl_multi_wakeup(multi.pointer)
        }
    }

    /// Queues a command and wakes the loop; `false` once the loop is closed.
    private func post(_ command: Command) -> Bool {
        inbox.withLock { inbox in
            guard !inbox.closed else { return false }
            inbox.commands.append(command)
            _ = curl_multi_wakeup(multi.pointer)
            return true
        }
    }

    /// The thread's body.
    private func run(_ worker: LoopWorker) {
        while true {
            let (commands, closed) = inbox.withLock { inbox in
                defer { inbox.commands.removeAll(keepingCapacity: true) }
                return (inbox.commands, inbox.closed)
            }
            for command in commands {
                switch command {
                case .submit(let job): worker.enqueue(job)
                case .cancel(let id): worker.cancel(id)
                }
            }
            if closed {
                worker.cancelAll()
                break
            }
            worker.step()
            var ready: Int32 = 0
            _ = curl_multi_poll(multi.pointer, nil, 0, 1000, &ready)
        }
        curl_multi_cleanup(multi.pointer)
    }
}

/// The loop thread's own state: queued jobs, running transfers, the admission limits. Touched only by
/// the loop thread, so it needs no locks.
private final class LoopWorker {
    private let multi: UnsafeMutableRawPointer
    private let settings: CurlLoop.Settings
    private var queue: AdmissionQueue
    private var waiting: [UInt64: CurlLoop.Job] = [:]
    private var running: [UInt64: (transfer: CurlTransfer, job: CurlLoop.Job)] = [:]
    private var idsByHandle: [UnsafeMutableRawPointer: UInt64] = [:]

    init(multi: UnsafeMutableRawPointer, settings: CurlLoop.Settings) {
        self.multi = multi
        self.settings = settings
        queue = AdmissionQueue(maxInFlight: settings.maxInFlight, maxPerOrigin: settings.maxPerOrigin)
    }

    func enqueue(_ job: CurlLoop.Job) {
        waiting[job.id] = job
        queue.enqueue(id: job.id, origin: job.spec.origin)
    }

    /// Removes a queued or running transfer and resumes its caller with `cancelled`.
    func cancel(_ id: UInt64) {
        if let job = waiting.removeValue(forKey: id) {
            queue.remove(id: id)
            job.continuation.resume(returning: .failure(TransportFailure(kind: .cancelled)))
        } else if let entry = running.removeValue(forKey: id) {
            detach(entry.transfer, id: id)
            entry.job.continuation.resume(returning: .failure(TransportFailure(kind: .cancelled)))
        }
    }

    func cancelAll() {
        for id in Array(waiting.keys) + Array(running.keys) { cancel(id) }
    }

    /// Starts what the limits allow, lets libcurl work, and completes finished transfers; repeats while
    /// completions free slots for queued transfers.
    func step() {
        repeat {
            admit()
            var active: Int32 = 0
            _ = curl_multi_perform(multi, &active)
            collectFinished()
        } while queue.canAdmit
    }

    private func admit() {
        for id in queue.admit() {
            guard let job = waiting.removeValue(forKey: id) else { continue }
            switch CurlTransfer.make(job.spec, settings: settings.transfer) {
            case .success(let transfer):
                guard curl_multi_add_handle(multi, transfer.handle) == CURLM_OK else {
                    queue.remove(id: id)
                    job.continuation.resume(
                        returning: .failure(TransportFailure(kind: .other, detail: "curl_multi_add_handle failed")))
                    continue
                }
                running[id] = (transfer, job)
                idsByHandle[transfer.handle] = id
            case .failure(let failure):
                queue.remove(id: id)
                job.continuation.resume(returning: .failure(failure))
            }
        }
    }

    private func collectFinished() {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            guard riffle_msg_is_done(message) != 0, let handle = message.pointee.easy_handle else { continue }
            let code = riffle_msg_result(message)
            guard let id = idsByHandle[handle], let entry = running.removeValue(forKey: id) else { continue }
            let outcome = entry.transfer.outcome(code: code)
            detach(entry.transfer, id: id)
            entry.job.continuation.resume(returning: outcome)
        }
    }

    private func detach(_ transfer: CurlTransfer, id: UInt64) {
        curl_multi_remove_handle(multi, transfer.handle)
        idsByHandle[transfer.handle] = nil
        queue.remove(id: id)
    }
}
