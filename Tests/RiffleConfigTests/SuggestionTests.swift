import RiffleConfig
import Testing

/// The one did-you-mean, shared by configuration keys, commands and `--source` names.
@Suite struct SuggestionTests {
    @Test func closeWordsAreSuggestedIgnoringCase() {
        #expect(Suggestion.closest(to: "exprot", among: ["read", "export", "sources"]) == "export")
        #expect(Suggestion.closest(to: "Rocket", among: ["rocket", "launches"]) == "rocket")
        #expect(Suggestion.closest(to: "mars", among: ["rocket", "launches"]) == nil)
        #expect(Suggestion.hint(for: "mars", among: ["rocket", "launches"]) == " (expected one of rocket, launches)")
    }

    @Test func overlongWordsGetNoSuggestion() {
        let long = String(repeating: "a", count: Suggestion.maxWordLength + 1)
        #expect(Suggestion.closest(to: long, among: [long]) == nil, "bounded work for any input")
        let limit = String(repeating: "a", count: Suggestion.maxWordLength)
        #expect(Suggestion.closest(to: limit, among: [limit]) == limit)
    }
}
