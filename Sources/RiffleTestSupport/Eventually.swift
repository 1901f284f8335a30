/// Waits for `condition` to hold, checking it every `interval`, for at most `timeout`; whether it held.
///
/// The one way tests wait for something another task, thread or process does: on the event itself, with
/// a deadline, never a fixed sleep that is too short on a slow machine and wasted time on a fast one.
/// The condition is checked once more at the deadline, and at once when the waiting task is cancelled.
public func eventually(
    timeout: Duration = .seconds(10), interval: Duration = .milliseconds(20),
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        do {
            try await Task.sleep(for: interval)
        } catch {
            break
        }
    }
    return try await condition()
}
