package import Foundation

extension Process {
    /// Runs the process, then `whileRunning` (which may signal it), then waits for it to exit; its
    /// termination status.
    ///
    /// The wait ends on the exit itself (`terminationHandler`), not on polling `isRunning`. When
    /// `whileRunning` throws or the task is cancelled, the process is terminated before the error is
    /// thrown, so no test leaves one behind.
    package func runUntilExit(whileRunning: () async throws -> Void = {}) async throws -> Int32 {
        let (exits, exited) = AsyncStream.makeStream(of: Int32.self, bufferingPolicy: .bufferingNewest(1))
        terminationHandler = { process in
            exited.yield(process.terminationStatus)
            exited.finish()
        }
        try run()
        do {
            try await whileRunning()
        } catch {
            terminate()
            for await _ in exits {}
            throw error
        }
        for await status in exits { return status }
        terminate()
        throw CancellationError()
    }
}
