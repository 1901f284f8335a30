import RiffleSystem
import Synchronization

/// Runs `body` on a thread of its own and waits for it, suspended. For a test whose work is long and
/// synchronous (seconds of CPU): on the cooperative pool, which has one thread per core, it would starve
/// the async work of every test running beside it — servers that must answer, deadlines that must be met
/// (on two cores, two such tests at once stopped a sandbox from starting within 10 s).
package func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    let outcome = Outcome<T>()
    let thread = try SystemThread.start { outcome.set(Result { try body() }) }
    await thread.waitForExit()
    return try outcome.get()
}

/// What the thread's body gave, handed to the waiting task.
private final class Outcome<T: Sendable>: Sendable {
    private let result = Mutex<Result<T, any Error>?>(nil)

    func set(_ value: Result<T, any Error>) { result.withLock { $0 = value } }

    /// The body's value or error; the thread has ended, so it is set.
    func get() throws -> T {
        guard let value = result.withLock({ $0 }) else { throw OffThePoolError() }
        return try value.get()
    }
}

/// The thread ended without a result (it cannot, short of a crash).
private struct OffThePoolError: Error {}
