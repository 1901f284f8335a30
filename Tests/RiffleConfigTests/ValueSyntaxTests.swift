import Testing

@testable import RiffleConfig

@Suite struct ValueSyntaxTests {
    @Test func durations() {
        #expect(ValueSyntax.duration("20s") == .seconds(20))
        #expect(ValueSyntax.duration("2m") == .seconds(120))
        #expect(ValueSyntax.duration("1h30m") == .seconds(5400))
        #expect(ValueSyntax.duration("500ms") == .milliseconds(500))
        #expect(ValueSyntax.duration("7d") == .seconds(7 * 86_400))
        #expect(ValueSyntax.duration("1m30s500ms") == .milliseconds(90_500))
        for bad in ["", "20", "s", "30m1h", "1h1h", "1.5s", "-1s", "1 s", "99999999999999999d"] {
            #expect(ValueSyntax.duration(bad) == nil, "\(bad)")
        }
        #expect(ValueSyntax.describe(.seconds(5400)) == "1h30m")
        #expect(ValueSyntax.describe(.milliseconds(1)) == "1ms")
    }

    /// ASCII durations are read byte by byte, others by characters: both give the same answers.
    @Test func durationsBeyondASCII() {
        #expect(ValueSyntax.duration("999999999999ms") == .milliseconds(999_999_999_999))
        for bad in ["9999999999999ms", "20s\u{301}", "\u{661}\u{660}s", "20\u{A0}s", "1h\r\n", "20S", "1m1m"] {
            #expect(ValueSyntax.duration(bad) == nil, "\(bad)")
        }
    }

    @Test func urls() {
        #expect(ValueSyntax.webURLProblem("https://gitlab.com") == nil)
        #expect(ValueSyntax.webURLProblem("http://127.0.0.1:8765/graphql?x=1") == nil)
        #expect(ValueSyntax.webURLProblem("http://[::1]:80/") == nil)
        #expect(ValueSyntax.webURLProblem("gitlab.com") != nil)
        #expect(ValueSyntax.webURLProblem("file:///etc/passwd") != nil)
        #expect(ValueSyntax.webURLProblem("https://") != nil)
        #expect(ValueSyntax.webURLProblem("https://host:99999/") != nil)
        #expect(ValueSyntax.webURLProblem("https://ho st/") != nil)
    }

    @Test func plainScalarsAreTypedForVariables() {
        #expect(GraphQLSettings.typedPlainScalar("true") == .bool(true))
        #expect(GraphQLSettings.typedPlainScalar("-12") == .int(-12))
        #expect(GraphQLSettings.typedPlainScalar("1e3") == .double(1000))
        #expect(GraphQLSettings.typedPlainScalar("~") == .null)
        #expect(GraphQLSettings.typedPlainScalar("yes") == .string("yes"))
        #expect(GraphQLSettings.typedPlainScalar(".inf") == .string(".inf"))
    }

    @Test func didYouMean() {
        #expect(Suggestion.closest(to: "projct", among: ["project", "group"]) == "project")
        #expect(Suggestion.closest(to: "Timeout", among: ["timeout"]) == "timeout")
        #expect(Suggestion.closest(to: "zzz", among: ["url", "state"]) == nil)
    }
}
