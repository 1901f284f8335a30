import Testing

@testable import RiffleServe

@Suite struct GzipBodyTests {
    /// The gzip magic and a body shorter than a repetitive input.
    @Test func compressesAsGzip() throws {
        let input = Array(String(repeating: "<entry>riffle</entry>", count: 200).utf8)
        let output = try #require(GzipBody.compress(input))
        #expect(output.prefix(2) == [0x1F, 0x8B])
        #expect(output.count < input.count / 4)
    }
}
