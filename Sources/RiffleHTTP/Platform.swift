import Glibc

/// The few libc calls the HTTP layer needs, kept in one place so the rest of the code stays portable Swift.
enum Platform {
    /// A started POSIX thread that can be joined once.
    struct Thread: Sendable {
        fileprivate let id: pthread_t
    }

    /// The closure a new thread runs, boxed so it can travel through `pthread_create`'s `void *`.
    private final class ThreadBody {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Starts a thread running `body`. One dedicated thread, not a task: the libcurl loop blocks in
    /// `curl_multi_poll`, which must never happen on Swift's cooperative pool.
    static func startThread(_ body: @escaping @Sendable () -> Void) -> Thread? {
        let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { argument in
                guard let argument else { return nil }
                let body = Unmanaged<ThreadBody>.fromOpaque(argument).takeRetainedValue()
                body.run()
                return nil
            }, box)
        guard result == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(box).release()
            return nil
        }
        return Thread(id: thread)
    }

    /// Waits for `thread` to finish.
    static func join(_ thread: Thread) {
        pthread_join(thread.id, nil)
    }

    /// Whether the caller runs on `thread` (joining yourself would deadlock).
    static func isCurrent(_ thread: Thread) -> Bool {
        pthread_equal(pthread_self(), thread.id) != 0
    }

    /// Detaches `thread` so it releases its resources on exit without a join.
    static func detach(_ thread: Thread) {
        pthread_detach(thread.id)
    }

    /// Wall-clock time in seconds since the Unix epoch, for `Retry-After` dates and `RateLimit-Reset`.
    static func secondsSinceEpoch() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// A uniformly distributed number in `0..<1` for backoff jitter.
    static func randomUnit() -> Double {
        Double.random(in: 0..<1)
    }

    /// Ignores SIGPIPE: with `CURLOPT_NOSIGNAL` libcurl no longer does, and a write to a closed socket
    /// must fail with an error instead of killing the process.
    static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }
}
