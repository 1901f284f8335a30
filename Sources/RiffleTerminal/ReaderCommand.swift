/// What the user asked the reader to do: the same whether it came as one key (stdin a terminal) or as
/// a typed line (stdin a pipe or file).
package enum ReaderCommand: Sendable, Hashable {
    case nextPage
    case previousPage
    case firstPage
    /// Show only items containing the text (case-insensitive); `nil` clears the filter.
    case filter(String?)
    /// Open item N's URL (N as numbered on screen).
    case open(Int)
    /// Open link M of item N's article (`o N.M`, M as numbered in `v N`).
    case openLink(item: Int, link: Int)
    /// Open enclosure M of item N (`e N` the first, `e N.M`).
    case openEnclosure(item: Int, enclosure: Int)
    /// Show item N in full.
    case view(Int)
    /// The next page that holds an unread item.
    case nextUnread
    /// Mark every item read.
    case markAllRead
    /// Show only these sources (names as typed); empty shows every source.
    case sources([String])
    /// Toggle the view of unread items only.
    case toggleUnreadOnly
    /// The sources view: every source numbered, with its counts and state.
    case listSources
    /// A bare number: in the sources view, open source N (its items only); elsewhere a hint.
    case number(Int)
    /// Mark every item of source N (numbered as the sources view numbers them) read.
    case markSourceRead(Int)
    /// Retry source N if it failed, else fetch what is new at its top.
    case refreshSource(Int)
    /// A command that takes a number given none, or not a number (`o`, `v`, `e`, `m`, `r`): the command's letter.
    case missingNumber(String)
    case refresh
    case status
    case help
    case quit
    /// Something the reader does not understand; the text is the user's own, shown sanitized.
    case unknown(String)

    /// Parses one typed line: empty or space → next page; `b`, `g`, `n`, `u`, `l`, `A`, `r`, `s`, `?`/`h`,
    /// `q`; `/text` (a bare `/` clears the filter); `o N` or `oN`, `o N.M`, `v N` or `vN`, `e N`, `e N.M`,
    /// `m N`, `r N`; a bare number; `f NAME…` (names apart by spaces or commas; a bare `f` shows every source).
    package static func parse(line: String) -> ReaderCommand {
        let trimmed = line.trimmingWhitespace()
        if trimmed.isEmpty { return .nextPage }
        if trimmed.first == "/" {
            let text = String(trimmed.dropFirst()).trimmingWhitespace()
            return .filter(text.isEmpty ? nil : text)
        }
        switch trimmed {
        case "b", "B": return .previousPage
        case "g", "G": return .firstPage
        case "r", "R": return .refresh
        case "s", "S": return .status
        case "?", "h", "H", "help": return .help
        case "q", "Q", "quit", "exit": return .quit
        case "n", "N": return .nextUnread
        case "A": return .markAllRead
        case "u", "U": return .toggleUnreadOnly
        case "l", "L": return .listSources
        default: break
        }
        if let value = Int(trimmed), value > 0 { return .number(value) }
        if let first = trimmed.first, "oOvVeEmMrR".contains(first) {
            let number = String(trimmed.dropFirst()).trimmingWhitespace()
            let letter = first.lowercased()
            let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            guard let value = parts.first.flatMap({ Int($0) }), value > 0 else {
                // `open`, `view`, `vim`, `edit`: words, not a key with a missing number.
                return trimmed.dropFirst().first?.isLetter == true ? .unknown(trimmed) : .missingNumber(letter)
            }
            guard parts.count == 2 else {
                switch letter {
                case "o": return .open(value)
                case "e": return .openEnclosure(item: value, enclosure: 1)
                case "m": return .markSourceRead(value)
                case "r": return .refreshSource(value)
                default: return .view(value)
                }
            }
            guard let second = Int(parts[1]), second > 0, letter == "o" || letter == "e" else {
                return .missingNumber(letter)
            }
            return letter == "o" ? .openLink(item: value, link: second) : .openEnclosure(item: value, enclosure: second)
        }
        if trimmed.first == "f" || trimmed.first == "F" {
            let rest = trimmed.dropFirst()
            if rest.isEmpty || rest.first == " " || rest.first == "\t" {
                let names = rest.split { $0 == " " || $0 == "," || $0 == "\t" }.map(String.init)
                return .sources(names)
            }
        }
        return .unknown(trimmed)
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line ends (no Foundation needed).
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}
