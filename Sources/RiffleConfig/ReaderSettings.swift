/// The `reader:` section: how the line-mode reader pages.
public struct ReaderSettings: Sendable, Hashable {
    /// Lines per screen page; `nil` means the terminal's height (`lines: auto`).
    public var lines: Int?
    /// Pages of items kept fetched ahead of what is shown (0...20).
    public var prefetch: Int
    /// Item titles link to their URLs (OSC 8) where colour is on; `false` turns the links off for
    /// terminals that show the sequences instead of ignoring them.
    public var links: Bool

    static let linesRange = 1...1000
    static let prefetchRange = 0...20

    package init(lines: Int? = nil, prefetch: Int = 2, links: Bool = true) {
        self.lines = lines
        self.prefetch = prefetch
        self.links = links
    }
}
