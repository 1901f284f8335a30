import RiffleCore

/// Colours the reader gives to sources: a stable pick per name, the same on every run and machine.
enum Palette {
    /// Ten readable foreground colours that avoid the terminal's default and black/white.
    static let sourceColors: [Int] = [32, 33, 34, 35, 36, 91, 92, 94, 95, 96]

    /// The colour of a source: FNV-1a of its name's UTF-8, into the palette.
    static func color(forSource name: String) -> TextStyle {
        .ansi(sourceColors[Int(FNV1a.hash(name) % UInt64(sourceColors.count))])
    }
}
