import RiffleTestSupport
import Testing

@testable import RiffleHTTP

/// The header callback's reading of header lines, over a real libcurl transfer from a server that writes
/// the lines byte for byte: ASCII lines are read as bytes, other lines as `Character`s, with the same result.
@Suite struct HeaderLineTests {
    @Test func fieldsAreSplitAtTheFirstColonAndTrimmedOfSpacesAndTabs() async throws {
        var head = Array("HTTP/1.1 200 OK\r\n".utf8)
        let lines: [[UInt8]] = [
            Array("X-Spaced: \t value with  inner  spaces \t \r\n".utf8),
            Array("X-Empty:\r\n".utf8),
            Array("X-Colon: a:b: c\r\n".utf8),
            Array("X-Text:caf\u{E9} \u{30C6}\u{30B9}\u{30C8}  \r\n".utf8),
            Array("X-Bytes: ".utf8) + [0xFF, 0xFE, 0x41] + Array("\r\n".utf8),
            Array("X-Lf-Only: lf\n".utf8),
            Array("Content-Length: 2\r\n\r\nok".utf8),
        ]
        for line in lines { head += line }
        let server = try RawSocketServer(behaviour: .respond(head))
        defer { server.stop() }
        let client = try makeClient()
        let response = try await client.execute(HTTPRequest(url: server.baseURL + "/x", retries: 0))
        #expect(response.status == 200)
        #expect(text(response) == "ok")
        #expect(response.headers["x-spaced"] == "value with  inner  spaces")
        #expect(response.headers["X-Empty"] == "")
        #expect(response.headers["X-Colon"] == "a:b: c")
        #expect(response.headers["X-Text"] == "caf\u{E9} \u{30C6}\u{30B9}\u{30C8}")
        #expect(response.headers["X-Bytes"] == "\u{FFFD}\u{FFFD}A")
        #expect(response.headers["X-Lf-Only"] == "lf")
        #expect(
            response.headers.map(\.name) == [
                "X-Spaced", "X-Empty", "X-Colon", "X-Text", "X-Bytes", "X-Lf-Only", "Content-Length",
            ])
    }
}
