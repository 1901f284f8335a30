internal import RiffleSystem

/// Runs work that SIGINT or SIGTERM cancel (structured: the work is a child task, cancelled on a
/// signal, and its clean-up — an export's temporary file, plugin processes — runs before exit 130).
enum Interruption {
    struct Interrupted: Error {}

    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let (signals, sink) = AsyncStream<Signal>.makeStream()
        let handlers: [(Signal, @Sendable () -> Void)] = [Signal.interrupt, .terminate].map { signal in
            (signal, { sink.yield(signal) })
        }
        let sources = SignalSources(handlers)
        defer {
            // The signals stay ignored: the command is about to exit, by the work's result or exit 130.
            sources.cancel(restoringDefaults: false)
            sink.finish()
        }
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                for await _ in signals { return nil }
                return nil
            }
            while let result = try await group.next() {
                if let value = result {
                    group.cancelAll()
                    return value
                }
                if !Task.isCancelled {
                    group.cancelAll()
                    // Let the work finish its clean-up; if it had already finished, its result stands.
                    while let late = try? await group.next() {
                        if let value = late { return value }
                    }
                    throw Interrupted()
                }
            }
            throw Interrupted()
        }
    }
}
