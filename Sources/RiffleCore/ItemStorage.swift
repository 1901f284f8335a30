package import RiffleBytes

/// The identity and texts of one `Item` in one allocation: the id and `extra` in the header, and the UTF-8
/// bytes of the title, URL, author, summary and tags back to back in the elements, followed by each tag's
/// end offset (four bytes, little-endian, unaligned), then — for an item an adapter built — `extra` as the
/// JSON text the export writes (`extraJSON`; the header's dictionary is then empty).
///
/// An item of separate `String`s would be up to seven allocations (a `String` each for id, title, URL,
/// author and summary, a box for the optional ones, an array of tags), each copy of it several reference
/// counts, and the encoder would read each text back through a getter. Here an item from a page is the id's `String`
/// and this buffer, a copy of it one reference count, and the encoder writes each text from these bytes.
/// The buffer never changes once made: a changed item gets a new one.
///
/// Unsafe, because a `ManagedBuffer`'s header and elements are reached through pointers. What every read
/// relies on is the header's layout, set once by `make` and never changed: `titleEnd ≤ urlEnd ≤ authorEnd ≤
/// summaryEnd ≤ textCount`, each tag's end between `summaryEnd` and `textCount` and no smaller than the one
/// before, and `extraJSONStart + extraJSONCount` the elements' count. `make` checks that every offset fits
/// its 32 bits and that each text it copies lies within the bytes it is given; the buffer is created with
/// room for all of it. Nothing outside this file and `Item+Texts.swift` touches the pointers.
final class ItemStorage: ManagedBuffer<ItemStorage.Header, UInt8> {
    /// The buffer as an item holds it. `ManagedBuffer` is not `Sendable` (a buffer may change); this one
    /// never changes once `make` has filled it, and its header's values are `Sendable`, so sharing it
    /// between tasks is safe.
    struct Shared: @unchecked Sendable {
        let storage: ItemStorage
    }

    /// Where everything lies. The title starts at byte 0, each next text where the last one ended; the
    /// tags' texts start at `summaryEnd` and their ends are stored from `textCount` on.
    struct Header {
        let id: String
        let extra: [String: JSONValue]
        let titleEnd: UInt32
        let urlEnd: UInt32
        let authorEnd: UInt32
        let summaryEnd: UInt32
        /// The bytes of all texts; the tags' end offsets follow them.
        let textCount: UInt32
        let tagCount: UInt32
        /// The bytes of `extra` as JSON text after the tags' end offsets (0: `extra` is the dictionary).
        let extraJSONCount: UInt32
        /// Which optional texts are present (an empty one is not an absent one): `Item.TextField.bit`.
        let present: UInt8

        /// Where `extra`'s JSON text starts in the elements: after the texts and the tags' end offsets.
        var extraJSONStart: Int { Int(textCount) + 4 * Int(tagCount) }

        /// The bytes the elements hold: the texts, the tags' end offsets and `extra`'s JSON text.
        var byteCount: Int { extraJSONStart + Int(extraJSONCount) }
    }

