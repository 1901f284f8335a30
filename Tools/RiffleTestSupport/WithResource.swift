/// Runs `body` with `resource`, then awaits `stop(resource)` whether `body` returned or threw.
///
/// The structured form of "start, use, stop" for servers and sandboxes: the test does not finish, and
/// the next one does not start, until the resource is stopped. (`defer { Task { await stop() } }`
/// never waits: the stop runs, if at all, after the test has ended.)
package func withResource<Resource, Result>(
    _ resource: Resource, stop: (Resource) async -> Void, _ body: (Resource) async throws -> Result
) async throws -> Result {
    let result: Result
    do {
        result = try await body(resource)
    } catch {
        await stop(resource)
        throw error
    }
    await stop(resource)
    return result
}
