import RiffleSystem

/// Runs `body` in the calling task but on a thread of its own, and returns what it gave. For a test whose
/// body is long and synchronous (seconds of CPU) and asserts as it goes: on the cooperative pool, which has
/// one thread per core, it would starve the async work of every test running beside it (servers that must
/// answer, timeouts that must fire on time). Unlike `offThePool`, the body stays in the test's task — a
/// task executor preference (`ThreadExecutor`, the one the export runs on) moves the task, not the work —
/// so its `#expect`s and task-locals belong to the test as before.
package func offThePoolInTask<T>(_ body: () throws -> T) async throws -> T {
    let executor = try ThreadExecutor()
    let result = await withTaskExecutorPreference(executor, isolation: nil) { Result { try body() } }
    await executor.shutdown()
    return try result.get()
}
