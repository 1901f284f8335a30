/// Wrapping a long line onto several, for the item view (`v N`).
extension StyledLine {
    /// The line broken into lines of at most `columns` display columns: at spaces where it can, inside
    /// a word only when the word alone is wider than a line. Later lines start with `indent` spaces.
    /// Styles and links stay on their characters; the spaces a break falls on are dropped.
    func wrapped(to columns: Int, indent: Int = 0) -> [StyledLine] {
        let columns = max(1, columns)
        let indent = min(max(0, indent), columns / 2)
        // Words: runs of non-space characters, each with the segment it came from.
        var words: [[(character: Character, segment: Int)]] = []
        var word: [(character: Character, segment: Int)] = []
        for (index, segment) in segments.enumerated() {
            for character in segment.text {
                if character == " " {
                    if !word.isEmpty { words.append(word) }
                    word = []
                } else {
                    word.append((character, index))
                }
            }
        }
        if !word.isEmpty { words.append(word) }

        var builder = Builder(segments: segments, indent: indent)
        for word in words {
            let width = word.reduce(0) { $0 + DisplayWidth.of($1.character) }
            if builder.used + (builder.empty ? 0 : 1) + width <= columns {
                if !builder.empty { builder.space() }
                for piece in word { builder.put(piece.character, from: piece.segment) }
            } else if width <= columns - indent {
                builder.startLine()
                for piece in word { builder.put(piece.character, from: piece.segment) }
            } else {
                // Wider than any line: break it wherever the line is full.
                if !builder.empty {
                    if builder.used + 2 <= columns { builder.space() } else { builder.startLine() }
                }
                for piece in word {
                    if !builder.empty, builder.used + DisplayWidth.of(piece.character) > columns { builder.startLine() }
                    builder.put(piece.character, from: piece.segment)
                }
            }
        }
        builder.lines.append(builder.current)
        return builder.lines
    }

    /// The lines being filled by `wrapped`.
    private struct Builder {
        let segments: [Segment]
        let indent: Int
        var lines: [StyledLine] = []
        var current = StyledLine()
        var used = 0
        /// Nothing but the indent on the current line.
        var empty = true

        init(segments: [Segment], indent: Int) {
            self.segments = segments
            self.indent = indent
        }

        mutating func startLine() {
            lines.append(current)
            current = StyledLine()
            current.appendSafe(String(repeating: " ", count: indent))
            used = indent
            empty = true
        }

        mutating func put(_ character: Character, from segment: Int) {
            current.appendSafe(String(character), style: segments[segment].style, link: segments[segment].link)
            used += DisplayWidth.of(character)
            empty = false
        }

        mutating func space() {
            current.appendSafe(" ")
            used += 1
        }
    }
}
