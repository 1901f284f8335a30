package import RiffleBytes

extension Item {
    /// An item's texts, all found at once, for the export to write: it writes every text of every item, and
    /// reaching each on its own looks the buffer and its header up again per field. The bytes are reached
    /// only through the writers below, each into a `ByteWriter` that checks its room. Valid only during the
    /// `withTexts` call that gives it.
    ///
    /// Unsafe, because it holds pointers into the item's buffer (`ItemStorage`) rather than a copy: the
    /// buffer is kept alive by `withTexts` for the call, never changes, and each pointer spans a range its
    /// header gives (the layout `ItemStorage` keeps). Other modules see only counts and the checked writers.
    package struct Texts {
        let title: UnsafeBufferPointer<UInt8>
        /// `nil` when absent (an empty text is present).
        let url: UnsafeBufferPointer<UInt8>?
        let author: UnsafeBufferPointer<UInt8>?
        let summary: UnsafeBufferPointer<UInt8>?
        /// `extra` as JSON text, when the item holds it so (`Item.extraJSONText`).
        let extraJSON: UnsafeBufferPointer<UInt8>?
        package let tagCount: Int
        /// The bytes of all the texts, tags included: with `tagCount`, a bound of what writing them takes.
        package let textByteCount: Int
        /// The texts' first byte (tags' bytes are at offsets from it) and the tags' end offsets.
        private let base: UnsafePointer<UInt8>?
        private let tagEnds: UnsafeRawPointer?
        private let tagsStart: Int

        /// A plain item's: a title alone.
        init(title: UnsafeBufferPointer<UInt8>) {
            self.title = title
            url = nil
            author = nil
            summary = nil
            extraJSON = nil
            tagCount = 0
            textByteCount = title.count
            base = nil
            tagEnds = nil
            tagsStart = 0
        }

        /// A stored item's, from its buffer's header and elements. Each header field is read through the
        /// pointer: copying the header would retain and release its id and `extra`.
        init(header: UnsafeMutablePointer<ItemStorage.Header>, elements: UnsafePointer<UInt8>) {
            let present = header.pointee.present
            let titleEnd = header.pointee.titleEnd
            let urlEnd = header.pointee.urlEnd
            let authorEnd = header.pointee.authorEnd
            let summaryEnd = header.pointee.summaryEnd
            func text(_ start: UInt32, _ end: UInt32, _ field: Item.TextField) -> UnsafeBufferPointer<UInt8>? {
                guard present & field.bit != 0 else { return nil }
                return UnsafeBufferPointer(start: elements + Int(start), count: Int(end) - Int(start))
            }
            title = UnsafeBufferPointer(start: elements, count: Int(titleEnd))
            url = text(titleEnd, urlEnd, .url)
            author = text(urlEnd, authorEnd, .author)
            summary = text(authorEnd, summaryEnd, .summary)
            let extraCount = Int(header.pointee.extraJSONCount)
            let extraStart = header.pointee.extraJSONStart
            extraJSON = extraCount > 0 ? UnsafeBufferPointer(start: elements + extraStart, count: extraCount) : nil
            tagCount = Int(header.pointee.tagCount)
            textByteCount = Int(header.pointee.textCount)
            base = elements
            tagEnds = UnsafeRawPointer(elements + Int(header.pointee.textCount))
            tagsStart = Int(summaryEnd)
        }

        /// Whether `field` is present (the title always is; an empty text is present).
        package func has(_ field: TextField) -> Bool { bytes(field) != nil }

        /// `field`'s bytes, `nil` when it is absent.
        private func bytes(_ field: TextField) -> UnsafeBufferPointer<UInt8>? {
            switch field {
            case .title: return title
            case .url: return url
            case .author: return author
            case .summary: return summary
            }
        }

        /// Writes `field` as a JSON string (`JSONString.write`); nothing when it is absent. Needs
        /// `JSONString.bound` of its bytes.
        package func writeJSON(_ field: TextField, to out: inout ByteWriter) {
            guard let bytes = bytes(field) else { return }
            JSONString.write(utf8: bytes, to: &out)
        }

        /// Writes the summary as a JSON string, else the title (JSON Feed's `content_text`).
        package func writeSummaryOrTitleJSON(to out: inout ByteWriter) {
            JSONString.write(utf8: summary ?? title, to: &out)
        }

        /// Writes tag `index` (below `tagCount`) as a JSON string.
        package func writeTagJSON(_ index: Int, to out: inout ByteWriter) {
            JSONString.write(utf8: tag(index), to: &out)
        }

        /// The length of `extra`'s JSON text when the item holds it so; `nil` when `extra` is a dictionary.
        package var extraJSONCount: Int? { extraJSON?.count }

        /// Writes `extra`'s JSON text as it is, when the item holds it so (`extraJSONCount` bytes).
        package func writeExtraJSON(to out: inout ByteWriter) {
            if let extraJSON { out.put(extraJSON) }
        }

        /// Tag `index`'s bytes (`index` below `tagCount`).
        func tag(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            precondition(index >= 0 && index < tagCount, "tag index out of range")
            guard let base, let tagEnds else { return UnsafeBufferPointer(start: nil, count: 0) }
            let range = ItemStorage.tagRange(index, tagsStart: tagsStart, tagEnds: tagEnds)
            return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
        }
    }

    /// Calls `body` with the item's texts (see `Texts`), valid only during the call.
    package func withTexts<R>(_ body: (Texts) -> R) -> R {
        if let storage = storedBuffer { return storage.withTexts(body) }
        var title = self.title
        return title.withUTF8 { body(Texts(title: $0)) }
    }
}

extension Item {
    // The field-by-field ways to the same bytes, which the tests hold `Texts` to.

    /// Calls `body` with `extra` written as JSON (`JSONValue.object(extra).write`'s bytes), valid only
    /// during the call, when the item holds it so — an adapter's item, built with `ItemBuilder.appendExtra`;
    /// `nil` otherwise (then `extra` is to be written).
    func withExtraJSON<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        storedBuffer?.withExtraJSON(body)
    }

    /// Calls `body` with `field`'s UTF-8 bytes, valid only during the call; `nil` when the field is absent.
    func withUTF8<R>(_ field: TextField, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        guard let storage = storedBuffer else {
            guard field == .title else { return nil }
            var title = self.title
            return title.withUTF8(body)
        }
        guard let range = storage.range(of: field) else { return nil }
        return storage.withBytes(range, body)
    }

    /// Calls `body` with tag `index`'s UTF-8 bytes (`index` below `tagCount`), valid only during the call.
    func withTagUTF8<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard let storage = storedBuffer else { preconditionFailure("tag \(index) of an item without tags") }
        return storage.withBytes(storage.tagRange(index), body)
    }
}

extension ItemStorage {
    /// `body` with the texts read from the header and elements in one go.
    func withTexts<R>(_ body: (Item.Texts) -> R) -> R {
        withUnsafeMutablePointers { header, elements in
            body(Item.Texts(header: header, elements: elements))
        }
    }
}
