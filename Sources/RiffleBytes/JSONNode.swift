/// One value of a `JSONDocument`: read where it lies, made into a `JSONValue` only when asked (`value`).
///
/// Its answers are the ones the same value parsed by `JSONValue(parsing:)` gives: a member is the last
/// one of that name (as a dictionary keeps it), names compare as Swift strings do (canonical
/// equivalence; bytes are compared directly only when both names are ASCII), and `select` walks dotted
/// paths exactly as `JSONValue.value(at:)` does.
package struct JSONNode: Sendable {
    let document: JSONDocument
    let index: Int

    /// What a dotted path found: one value of the document, or the values collected from the elements of
    /// an array (`JSONValue.value(at:)`'s flattened array).
    package enum Selection: Sendable {
        case node(JSONNode)
        case collected([JSONNode])

        /// The selection as the `JSONValue` `value(at:)` gives.
        package var value: JSONValue {
            switch self {
            case .node(let node): return node.value
            case .collected(let nodes): return .array(nodes.map(\.value))
            }
        }

        /// The values of a list: an array's elements or the collected values; `nil` for anything else.
        package var list: [JSONNode]? {
            switch self {
            case .node(let node): return node.elements
            case .collected(let nodes): return nodes
            }
        }

        /// `value.scalarText`, read in place: collected values are an array, which has no text.
        package var scalarText: String? {
            if case .node(let node) = self { return node.scalarText }
            return nil
        }
    }

    var kind: JSONDocument.Kind { document.entries[index].kind }

    /// Whether this is `null`.
    package var isNull: Bool { kind == .null }

    /// Whether this is an object.
    package var isObject: Bool { kind == .object }

    /// Whether this is a number.
    package var isNumber: Bool { kind == .number }

    /// Whether this is a string (with escapes or without).
    package var isString: Bool { kind == .string || kind == .asciiName || kind == .escapedString }

    /// The boolean, when this is one.
    package var boolValue: Bool? {
        switch kind {
        case .trueValue: return true
        case .falseValue: return false
        default: return nil
        }
    }

    /// The string, when this is one.
    package var stringValue: String? {
        switch kind {
        case .string, .asciiName:
            let entry = document.entries[index]
            return document.bytes.withUnsafeBufferPointer { buffer in
                JSONParser.decode(UnsafeBufferPointer(rebasing: buffer[Int(entry.start + 1)..<Int(entry.end - 1)]))
            }
        case .escapedString:
            return value.stringValue
        default:
            return nil
        }
    }

    /// `value.scalarText` — a string, or a number or boolean as text — with a string without escapes
    /// decoded from the received bytes: no parser, no `JSONValue`.
    package var scalarText: String? {
        switch kind {
        case .string, .asciiName: return stringValue
        case .null, .object, .array: return nil
        case .falseValue, .trueValue, .number, .escapedString: return value.scalarText
        }
    }

    /// The bytes between a string's quotes when it has no escapes: its text as received (`stringValue` is
    /// their decoding, invalid UTF-8 repaired); `nil` for any other value. A slice of the page, not a copy,
    /// for readers that parse a text where it lies (an item's time).
    package var plainStringBytes: ArraySlice<UInt8>? {
        switch kind {
        case .string, .asciiName:
            let entry = document.entries[index]
            return document.bytes[Int(entry.start + 1)..<Int(entry.end - 1)]
        default:
            return nil
        }
    }

    /// The value as `JSONValue(parsing:)` makes it from these bytes.
    package var value: JSONValue {
        let start = Int(document.entries[index].start)
        return document.bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            parser.index = start
            // The document was parsed whole when it was made: these bytes parse again without an error.
            return (try? parser.parseValue()) ?? .null
        }
    }

    /// An array's elements, in order; `nil` when this is not an array.
    package var elements: [JSONNode]? {
        guard kind == .array else { return nil }
        var count = 0
        forEachElement { _ in count += 1 }
        var elements: [JSONNode] = []
        elements.reserveCapacity(count)
        forEachElement { elements.append($0) }
        return elements
    }

    /// The member `name` of an object (the last of that name), else `nil`.
    package subscript(name: String) -> JSONNode? {
        guard kind == .object else { return nil }
        return memberIndex(name, of: index).map { JSONNode(document: document, index: $0) }
    }

    /// The tape index of the value of member `name` (the last of that name) of the object at tape index
    /// `object`, else `nil`. Works on indices over the document's buffers, borrowed once: no node (and no
    /// reference count of the document) per member looked at.
    func memberIndex(_ name: String, of object: Int) -> Int? {
        var needle = name
        return needle.withUTF8 { needle in
            memberIndex(needle, asciiNeedle: Self.isASCII(needle), name: name, of: object)
        }
    }

    /// `memberIndex(segment.name, of: object)`, with the segment's bytes and ASCII-ness known beforehand.
    func memberIndex(_ segment: JSONPathPlan.Segment, of object: Int) -> Int? {
        segment.utf8.withUnsafeBufferPointer { needle in
            memberIndex(needle, asciiNeedle: segment.isASCII, name: segment.name, of: object)
        }
    }

    /// `memberIndex(name, of: object)` given `name`'s UTF-8 and whether it is all ASCII.
    private func memberIndex(
        _ needle: UnsafeBufferPointer<UInt8>, asciiNeedle: Bool, name: String, of object: Int
    ) -> Int? {
        document.entries.withUnsafeBufferPointer { entries in
            document.bytes.withUnsafeBufferPointer { bytes in
                Self.memberIndex(
                    needle, asciiNeedle: asciiNeedle, name: name, of: object, document: document, entries: entries,
                    bytes: bytes)
            }
        }
    }

    /// `memberIndex(name, of: object)` over the document's buffers, borrowed by the caller.
    private static func memberIndex(
        _ needle: UnsafeBufferPointer<UInt8>, asciiNeedle: Bool, name: String, of object: Int,
        document: JSONDocument, entries: UnsafeBufferPointer<JSONDocument.Entry>, bytes: UnsafeBufferPointer<UInt8>
    ) -> Int? {
        let end = Int(entries[object].next)
        var found: Int?
        var position = object + 1
        while position < end {
            let key = entries[position]
            // An ASCII name against an ASCII needle: bytes; anything else as `String`s (a
            // non-ASCII needle may be canonically equivalent to an ASCII name: "\u{212A}", "K").
            if key.kind == .asciiName, asciiNeedle {
                if nameEquals(key, needle, bytes) { found = position + 1 }
            } else if JSONNode(document: document, index: position).stringValue == name {
                found = position + 1
            }
            position = Int(entries[position + 1].next)
        }
        return found
    }

    /// Whether the ASCII name `key` is the bytes `needle`.
    @inline(__always)
    private static func nameEquals(
        _ key: JSONDocument.Entry, _ needle: UnsafeBufferPointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let start = Int(key.start) + 1
        guard Int(key.end) - 1 - start == needle.count else { return false }
        var offset = 0
        while offset < needle.count, bytes[start + offset] == needle[offset] { offset += 1 }
        return offset == needle.count
    }

    /// The value at a dotted path's segments, as `JSONValue.value(at:)` finds it: a numeric segment
    /// indexes an array, any other segment applied to an array is applied to every element and the
    /// results collected (arrays flattened, `null`s left out). `nil` when nothing is there.
    package func select(_ segments: ArraySlice<String>) -> Selection? {
        guard let (node, rest) = walkObjects(segments, { memberIndex($0, of: $1) }) else { return nil }
        return node.selectInArrays(rest.map(JSONPathPlan.Segment.init)[...])
    }

    /// `select` over compiled segments.
    func select(_ segments: ArraySlice<JSONPathPlan.Segment>) -> Selection? {
        guard let (node, rest) = walkObjects(segments, { memberIndex($0, of: $1) }) else { return nil }
        return node.selectInArrays(rest)
    }

    /// The walk both `select`s begin with: through objects by tape index while segments remain (the common
    /// path, `node.author.login`), one node made at the end; `nil` when an object has no such member.
    private func walkObjects<Segment>(
        _ segments: ArraySlice<Segment>, _ memberIndex: (Segment, Int) -> Int?
    ) -> (JSONNode, ArraySlice<Segment>)? {
        var at = index
        var rest = segments
        while let segment = rest.first, document.entries[at].kind == .object {
            guard let member = memberIndex(segment, at) else { return nil }
            at = member
            rest = rest.dropFirst()
        }
        return (at == index ? self : JSONNode(document: document, index: at), rest)
    }

    /// `select` from a value that is not an object (or with no segment left): `select`'s walk has taken
    /// every object segment, so only an array can go on.
    func selectInArrays(_ segments: ArraySlice<JSONPathPlan.Segment>) -> Selection? {
        guard let segment = segments.first else { return .node(self) }
        switch kind {
        case .array:
            let elements = self.elements ?? []
            if let position = segment.position {
                guard position >= 0, position < elements.count else { return nil }
                return elements[position].select(segments.dropFirst())
            }
            var collected: [JSONNode] = []
            for element in elements {
                switch element.select(segments) {
                case .node(let node)?:
                    if let inner = node.elements {
                        collected.append(contentsOf: inner)
                    } else if !node.isNull {
                        collected.append(node)
                    }
                case .collected(let inner)?: collected.append(contentsOf: inner)
                case nil: break
                }
            }
            return .collected(collected)
        default:
            return nil
        }
    }

    /// The texts of what a dotted path finds, as an item's `tags` take them: the `scalarText` of each
    /// value of `select(segments)`'s list (an array's elements, or the values collected), or of the one
    /// value found — walked in place, without the lists `select` builds (three arrays per item with
    /// GitHub-shaped labels).
    package func scalarTexts(at segments: ArraySlice<String>) -> [String] {
        var texts: [String] = []
        forEachScalar(at: segments) { found in
            guard let text = found.scalarText else { return }
            // The first one makes room for a few (an item's tags: one allocation, not one per doubling).
            if texts.isEmpty { texts.reserveCapacity(4) }
            texts.append(text)
        }
        return texts
    }

    /// Calls `body` with each value whose text `scalarTexts(at:)` takes, in order: the elements of
    /// `select(segments)`'s list, or the one value found.
    package func forEachScalar(at segments: ArraySlice<String>, _ body: (JSONNode) -> Void) {
        forEachScalar(at: segments.map(JSONPathPlan.Segment.init)[...], body)
    }

    /// `forEachScalar` over compiled segments (a numeric segment's position known beforehand).
    func forEachScalar(at segments: ArraySlice<JSONPathPlan.Segment>, _ body: (JSONNode) -> Void) {
        forEachScalar(at: segments, from: index) { body(JSONNode(document: document, index: $0)) }
    }

    /// `forEachScalar` from the document's value at tape index `at`, by tape indices: no node (and no
    /// reference count of the document) per value walked through, `body` gets each found value's index.
    func forEachScalar(at segments: ArraySlice<JSONPathPlan.Segment>, from at: Int, _ body: (Int) -> Void) {
        document.entries.withUnsafeBufferPointer { entries in
            document.bytes.withUnsafeBufferPointer { bytes in
                Self.forEachScalar(
                    at: segments, from: at, document: document, entries: entries, bytes: bytes, body)
            }
        }
    }

    /// `forEachScalar(at:from:)` over the document's buffers, borrowed once for the whole walk.
    private static func forEachScalar(
        at segments: ArraySlice<JSONPathPlan.Segment>, from at: Int, document: JSONDocument,
        entries: UnsafeBufferPointer<JSONDocument.Entry>, bytes: UnsafeBufferPointer<UInt8>,
        _ body: (Int) -> Void
    ) {
        let kind = entries[at].kind
        guard let segment = segments.first else {
            guard kind == .array else { return body(at) }
            forEachElement(of: at, entries, body)
            return
        }
        switch kind {
        case .object:
            let member = segment.utf8.withUnsafeBufferPointer { needle in
                memberIndex(
                    needle, asciiNeedle: segment.isASCII, name: segment.name, of: at, document: document,
                    entries: entries, bytes: bytes)
            }
            guard let member else { return }
            forEachScalar(
                at: segments.dropFirst(), from: member, document: document, entries: entries, bytes: bytes, body)
        case .array:
            if let position = segment.position {
                guard position >= 0 else { return }
                var count = 0
                forEachElement(of: at, entries) { element in
                    if count == position {
                        forEachScalar(
                            at: segments.dropFirst(), from: element, document: document, entries: entries,
                            bytes: bytes, body)
                    }
                    count += 1
                }
                return
            }
            // As `select` collects: each element's own finds, in order (an array found is flattened into
            // its elements, `null` has no text).
            forEachElement(of: at, entries) { element in
                forEachScalar(at: segments, from: element, document: document, entries: entries, bytes: bytes, body)
            }
        default:
            return
        }
    }

    /// Calls `body` with the tape index of each element of the array at tape index `array`, in order.
    @inline(__always)
    private static func forEachElement(
        of array: Int, _ entries: UnsafeBufferPointer<JSONDocument.Entry>, _ body: (Int) -> Void
    ) {
        let end = Int(entries[array].next)
        var position = array + 1
        while position < end {
            body(position)
            position = Int(entries[position].next)
        }
    }

    /// Appends the UTF-8 of `scalarText` (of `stringValue` when `stringsOnly`) to `out`; `false`, appending
    /// nothing, when there is none. A string without escapes whose bytes are valid UTF-8 is copied from the
    /// page as it lies (`String(decoding:)` would keep them as they are); any other text is the `String` the
    /// property gives (invalid UTF-8 repaired as it is there).
    package func appendText(stringsOnly: Bool, to out: inout [UInt8]) -> Bool {
        switch kind {
        case .string, .asciiName:
            let entry = document.entries[index]
            let isName = kind == .asciiName
            document.bytes.withUnsafeBufferPointer { buffer in
                let text = UnsafeBufferPointer(rebasing: buffer[Int(entry.start + 1)..<Int(entry.end - 1)])
                if isName || ByteScan.isWellFormedUTF8(text) {
                    out.append(contentsOf: text)
                } else {
                    out.append(contentsOf: JSONParser.decode(text).utf8)
                }
            }
            return true
        case .null, .object, .array:
            return false
        case .escapedString:
            // Unescaped straight into `out`, no `JSONValue` and no `String` on the way (a description with line
            // breaks would cost both); the bytes are kept when they are well-formed UTF-8, else replaced
            // by `String(decoding:)`'s repair of them — either way `stringValue`'s UTF-8.
            let entry = document.entries[index]
            let start = out.count
            let read: Bool = document.bytes.withUnsafeBufferPointer { buffer in
                var parser = JSONParser(bytes: buffer)
                parser.index = Int(entry.start) + 1
                do {
                    try parser.unescapeRest(into: &out, keeping: true)
                    return true
                } catch {
                    // The document was parsed whole when it was made: its strings read again without an error.
                    return false
                }
            }
            guard read else {
                out.removeSubrange(start...)
                return false
            }
            let repaired: String? = out.withUnsafeBufferPointer { buffer in
                let text = UnsafeBufferPointer(rebasing: buffer[start...])
                return ByteScan.isWellFormedUTF8(text) ? nil : JSONParser.decode(text)
            }
            if let repaired {
                out.removeSubrange(start...)
                out.append(contentsOf: repaired.utf8)
            }
            return true
        case .falseValue, .trueValue, .number:
            guard !stringsOnly, let text = scalarText else { return false }
            out.append(contentsOf: text.utf8)
            return true
        }
    }

    /// Appends the value as `value.droppingNullMembers.write(to:)` writes it: a string without escapes whose
    /// bytes are valid UTF-8 and a literal straight from the page (`JSONValue.writeString` of the decoded
    /// text gives those bytes), anything else through its `JSONValue`.
    package func writeJSON(to out: inout [UInt8]) {
        switch kind {
        case .string, .asciiName:
            let entry = document.entries[index]
            let written: Bool = document.bytes.withUnsafeBufferPointer { buffer in
                let text = UnsafeBufferPointer(rebasing: buffer[Int(entry.start + 1)..<Int(entry.end - 1)])
                guard ByteScan.isWellFormedUTF8(text) else { return false }
                JSONString.append(utf8: text, to: &out)
                return true
            }
            if !written { value.write(to: &out) }
        case .null: out.append(contentsOf: "null".utf8)
        case .trueValue: out.append(contentsOf: "true".utf8)
        case .falseValue: out.append(contentsOf: "false".utf8)
        case .number, .escapedString: value.write(to: &out)
        case .object, .array: value.droppingNullMembers.write(to: &out)
        }
    }

    /// Calls `body` with each element of an array, in order.
    private func forEachElement(_ body: (JSONNode) -> Void) {
        let end = Int(document.entries[index].next)
        var position = index + 1
        while position < end {
            body(JSONNode(document: document, index: position))
            position = Int(document.entries[position].next)
        }
    }

    /// Whether every byte is ASCII.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var any: UInt8 = 0
        for byte in bytes { any |= byte }
        return any < 0x80
    }
}
