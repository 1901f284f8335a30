/// The `reader:` section: how the line-mode reader pages.
package struct ReaderSettings: Sendable, Hashable {
    /// Lines per screen page; `nil` means the terminal's height (`lines: auto`).
    package var lines: Int?
    /// Pages of items kept fetched ahead of what is shown (0...20).
    package var prefetch: Int
    /// Item titles link to their URLs (OSC 8) where colour is on; `false` turns the links off for
    /// terminals that show the sequences instead of ignoring them.
    package var links: Bool
    /// Start in the view of unread items only (`u` toggles it).
    package var unreadOnly: Bool

    static let linesRange = 1...1000
    static let prefetchRange = 0...20

    package init(lines: Int? = nil, prefetch: Int = 2, links: Bool = true, unreadOnly: Bool = false) {
        self.lines = lines
        self.prefetch = prefetch
        self.links = links
        self.unreadOnly = unreadOnly
    }
}
