import Testing
@testable import RiffleConfig

@Test func smoke() throws {
    let c = try Configuration.load(path: "config.yaml", environment: [:])
    print(c)
}
