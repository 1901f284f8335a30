internal import CCurl
internal import RiffleSystem
import Synchronization

/// One libcurl multi handle driven by one dedicated thread, bridged to async/await.
///
/// Callers post commands (submit, cancel) to an inbox guarded by a `Mutex` and, when the thread is asleep,
/// wake it with a byte on a pipe. The thread owns the multi handle and every easy handle: it drains the
/// inbox, starts queued transfers within the limits, and sleeps in `poll` on the wake pipe and the sockets
/// libcurl asks it to watch (the multi socket interface), telling libcurl which socket is ready or that
/// its timeout is due with `curl_multi_socket_action`; it resumes each finished transfer's continuation
/// exactly once. `curl_multi_perform` would instead poll every transfer's socket itself on each call, a
/// system call per transfer per wake-up. Many transfers share the one thread; nothing blocks Swift's
/// cooperative pool.
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

    /// The multi handle, set up before the loop thread starts and touched only by that thread after,
    /// which is what makes handing the pointer over sound.
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
    /// The wake pipe: a byte written to `write` ends the loop thread's `poll` on `read`. Closed by `deinit`
    /// (or by a failed `init`: `ownsWakePipe`), not by the thread as it ends: a post writes its wake byte
    /// after leaving the inbox lock, and holds the loop (so the pipe stays open) while it does.
    private let wake: (read: Int32, write: Int32)
    /// Whether `deinit` is to close the wake pipe: false once a failed `init` closed it.
    private let ownsWakePipe = Atomic<Bool>(true)
    private let inbox = Mutex(Inbox())
    /// The loop thread is in (or about to enter) `poll` with nothing left to do: the next post must wake
    /// it. While it works, posts only queue, and it finds them before it sleeps again. Set only under the
    /// inbox lock (with the inbox seen empty) and taken by a post under it; cleared by the thread as `poll`
    /// returns without the lock, so a thread woken by a post does not at once contend for the lock the
    /// poster still holds while it writes the wake byte (a `futex` pair per page).
    private let sleeping = Atomic<Bool>(false)
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
        guard let wake = try? Descriptor.makePipe() else {
            curl_multi_cleanup(pointer)
            return nil
        }
        // A full pipe already holds a wake-up: writes must not block, and the loop reads it dry.
        try? Descriptor.setNonBlocking(wake.read)
        try? Descriptor.setNonBlocking(wake.write)
        _ = riffle_multi_setopt_long(pointer, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        _ = riffle_multi_setopt_long(pointer, CURLMOPT_MAX_HOST_CONNECTIONS, settings.maxPerOrigin)
        _ = riffle_multi_setopt_long(pointer, CURLMOPT_MAXCONNECTS, max(settings.maxInFlight, 8))
        multi = MultiHandle(pointer: pointer)
        self.wake = wake
        let started: SystemThread
        do {
            started = try SystemThread.start { [self] in
                let worker = LoopWorker(multi: multi.pointer, settings: settings)
                run(worker)
            }
        } catch {
            inbox.withLock { $0.closed = true }
            curl_multi_cleanup(pointer)
            ownsWakePipe.store(false, ordering: .relaxed)
            Descriptor.close(wake.read)
            Descriptor.close(wake.write)
            return nil
        }
        thread.withLock { $0 = started }
    }

    deinit {
        close()
        if ownsWakePipe.exchange(false, ordering: .relaxed) {
            Descriptor.close(wake.read)
            Descriptor.close(wake.write)
        }
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
            wakeLoop()
        }
    }

    /// Queues a command and wakes the loop; `false` once the loop is closed. The wake byte is written after
    /// the lock is left: the thread it wakes takes the lock next, and would otherwise find it still held.
    private func post(_ command: Command) -> Bool {
        let (accepted, wake) = inbox.withLock { inbox -> (Bool, Bool) in
            guard !inbox.closed else { return (false, false) }
            inbox.commands.append(command)
            return (true, sleeping.exchange(false, ordering: .relaxed))
        }
        if wake { wakeLoop() }
        return accepted
    }

    /// Ends the loop thread's `poll`; the pipe is open as long as the loop is (see `wake`).
    private func wakeLoop() {
        _ = try? Descriptor.write(wake.write, Self.wakeByte)
    }

    /// The byte a wake-up writes, made once rather than an array per post.
    private static let wakeByte: ArraySlice<UInt8> = [1]

    /// The thread's body.
    private func run(_ worker: LoopWorker) {
        worker.attach()
        while true {
            sleeping.store(false, ordering: .relaxed)
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
            // Sleep only with nothing posted meanwhile; from here a post wakes the thread.
            let mayWait = inbox.withLock { inbox in
                guard inbox.commands.isEmpty, !inbox.closed else { return false }
                sleeping.store(true, ordering: .relaxed)
                return true
            }
            // Awake again as soon as `poll` returns, before the sockets' work completes transfers: a caller
            // resumed then posts its next request at once, and that post needs no wake-up byte (it cost a
            // `write`, a `read` and a `poll` per page when the flag stayed set until the next turn).
            worker.wait(wake: wake.read, timeoutMilliseconds: mayWait ? worker.timeoutMilliseconds : 0) {
                sleeping.store(false, ordering: .relaxed)
            }
        }
        curl_multi_cleanup(multi.pointer)
        withExtendedLifetime(worker) {}
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
    /// The sockets libcurl asked to have watched, and for what (`CURL_POLL_IN`, `_OUT`, `_INOUT`).
    private var sockets: [Int32: Int32] = [:]
    /// When libcurl's timeout is due (`nil`: none set).
    private var deadline: ContinuousClock.Instant?
    /// What `wait` polls, kept between wake-ups so it is not allocated for each.
    private var watches: [Poll.Watch] = []
    /// Easy handles of finished transfers, reset, for the next transfers to reuse (at most
    /// `maxInFlight`): a page then costs no `curl_easy_init` and `curl_easy_cleanup`.
    private var idleHandles: [UnsafeMutableRawPointer] = []
    /// The longest sleep without news, as `curl_multi_poll` slept before.
    private static let maxSleepMilliseconds: Int32 = 1000

    init(multi: UnsafeMutableRawPointer, settings: CurlLoop.Settings) {
        self.multi = multi
        self.settings = settings
        queue = AdmissionQueue(maxInFlight: settings.maxInFlight, maxPerOrigin: settings.maxPerOrigin)
    }

    deinit {
        for handle in idleHandles { curl_easy_cleanup(handle) }
    }

    /// Hands libcurl the socket and timer callbacks, which reach this worker through their user data; the
    /// worker lives until after `curl_multi_cleanup`, the last call that can invoke them.
    func attach() {
        let me = Unmanaged.passUnretained(self).toOpaque()
        _ = riffle_multi_setopt_pointer(multi, CURLMOPT_SOCKETDATA, me)
        _ = riffle_multi_setopt_pointer(multi, CURLMOPT_TIMERDATA, me)
        _ = riffle_multi_setopt_socket_callback(multi) { _, socket, what, userp, _ in
            guard let userp else { return 0 }
            let worker = Unmanaged<LoopWorker>.fromOpaque(userp).takeUnretainedValue()
            if what == CURL_POLL_REMOVE {
                worker.sockets[socket] = nil
            } else {
                worker.sockets[socket] = what
            }
            return 0
        }
        _ = riffle_multi_setopt_timer_callback(multi) { _, milliseconds, userp in
            guard let userp else { return 0 }
            let worker = Unmanaged<LoopWorker>.fromOpaque(userp).takeUnretainedValue()
            worker.deadline = milliseconds < 0 ? nil : ContinuousClock.now + .milliseconds(milliseconds)
            return 0
        }
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

    /// Starts what the limits allow, runs libcurl's timeout when due (a transfer just added is started
    /// that way), and completes finished transfers; repeats while completions free slots for queued
    /// transfers.
    func step() {
        repeat {
            admit()
            if let deadline, deadline <= ContinuousClock.now {
                self.deadline = nil
                var active: Int32 = 0
                _ = curl_multi_socket_action(multi, riffle_curl_socket_timeout, 0, &active)
            }
            collectFinished()
        } while queue.canAdmit
    }

    /// How long the thread may sleep: until libcurl's timeout, at most `maxSleepMilliseconds`.
    var timeoutMilliseconds: Int32 {
        guard let deadline else { return Self.maxSleepMilliseconds }
        let left = deadline - ContinuousClock.now
        guard left > .zero else { return 0 }
        // Rounded up, so the thread does not wake just before the timeout and spin until it is due.
        return Int32(min(Int64(Self.maxSleepMilliseconds), left.milliseconds + 1))
    }

    /// Sleeps in `poll` on the wake pipe and libcurl's sockets for at most `timeoutMilliseconds`, calls
    /// `awake`, then tells libcurl which sockets are ready and completes what finished.
    func wait(wake: Int32, timeoutMilliseconds: Int32, awake: () -> Void) {
        watches.removeAll(keepingCapacity: true)
        watches.append(Poll.Watch(fd: wake))
        for (socket, what) in sockets {
            watches.append(
                Poll.Watch(
                    fd: socket, input: what & CURL_POLL_IN != 0, output: what & CURL_POLL_OUT != 0))
        }
        let polled = (try? Poll.wait(&watches, timeoutMilliseconds: timeoutMilliseconds)) != nil
        awake()
        if polled, watches[0].readable {
            // Read until a read comes back short rather than until one fails: one `read` per wake-up, not
            // two. A byte written after the short read wakes the next `poll`, which is what it is for.
            withUnsafeTemporaryAllocation(byteCount: 64, alignment: 1) { buffer in
                while case .processed(let count) = try? Descriptor.read(wake, into: buffer), count == buffer.count {}
            }
        }
        for watch in watches.dropFirst() where !polled || watch.isReady {
            // Unpolled (poll failed), the mask is 0: libcurl then checks the socket itself.
            var mask: Int32 = 0
            if watch.readable { mask |= CURL_CSELECT_IN }
            if watch.writable { mask |= CURL_CSELECT_OUT }
            if watch.closed { mask |= CURL_CSELECT_ERR }
            var active: Int32 = 0
            _ = curl_multi_socket_action(multi, watch.fd, mask, &active)
        }
        collectFinished()
    }

    private func admit() {
        for id in queue.admit() {
            guard let job = waiting.removeValue(forKey: id) else { continue }
            switch CurlTransfer.make(job.spec, settings: settings.transfer, reusing: idleHandles.popLast()) {
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
            // Only a finished transfer's handle is kept; a cancelled one's is cleaned up with it.
            if idleHandles.count < settings.maxInFlight, let handle = entry.transfer.release() {
                idleHandles.append(handle)
            }
            entry.job.continuation.resume(returning: outcome)
        }
    }

    private func detach(_ transfer: CurlTransfer, id: UInt64) {
        curl_multi_remove_handle(multi, transfer.handle)
        idsByHandle[transfer.handle] = nil
        queue.remove(id: id)
    }
}
