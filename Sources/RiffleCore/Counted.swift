/// A number with its noun as a person writes them: `1 source`, `3 pages`, `0 items`. Every message that
/// counts says it this way, so that none says "1 pages".
package struct Counted: Sendable, Hashable, CustomStringConvertible {
    package var number: Int
    package var noun: String
    /// The plural when it is not the noun and an `s` (`entry` gives `entries`).
    package var plural: String?

    package init(_ number: Int, _ noun: String, plural: String? = nil) {
        self.number = number
        self.noun = noun
        self.plural = plural
    }

    package var description: String { "\(number) \(number == 1 ? noun : plural ?? noun + "s")" }
}
