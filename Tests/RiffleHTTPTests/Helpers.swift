import RiffleTestSupport
import Testing

@testable import RiffleHTTP

/// A client tuned for fast tests: tiny backoff, small limits.
func makeClient(_ configure: (inout HTTPClient.Configuration) -> Void = { _ in }) throws -> HTTPClient {
    var configuration = HTTPClient.Configuration(version: "9.9.9")
    configuration.backoffBase = .milliseconds(10)
    configuration.backoffCap = .milliseconds(50)
    configuration.maxTotalRetryWait = .seconds(5)
    configuration.connectTimeout = .seconds(2)
    configure(&configuration)
    return try HTTPClient(configuration: configuration)
}

/// The error `operation` throws, or `nil` if it returns.
func failure(_ operation: () async throws -> HTTPResponse) async -> HTTPError? {
    do {
        _ = try await operation()
        return nil
    } catch let error as HTTPError {
        return error
    } catch {
        Issue.record("not an HTTPError: \(error)")
        return nil
    }
}

/// The body as text.
func text(_ response: HTTPResponse) -> String {
    String(decoding: response.body, as: UTF8.self)
}
