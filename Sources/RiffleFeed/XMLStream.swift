internal import CLibXML2

/// The one place that talks to libxml2: its SAX2 parser run over a body, in recovery mode, with every
/// event handed to an `XMLEventHandler`.
///
/// SAX rather than `xmlTextReader`: the reader ignores `XML_PARSE_RECOVER` for fatal errors and stops at
/// the first bare `&`, while the SAX parser recovers and goes on, which is what the feeds that exist need.
///
/// Safe for untrusted documents by construction: `XML_PARSE_NONET`, never `XML_PARSE_NOENT`,
/// `XML_PARSE_DTDLOAD` or `XML_PARSE_HUGE`; the handler has no `getEntity`, so no entity the document
/// declares is ever expanded or fetched (references to them are dropped). A document that declares an
/// entity of the shapes attacks use is refused at that declaration: a general entity whose text refers to
/// other entities (billion laughs) or an external general entity (XXE). Parameter entities (the
/// `<!ENTITY % HTMLlat1 PUBLIC … "xhtml-lat1.ent"> %HTMLlat1;` some feeds carry) are ignored, never loaded.
enum XMLStream {
    /// An element's start.
    struct Tag {
        /// The namespace URI, `nil` for none (or an undeclared prefix, then kept in `prefix`).
        var namespace: String?
        var prefix: String?
        var localName: String
        var attributes: [Attribute]

        /// The value of the attribute `localName` in `namespace` (`nil`: no namespace).
        func attribute(_ localName: String, namespace: String? = nil) -> String? {
            attributes.first { $0.localName == localName && $0.namespace == namespace }?.value
        }
    }

    /// An attribute of a `Tag`.
    struct Attribute {
        var namespace: String?
        var localName: String
        var value: String
    }

    /// What stopped parsing early, when something did.
    enum Stop {
        /// The handler said so (a limit, an unknown root): its own error says why.
        case handler
        /// The document declares a general entity that refers to other entities, or an external one.
        case entityDeclaration(name: String)
    }

    /// The first fatal error libxml2 reported, if any, and whether any element was seen at all.
    struct Outcome {
        var firstError: (line: Int, message: String)?
        var sawElement: Bool
        var stop: Stop?
    }

