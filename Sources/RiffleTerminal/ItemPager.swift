/// The item view on screen (`v N`): its lines and how many have been shown. Enter shows the next
/// screenful; at the end, Enter (or `q` at any time) goes back to the list.
struct ItemPager: Sendable {
    var number: Int
    var lines: [StyledLine]
    var shown = 0

    var atEnd: Bool { shown >= lines.count }

    /// Shows up to `count` more lines; returns them.
    mutating func next(_ count: Int) -> ArraySlice<StyledLine> {
        let end = min(lines.count, shown + max(1, count))
        defer { shown = end }
        return lines[shown..<end]
    }

    /// `item 12: 1–23 of 40  Enter more · q back to the list`, or at the end `item 12 (end)  Enter or q:
    /// back to the list`, after the message if any; cut from the front's end when the width is short.
    func prompt(message: StyledLine?, width: Int) -> StyledLine {
        var head = StyledLine()
        if let message {
            head.append(message)
            head.appendSafe("  ")
        }
        if atEnd {
            head.appendSafe("item \(number) (end)", style: .reverse)
        } else {
            head.appendSafe("item \(number): 1–\(shown) of \(lines.count)", style: .reverse)
        }
        let keys =
            atEnd
            ? ["Enter or q: back to the list", "Enter, q: back"]
            : ["Enter more · q back to the list", "Enter more · q back"]
        for legend in keys where head.width + 2 + legend.count <= width {
            head.appendSafe("  ")
            head.appendSafe(legend, style: .dim)
            return head
        }
        let legend = keys[1]
        var line = head.fitted(to: max(1, width - legend.count - 2))
        line.appendSafe("  ")
        line.appendSafe(legend, style: .dim)
        return line.fitted(to: width)
    }
}
