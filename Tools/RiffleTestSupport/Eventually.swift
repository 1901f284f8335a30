/// Waits for `condition` to hold, checking it every `interval`, for at most `timeout`; whether it held.
///
/// The one way tests wait for something another task, thread or process does: on the event itself, with
/// a deadline, never a fixed sleep that is too short on a slow machine and wasted time on a fast one.
/// The condition is checked once more at the deadline, and at once when the waiting task is cancelled.
/// The default deadline is generous: it only bounds a failing test, and a loaded machine (parallel
/// tests on two cores, long synchronous tests holding both of the cooperative pool's threads) has taken
/// more than 30 s to schedule the event, so it is 120 s.
package func eventually(
    timeout: Duration = .seconds(120), interval: Duration = .milliseconds(20),
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
