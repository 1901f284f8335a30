internal import CLibXML2

/// libxml2 alone, for the parse benchmark: bare passes over a document that build nothing. Lives here
/// because only RiffleFeed imports libxml2.
package enum LibXML2Baseline {
    /// Runs `xmlTextReaderRead` over `bytes` to the end with the options riffle uses and counts the
    /// nodes; `nil` when the reader stops with an error.
    package static func readerNodeCount(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            buffer.withMemoryRebound(to: CChar.self) { chars -> Int? in
                guard let base = chars.baseAddress,
                    let reader = xmlReaderForMemory(base, Int32(clamping: chars.count), nil, nil, Int32(options))
                else { return nil }
                defer { xmlFreeTextReader(reader) }
                var count = 0
                while true {
                    switch xmlTextReaderRead(reader) {
                    case 1: count += 1
                    case 0: return count
                    default: return nil
                    }
                }
            }
        }
    }

    /// Runs libxml2's SAX2 parser (the one riffle reads feeds with) over `bytes` with element callbacks
    /// that only count; the number of elements.
    package static func saxElementCount(in bytes: [UInt8]) -> Int {
        final class Counter { var elements = 0 }
        let counter = Counter()
        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        sax.startElementNs = { context, _, _, _, _, _, _, _, _ in
            context.map { Unmanaged<Counter>.fromOpaque($0).takeUnretainedValue().elements += 1 }
        }
        sax.characters = { _, _, _ in }
        sax.serror = { _, _ in }
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let base = chars.baseAddress,
                    let context = xmlCreateMemoryParserCtxt(base, Int32(clamping: chars.count))
                else { return }
                defer { xmlFreeParserCtxt(context) }
                context.pointee.sax.pointee = sax
                context.pointee.userData = Unmanaged.passUnretained(counter).toOpaque()
                _ = xmlCtxtUseOptions(context, Int32(options))
                withExtendedLifetime(counter) { _ = xmlParseDocument(context) }
            }
        }
        return counter.elements
    }

    private static let options: UInt32 =
        XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue
        | XML_PARSE_NOERROR.rawValue
}
