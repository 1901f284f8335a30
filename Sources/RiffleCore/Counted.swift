/// A number with its noun as a person writes them: `1 source`, `3 pages`, `0 items`. Every message that
/// counts says it this way, so that none says "1 pages".
public struct Counted: Sendable, Hashable, CustomStringConvertible {
    public var number: Int
    public var noun: String
    /// The plural when it is not the noun and an `s` (`entry` gives `entries`).
    public var plural: String?

    public init(_ number: Int, _ noun: String, plural: String? = nil) {
        self.number = number
        self.noun = noun
        self.plural = plural
    }

    public var description: String { "\(number) \(number == 1 ? noun : plural ?? noun + "s")" }
}
