/// Feed text made plain: HTML reduced to its text (tags removed, character references decoded), and
/// whitespace collapsed, for titles, summaries and authors.
///
/// Not an HTML parser: a single pass over the UTF-8 bytes that knows tags, comments, `script`/`style`
/// bodies and references, which is what a one-line title or a summary needs. Bounded by its input.
package enum HTMLText {
    /// How `<` is read.
    package enum Tags: Sendable {
        /// Every `<name …>`, `</name>`, `<!…>` and `<?…?>` is markup (HTML content: `description`,
        /// Atom `type="html"`, JSON Feed `content_html`).
        case all
        /// Only tags of HTML elements (`<b>`, `<a href>`, `<br/>`) are markup; `<T>` in a title that
        /// talks about generics stays (RSS titles, which may or may not hold HTML).
        case htmlElementsOnly
        /// No markup: every `<` is text; references are decoded (JSON Feed titles, plain text that
        /// feeds entity-encode anyway, shown decoded as feed readers show them).
        case none
    }

    /// `html` as text: tags removed (block elements leave a space), references decoded, whitespace
    /// collapsed and trimmed.
    package static func text(fromHTML html: String, tags: Tags = .all) -> String {
        var reducer = Reducer(capacity: html.utf8.count)
        var source = html
        source.withUTF8 { reducer.reduce($0, tags: tags) }
        return reducer.result
    }

    /// Plain text with its whitespace collapsed and trimmed; nothing else changes (Atom `type="text"`,
    /// JSON Feed `content_text`, names, categories).
    static func collapsed(_ text: String) -> String {
        var reducer = Reducer(capacity: text.utf8.count)
        var source = text
        source.withUTF8 { buffer in
            var index = 0
            while index < buffer.count {
                index += reducer.appendSpaceOrByte(buffer, at: index)
            }
        }
        return reducer.result
    }

    /// The start of `text` for a title: at most `limit` characters, cut at a word boundary with `…`.
    static func prefix(of text: String, limit: Int = 80) -> String {
        guard text.count > limit else { return text }
        let cut = text.prefix(limit)
        let head = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return head.trimmingSuffix { $0 == " " || $0.isPunctuation && $0 != ")" } + "…"
    }

    /// The byte-level work: whitespace collapsing output plus the markup reader.
    private struct Reducer {
        private var output: [UInt8] = []
        private var pendingSpace = false

        init(capacity: Int) { output.reserveCapacity(capacity) }

        var result: String { String(decoding: output, as: UTF8.self) }

        mutating func space() { pendingSpace = !output.isEmpty }

        mutating func append(_ byte: UInt8) {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C: space()
            default:
                if pendingSpace {
                    output.append(0x20)
                    pendingSpace = false
                }
                output.append(byte)
            }
        }

        /// Appends the byte at `index`, or a space for a no-break space (U+00A0, C2 A0 in UTF-8); how
        /// many bytes that took.
        mutating func appendSpaceOrByte(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
            if bytes[index] == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0xA0 {
                space()
                return 2
            }
            append(bytes[index])
            return 1
        }

        mutating func append(_ scalar: Unicode.Scalar) {
            if scalar == "\u{A0}" || scalar.value < 0x80 && scalar.properties.isWhitespace {
                space()
                return
            }
            UTF8.encode(scalar) { append($0) }
        }

        mutating func reduce(_ bytes: UnsafeBufferPointer<UInt8>, tags: Tags) {
            var index = 0
            var markupAhead = true
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "<"), markupAhead, tags != .none {
                    switch Markup.skip(bytes, at: index, tags: tags) {
                    case .markup(let end):
                        if end.isBlock { space() }
                        index = end.next
                        continue
                    case .text: break
                    case .textToTheEnd: markupAhead = false
                    }
                    append(byte)
                    index += 1
                } else if byte == UInt8(ascii: "&"), let (scalar, next) = Markup.reference(bytes, at: index) {
                    append(scalar)
                    index = next
                } else {
                    index += appendSpaceOrByte(bytes, at: index)
                }
            }
        }
    }
}

extension Substring {
    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> String {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return String(self[startIndex..<end])
    }
}
