/// Placeholder until its issue lands; replaced by the real benchmark.
enum HTTPBenchmark {
    static func run(_ arguments: [String]) async throws {
        print("riffle-bench: the HTTP benchmark is not built yet")
    }
}