    /// Parses `bytes` (with `encoding`, an IANA charset name, when the HTTP header gave one libxml2 knows)
    /// and calls `handler` for each event until the end or until it asks to stop.
    static func parse(_ bytes: [UInt8], encoding: String?, handler: any XMLEventHandler) -> Outcome {
        _ = Library.initialize
        let session = Session(handler: handler)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let base = chars.baseAddress, chars.count > 0,
                    let context = xmlCreateMemoryParserCtxt(base, Int32(clamping: chars.count))
                else { return }
                defer { xmlFreeParserCtxt(context) }
                context.pointee.sax.pointee = Session.handlers()
                context.pointee.userData = Unmanaged.passUnretained(session).toOpaque()
                _ = xmlCtxtUseOptions(context, Int32(Library.options))
                if let encoding, let converter = xmlFindCharEncodingHandler(encoding) {
                    _ = xmlSwitchToEncoding(context, converter)
                }
                session.context = context
                withExtendedLifetime(session) { _ = xmlParseDocument(context) }
                session.context = nil
            }
        }
        return Outcome(firstError: session.firstError, sawElement: session.sawElement, stop: session.stop)
    }

    /// libxml2's one-time set-up and the options every parse uses.
    private enum Library {
        /// `xmlInitParser` once, before any parse (libxml2 asks for it in threaded programs).
        static let initialize: Void = xmlInitParser()

        static let options: UInt32 =
            XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOCDATA.rawValue
    }

    /// The state the C callbacks reach through libxml2's `userData`.
    private final class Session {
        let handler: any XMLEventHandler
        var context: xmlParserCtxtPtr?
        var firstError: (line: Int, message: String)?
        var sawElement = false
        var stop: Stop?
        /// libxml2 interns names and namespace URIs in its dictionary: each is converted once.
        var names: [UnsafeRawPointer: String] = [:]

        init(handler: any XMLEventHandler) { self.handler = handler }

        static func from(_ pointer: UnsafeMutableRawPointer?) -> Session? {
            pointer.map { Unmanaged<Session>.fromOpaque($0).takeUnretainedValue() }
        }

        func name(_ pointer: UnsafePointer<xmlChar>?) -> String? {
            guard let pointer else { return nil }
            let key = UnsafeRawPointer(pointer)
            if let known = names[key] { return known }
            let text = String(cString: pointer)
            names[key] = text
            return text
        }

        func halt(_ reason: Stop) {
            guard stop == nil else { return }
            stop = reason
            if let context { xmlStopParser(context) }
        }

        /// An attribute's value as text. Without entity substitution libxml2 hands every `&` of an
        /// attribute (written `&amp;` or `&#38;`) over as the five characters `&#38;`, so that it can be
        /// told from an entity reference; no other `&` can be there, so each one is turned back into `&`.
        static func attributeValue(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
            let text = String(decoding: bytes, as: UTF8.self)
            guard bytes.contains(UInt8(ascii: "&")) else { return text }
            return text.replacing("&#38;", with: "&")
        }

        /// Whether an entity's replacement text holds an entity reference (`&name;` or `%name;`; character
        /// references such as `&#160;` are harmless).
        static func refersToEntities(_ content: UnsafePointer<xmlChar>) -> Bool {
            var pointer = content
            while pointer.pointee != 0 {
                let byte = pointer.pointee
                if byte == UInt8(ascii: "%") || (byte == UInt8(ascii: "&") && pointer[1] != UInt8(ascii: "#")) {
                    return true
                }
                pointer += 1
            }
            return false
        }

        /// The callbacks, each finding its `Session` through `userData`.
        static func handlers() -> xmlSAXHandler {
            var sax = xmlSAXHandler()
            sax.initialized = XML_SAX2_MAGIC
            sax.startElementNs = { context, localName, prefix, uri, _, _, attributeCount, _, attributes in
                guard let session = Session.from(context), session.stop == nil else { return }
                session.sawElement = true
                var tag = Tag(
                    namespace: session.name(uri), prefix: session.name(prefix),
                    localName: session.name(localName) ?? "", attributes: [])
                if attributeCount > 0, let attributes {
                    tag.attributes.reserveCapacity(Int(attributeCount))
                    // Five pointers per attribute: local name, prefix, URI, value start, value end.
                    for index in 0..<Int(attributeCount) {
                        let base = index * 5
                        guard let start = attributes[base + 3], let end = attributes[base + 4] else { continue }
                        let value = Session.attributeValue(UnsafeBufferPointer(start: start, count: end - start))
                        tag.attributes.append(
                            Attribute(
                                namespace: session.name(attributes[base + 2]),
                                localName: session.name(attributes[base]) ?? "", value: value))
                    }
                }
                if !session.handler.start(tag) { session.halt(.handler) }
            }
            sax.endElementNs = { context, _, _, _ in
                guard let session = Session.from(context), session.stop == nil else { return }
                session.handler.end()
            }
            sax.characters = { context, characters, length in
                guard let session = Session.from(context), session.stop == nil, session.handler.wantsText,
                    let characters, length > 0
                else { return }
                session.handler.text(UnsafeBufferPointer(start: characters, count: Int(length)))
            }
            sax.cdataBlock = sax.characters
            sax.reference = { context, name in
                guard let session = Session.from(context), session.stop == nil, let name else { return }
                session.handler.reference(String(cString: name))
            }
            sax.entityDecl = { context, name, type, _, _, content in
                guard let session = Session.from(context) else { return }
                switch xmlEntityType(UInt32(bitPattern: type)) {
                case XML_INTERNAL_PARAMETER_ENTITY, XML_EXTERNAL_PARAMETER_ENTITY, XML_INTERNAL_PREDEFINED_ENTITY:
                    return
                case XML_INTERNAL_GENERAL_ENTITY:
                    guard let content, Session.refersToEntities(content) else { return }
                default: break
                }
                session.halt(.entityDeclaration(name: name.map { String(cString: $0) } ?? ""))
            }
            sax.serror = { context, error in
                guard let session = Session.from(context), let error, session.firstError == nil,
                    error.pointee.level == XML_ERR_FATAL
                else { return }
                let message = error.pointee.message.map { String(cString: $0) } ?? "error \(error.pointee.code)"
                session.firstError = (Int(error.pointee.line), message)
            }
            return sax
        }
    }
}

/// What `XMLStream` hands events to. A class: libxml2 calls back into it through a pointer.
protocol XMLEventHandler: AnyObject {
    /// Whether text is wanted now (text nobody reads is not converted).
    var wantsText: Bool { get }
    /// An element starts; `false` stops parsing.
    func start(_ tag: XMLStream.Tag) -> Bool
    /// The innermost open element ends.
    func end()
    /// Character data (text or CDATA), in UTF-8, possibly one piece of a longer text.
    func text(_ utf8: UnsafeBufferPointer<UInt8>)
    /// A reference to an entity the document did not declare (`&nbsp;` in a document with a DOCTYPE).
    func reference(_ name: String)
}
