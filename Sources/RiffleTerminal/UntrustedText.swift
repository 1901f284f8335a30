/// Text that came from outside the program — a server's titles, authors, tags, URLs, error messages, and
/// configured source names — and so may carry bytes that command a terminal.
///
/// It is the one way such text reaches the screen: `terminalText` shows every control as inert, visible
/// text, so nothing remote can retitle the window, clear the screen, ring the bell, move the cursor or
/// reorder what is shown. The mapping is per scalar and needs no parsing of escape sequences, so
/// back-to-back, truncated or malformed sequences are all handled alike:
///
/// - C0 controls and DEL in caret notation: ESC → `^[`, BEL → `^G`, BS → `^H`, NUL → `^@`, DEL → `^?`;
///   a CSI such as `ESC [2J` therefore shows as `^[[2J`, an OSC title `ESC ]0;x BEL` as `^[]0;x^G`.
/// - Tab, line feed, carriage return, and the Unicode line/paragraph separators (U+2028/9) become one
///   space each: an item stays on one line.
/// - C1 controls (U+0080–U+009F; U+009B is an 8-bit CSI to some terminals) as `<U+009B>`.
/// - Bidirectional overrides, embeddings, isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E,
///   U+200F, U+061C) as `<U+202E>`, so text order cannot be spoofed.
///
/// Swift strings are valid Unicode by construction (bad UTF-8 was repaired to U+FFFD when decoded), so
/// no input can make this fail.
package struct UntrustedText: Sendable, Hashable {
    /// The text as received.
    let raw: String

    package init(_ raw: String) { self.raw = raw }

    /// The text made safe to write to a terminal.
    package var terminalText: String {
        // Fast path: nothing to change in the common, printable case.
        if raw.unicodeScalars.allSatisfy({ !Self.needsEscaping($0) }) { return raw }
        var output = String.UnicodeScalarView()
        for scalar in raw.unicodeScalars {
            Self.append(scalar, to: &output)
        }
        return String(output)
    }

    /// The same mapping over a whole string.
    package static func sanitize(_ text: String) -> String { UntrustedText(text).terminalText }

    static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || isBidiControl(value) || value == 0x2028
            || value == 0x2029
    }

    static func isBidiControl(_ value: UInt32) -> Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F
            || value == 0x061C
    }

    private static func append(_ scalar: Unicode.Scalar, to output: inout String.UnicodeScalarView) {
        let value = scalar.value
        switch value {
        case 0x09, 0x0A, 0x0D, 0x2028, 0x2029:
            output.append(" ")
        case 0x00..<0x20:
            output.append("^")
            output.append(Unicode.Scalar(UInt8(value + 0x40)))
        case 0x7F:
            output.append(contentsOf: "^?".unicodeScalars)
        case 0x80...0x9F:
            output.append(contentsOf: codePoint(value).unicodeScalars)
        case _ where isBidiControl(value):
            output.append(contentsOf: codePoint(value).unicodeScalars)
        default:
            output.append(scalar)
        }
    }

    /// `<U+XXXX>` with at least four upper-case hex digits.
    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }
}
