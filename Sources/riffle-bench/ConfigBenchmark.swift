/// Placeholder until its issue lands; replaced by the real benchmark.
enum ConfigBenchmark {
    static func run(_ arguments: [String]) async throws {
        print("riffle-bench: the Config benchmark is not built yet")
    }
}