    /// A buffer holding `texts`' bytes at the given ranges (each within `texts`), in the order of the
    /// header; `nil` ranges are absent fields. `extraJSON`, when not empty, is `extra` written as JSON (an
    /// object, as `JSONValue.write` writes it; `extra` is then empty). `nil` when an offset does not fit the
    /// header's 32 bits.
    static func make(
        id: String, extra: [String: JSONValue], texts: [UInt8], title: Range<Int>,
        url: Range<Int>?, author: Range<Int>?, summary: Range<Int>?, tags: [Range<Int>], extraJSON: [UInt8] = []
    ) -> ItemStorage? {
        var present: UInt8 = 0
        if url != nil { present |= Item.TextField.url.bit }
        if author != nil { present |= Item.TextField.author.bit }
        if summary != nil { present |= Item.TextField.summary.bit }
        let titleEnd = title.count
        let urlEnd = titleEnd + (url?.count ?? 0)
        let authorEnd = urlEnd + (author?.count ?? 0)
        let summaryEnd = authorEnd + (summary?.count ?? 0)
        var textCount = summaryEnd
        for tag in tags { textCount += tag.count }
        let extraJSONStart = textCount + 4 * tags.count
        // Every offset below the total fits when the total does; the tags' ends are below `textCount`.
        guard UInt32(exactly: extraJSONStart + extraJSON.count) != nil, let textEnd = UInt32(exactly: textCount),
            let tagCount = UInt32(exactly: tags.count), let extraJSONCount = UInt32(exactly: extraJSON.count),
            let titleEnd = UInt32(exactly: titleEnd), let urlEnd = UInt32(exactly: urlEnd),
            let authorEnd = UInt32(exactly: authorEnd), let summaryEnd = UInt32(exactly: summaryEnd)
        else { return nil }
        // The header made where it is stored: one made beforehand and copied in costs a retain and a release
        // of the id and of `extra` per item.
        let buffer = unsafeDowncast(
            create(minimumCapacity: extraJSONStart + extraJSON.count) { _ in
                Header(
                    id: id, extra: extra, titleEnd: titleEnd, urlEnd: urlEnd, authorEnd: authorEnd,
                    summaryEnd: summaryEnd, textCount: textEnd, tagCount: tagCount, extraJSONCount: extraJSONCount,
                    present: present)
            }, to: ItemStorage.self)
        texts.withUnsafeBufferPointer { texts in
            buffer.withUnsafeMutablePointerToElements { elements in
                var end = 0
                func copy(_ range: Range<Int>?) {
                    guard let range, !range.isEmpty, let base = texts.baseAddress else { return }
                    precondition(
                        range.lowerBound >= 0 && range.upperBound <= texts.count, "item text outside its bytes")
                    (elements + end).update(from: base + range.lowerBound, count: range.count)
                    end += range.count
                }
                copy(title)
                copy(url)
                copy(author)
                copy(summary)
                for (position, tag) in tags.enumerated() {
                    copy(tag)
                    // Below `textCount`, checked to fit above.
                    let offset = UInt32(truncatingIfNeeded: end).littleEndian
                    UnsafeMutableRawPointer(elements + textCount + 4 * position).storeBytes(of: offset, as: UInt32.self)
                }
                extraJSON.withUnsafeBufferPointer { extraJSON in
                    guard let base = extraJSON.baseAddress, !extraJSON.isEmpty else { return }
                    (elements + extraJSONStart).update(from: base, count: extraJSON.count)
                }
            }
        }
        return buffer
    }

    /// Where `field`'s bytes lie, or `nil` when it is absent.
    func range(of field: Item.TextField) -> Range<Int>? {
        // Each header field is read through the pointer: `header` itself would copy the id and `extra`
        // (two reference counts) and check exclusive access at run time.
        withUnsafeMutablePointerToHeader { header in
            if field != .title, header.pointee.present & field.bit == 0 { return nil }
            switch field {
            case .title: return 0..<Int(header.pointee.titleEnd)
            case .url: return Int(header.pointee.titleEnd)..<Int(header.pointee.urlEnd)
            case .author: return Int(header.pointee.urlEnd)..<Int(header.pointee.authorEnd)
            case .summary: return Int(header.pointee.authorEnd)..<Int(header.pointee.summaryEnd)
            }
        }
    }

    /// The item's id.
    var id: String { withUnsafeMutablePointerToHeader { $0.pointee.id } }

