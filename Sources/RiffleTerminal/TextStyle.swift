/// How a piece of a line is drawn when colour is on: the parameters of one SGR escape sequence, built
/// only from numbers this program chose, never from remote text.
package struct TextStyle: Sendable, Hashable {
    /// SGR parameters, e.g. `2` (dim) or `38;2;255;0;0`; empty for plain text.
    let parameters: String

    package static let plain = TextStyle(parameters: "")
    static let dim = TextStyle(parameters: "2")
    package static let bold = TextStyle(parameters: "1")
    static let reverse = TextStyle(parameters: "7")
    static let italic = TextStyle(parameters: "3")
    /// Code in running text: cyan.
    static let code = TextStyle(parameters: "36")

    /// Both styles at once (bold italic).
    func adding(_ other: TextStyle) -> TextStyle {
        if parameters.isEmpty { return other }
        if other.parameters.isEmpty { return self }
        return TextStyle(parameters: parameters + ";" + other.parameters)
    }

    /// One of the 16 standard colours (30–37, 90–97).
    static func ansi(_ code: Int) -> TextStyle { TextStyle(parameters: String(code)) }

    /// A 24-bit foreground colour.
    static func rgb(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> TextStyle {
        TextStyle(parameters: "38;2;\(red);\(green);\(blue)")
    }

    /// Parses `#rgb` or `#rrggbb` (as GitLab label colours are given) into a 24-bit colour; `nil` for
    /// anything else, so a hostile value can never reach the escape sequence.
    static func hexColor(_ text: String) -> TextStyle? {
        var digits = Substring(text)
        if digits.first == "#" { digits = digits.dropFirst() }
        guard digits.count == 3 || digits.count == 6, digits.allSatisfy(\.isHexDigit) else { return nil }
        let expanded = digits.count == 3 ? String(digits.flatMap { [$0, $0] }) : String(digits)
        guard let value = UInt32(expanded, radix: 16) else { return nil }
        return rgb(UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
    }
}
