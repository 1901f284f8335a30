/// "Did you mean …?" for misspelt keys, types and params, by edit distance.
///
/// One implementation for every did-you-mean riffle prints: configuration keys here, and the CLI's
/// command names and `--source` names.
package enum Suggestion {
    /// Words longer than this get no suggestion: the distance costs their length times each candidate's.
    package static let maxWordLength = 128

    /// The candidate closest to `word`, when it is close enough to be a likely typo.
    package static func closest(to word: String, among candidates: [String]) -> String? {
        guard word.count <= maxWordLength else { return nil }
        let lowered = word.lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate.count <= maxWordLength {
            let distance = editDistance(lowered, candidate.lowercased())
            let shorter = min(lowered.count, candidate.count)
            let allowed = max(shorter <= 4 ? 1 : 2, shorter / 3)
            guard distance <= allowed else { continue }
            if best == nil || distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// `; did you mean "x"?` or, without a close candidate, the list to choose from.
    package static func hint(for word: String, among candidates: [String]) -> String {
        if let match = closest(to: word, among: candidates) { return "; did you mean \"\(match)\"?" }
        guard !candidates.isEmpty else { return "" }
        return " (expected one of \(candidates.joined(separator: ", ")))"
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs)
        let right = Array(rhs)
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var previous = Array(0...right.count)
        var current = [Int](repeating: 0, count: right.count + 1)
        for i in 1...left.count {
            current[0] = i
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[right.count]
    }
}