    /// The item's `extra`: the dictionary, or its JSON text read again (as the store reads it back). The
    /// text holds no `null` member (`ItemBuilder.appendExtra` leaves them out, and numbers too large for a
    /// `Double` with them); dropping them again here costs one walk. A text that does not read back as an
    /// object is an error, never an empty `extra`.
    func readExtra() throws(ItemExtraError) -> [String: JSONValue] {
        let written: Result<[String: JSONValue], ItemExtraError>? = withExtraJSON { bytes in
            let parsed: JSONValue
            do {
                parsed = try JSONValue(parsing: Array(bytes))
            } catch {
                return .failure(ItemExtraError(id: id, reason: "\(error)"))
            }
            guard case .object(let members) = parsed else {
                return .failure(ItemExtraError(id: id, reason: "not an object"))
            }
            return .success(JSONValue.droppingNullMembers(members))
        }
        if let written { return try written.get() }
        return withUnsafeMutablePointerToHeader { $0.pointee.extra }
    }

    /// Calls `body` with `extra`'s JSON text when the item holds it so (an adapter's item); `nil` when
    /// `extra` is the dictionary.
    func withExtraJSON<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        withUnsafeMutablePointers { header, elements in
            let count = Int(header.pointee.extraJSONCount)
            guard count > 0 else { return nil }
            return body(UnsafeBufferPointer(start: elements + header.pointee.extraJSONStart, count: count))
        }
    }

    /// Whether `extra` is the same as `other`'s: the JSON texts compared as bytes when both hold one and
    /// they are equal, else the values.
    func hasSameExtra(as other: ItemStorage) -> Bool {
        let sameText: Bool?? = withExtraJSON { mine in other.withExtraJSON { mine.elementsEqual($0) } }
        if case true?? = sameText { return true }
        return Item.readExtra(self) == Item.readExtra(other)
    }

    /// How many tags there are.
    var tagCount: Int { withUnsafeMutablePointerToHeader { Int($0.pointee.tagCount) } }

    /// Where tag `index` (below `tagCount`) lies.
    func tagRange(_ index: Int) -> Range<Int> {
        withUnsafeMutablePointers { header, elements in
            Self.tagRange(
                index, tagsStart: Int(header.pointee.summaryEnd),
                tagEnds: UnsafeRawPointer(elements + Int(header.pointee.textCount)))
        }
    }

    /// Where tag `index` lies among the texts: the tags start where the summary ends (`tagsStart`), and each
    /// ends where its entry in the table after the texts (`tagEnds`, little-endian `UInt32`s) says.
    static func tagRange(_ index: Int, tagsStart: Int, tagEnds: UnsafeRawPointer) -> Range<Int> {
        func end(_ index: Int) -> Int {
            Int(UInt32(littleEndian: tagEnds.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self)))
        }
        return (index == 0 ? tagsStart : end(index - 1))..<end(index)
    }

    /// Calls `body` with the bytes in `range` (within the texts).
    func withBytes<R>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeMutablePointerToElements { elements in
            body(UnsafeBufferPointer(start: elements + range.lowerBound, count: range.count))
        }
    }

    /// The text in `range` as a `String`.
    func text(_ range: Range<Int>) -> String {
        withBytes(range) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `other` holds the same layout and bytes (then every text is the same; the id and `extra`
    /// are compared apart).
    func hasSameTexts(as other: ItemStorage) -> Bool {
        let mine = withUnsafeMutablePointerToHeader { $0.pointee }
        let theirs = other.withUnsafeMutablePointerToHeader { $0.pointee }
        guard
            mine.titleEnd == theirs.titleEnd, mine.urlEnd == theirs.urlEnd, mine.authorEnd == theirs.authorEnd,
            mine.summaryEnd == theirs.summaryEnd, mine.textCount == theirs.textCount,
            mine.tagCount == theirs.tagCount, mine.present == theirs.present
        else { return false }
        // The texts and the tags' ends: `extra`'s JSON text is compared apart.
        let count = mine.extraJSONStart
        return withUnsafeMutablePointerToElements { left in
            other.withUnsafeMutablePointerToElements { right in
                UnsafeBufferPointer(start: left, count: count).elementsEqual(
                    UnsafeBufferPointer(start: right, count: count))
            }
        }
    }
}
