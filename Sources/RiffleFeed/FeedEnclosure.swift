/// A file an entry carries: a podcast's audio, a video, a document (RSS `<enclosure>`, Atom
/// `<link rel="enclosure">`, JSON Feed `attachments`, Media RSS `media:content` where nothing else gives one).
/// Every field is the feed's word, untrusted.
package struct FeedEnclosure: Sendable, Hashable {
    /// The file's URL, resolved against `xml:base` and the feed's URL.
    package var url: String
    /// Its media type as the feed states it (`audio/mpeg`).
    package var type: String?
    /// Its size in bytes, when the feed gives a positive one.
    package var length: Int64?
    /// Its playing time in whole seconds (`itunes:duration`, JSON Feed `duration_in_seconds`, Media RSS `duration`).
    package var duration: Int64?

    package init(url: String, type: String? = nil, length: Int64? = nil, duration: Int64? = nil) {
        self.url = url
        self.type = type
        self.length = length
        self.duration = duration
    }

    /// The most enclosures an entry keeps: a podcast episode has one, a gallery a few.
    static let limit = 20

    /// A size attribute's text as bytes: digits only, positive; anything else (`0`, `-1`, `12 MB`) says nothing.
    static func length(_ text: String?) -> Int64? {
        guard let text = text?.trimmingSpaces, let value = Int64(text), value > 0 else { return nil }
        return value
    }

    /// A duration as feeds write it: seconds (`3600`, `3600.5`), `MM:SS` or `HH:MM:SS`; `nil` for anything else.
    static func duration(_ text: String?) -> Int64? {
        guard let text = text?.trimmingSpaces, !text.isEmpty, text.utf8.count <= 20 else { return nil }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 3 else { return nil }
        var seconds: Int64 = 0
        for (index, part) in parts.enumerated() {
            let whole =
                index == parts.count - 1 ? part.split(separator: ".").first.map(String.init) ?? "" : String(part)
            guard let value = Int64(whole), value >= 0, index == 0 || value < 60 || parts.count == 1 else { return nil }
            seconds = seconds * 60 + value
        }
        return seconds
    }
}
