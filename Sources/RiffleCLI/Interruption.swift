import Dispatch
internal import RiffleSystem

/// Runs work that SIGINT or SIGTERM cancel (structured: the work is a child task, cancelled on a
/// signal, and its clean-up — an export's temporary file, plugin processes — runs before exit 130).
enum Interruption {
    struct Interrupted: Error {}

    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let (signals, sink) = AsyncStream<Signal>.makeStream()
        let sources = [Signal.interrupt, .terminate].map { signal -> any DispatchSourceSignal in
            signal.ignore()
            let source = DispatchSource.makeSignalSource(signal: signal.rawValue)
            source.setEventHandler { sink.yield(signal) }
            source.resume()
            return source
        }
        defer {
            for source in sources { source.cancel() }
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
