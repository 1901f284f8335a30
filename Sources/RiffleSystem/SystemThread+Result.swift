import Synchronization

extension SystemThread {
    /// Runs `body` on a thread of its own and waits, suspended, for its result: for CPU-bound work of
    /// unbounded length (parsing a large document) that must not hold one of the cooperative pool's few
    /// threads. When no thread can be started, the error is the result.
    package static func result<Success: Sendable, Failure: Error>(
        of body: @escaping @Sendable () -> Result<Success, Failure>
    ) async -> Result<Success, any Error> {
        let box = Mutex<Result<Success, Failure>?>(nil)
        do {
            let thread = try start { box.withLock { $0 = body() } }
            await thread.waitForExit()
        } catch {
            return .failure(error)
        }
        guard let result = box.withLock({ $0 }) else { return .failure(SystemError(call: "thread", code: 0)) }
        return result.mapError { $0 }
    }
}
