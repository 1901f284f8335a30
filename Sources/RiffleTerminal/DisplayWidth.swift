internal import RiffleSystem

/// How many terminal columns text takes, counted per `Character` (grapheme cluster) so a cluster is
/// never split: East Asian wide characters and emoji take two, combining marks none.
///
/// Widths come from glibc's `wcwidth` in the C.UTF-8 locale (through CRiffleSystem, which uses a per-thread
/// locale rather than changing the process's). A cluster with U+FE0F (emoji presentation) or any
/// scalar with the Emoji_Presentation property — flags, ZWJ families, skin tones included — is two wide,
/// whatever wcwidth says. Otherwise a cluster is as wide as its widest scalar, so marks and joiners
/// add nothing; a scalar wcwidth does not know counts one. Only for sanitized text: controls are
/// already visible text by then.
///
/// Where terminals disagree, the wider form is counted, so that a line fits in each of them: tmux 3.3a
/// draws each skin-tone modifier (U+1F3FB–U+1F3FF) as a wide character of its own after its base
/// (`👋🏻` four columns, `👩🏽‍💻` four) where most terminals join it, and draws `❤️` and keycaps one column
/// wide where others draw two. A line with a modifier may so end up to two columns short in a
/// terminal that joins it; it never wraps in one that does not.
package enum DisplayWidth {
    /// Columns of one character.
    static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        if let first = scalars.first, scalars.count == 1, first.isASCII {
            return first.value >= 0x20 && first.value != 0x7F ? 1 : 0
        }
        var widest = 0
        var emoji = false
        var modifiers = 0
        for scalar in scalars {
            if scalar.properties.isEmojiModifier { modifiers += 1 }
            if scalar.value == 0xFE0F || scalar.properties.isEmojiPresentation { emoji = true }
            widest = max(widest, scalarWidth(scalar))
        }
        return emoji ? 2 + 2 * modifiers : widest
    }

    /// Columns of a whole string.
    package static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        switch Terminal.columns(of: scalar) {
        case 0: return 0
        case 2: return 2
        case -2: return fallbackWidth(scalar)
        default: return 1
        }
    }

    /// Without the C.UTF-8 tables: marks none, the main East Asian wide blocks two, else one.
    static func fallbackWidth(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        let value = scalar.value
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(value) } ? 2 : 1
    }
}
