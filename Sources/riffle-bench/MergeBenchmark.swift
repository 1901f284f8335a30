enum MergeBenchmark {
    static func run(_ arguments: [String]) async throws {}
}
