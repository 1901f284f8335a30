internal import CLibXML2

/// The one place that reads HTML with libxml2: its HTML parser (`htmlReadMemory`) builds the document's
/// tree, which is walked in document order — without recursion, so no nesting can exhaust the stack —
/// handing each element, its end and each text to an `HTMLTreeVisitor`.
///
/// Safe for untrusted documents: `HTML_PARSE_NONET` (nothing is fetched), recovery mode (a broken document
/// gives the tree a browser would mostly give), no errors or warnings printed. The tree is freed before
/// `walk` returns; no pointer leaves this file.
enum HTMLTree {
    /// Parses `html` (UTF-8) and walks its tree with `visitor`, until the end or until `visitor.isDone`.
    static func walk(_ html: String, visitor: inout some HTMLTreeVisitor) {
        _ = initialize
        var source = html
        source.withUTF8 { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0, bytes.count < Int(Int32.max) else { return }
            base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
                guard let document = htmlReadMemory(chars, Int32(bytes.count), nil, "UTF-8", Int32(options)) else {
                    return
                }
                defer { xmlFreeDoc(document) }
                guard let root = xmlDocGetRootElement(document) else { return }
                var names = Names()
                walk(from: root, names: &names, visitor: &visitor)
            }
        }
    }

    /// `xmlInitParser` once, before any parse (libxml2 asks for it in threaded programs).
    private static let initialize: Void = xmlInitParser()

    private static let options: UInt32 =
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
        | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_COMPACT.rawValue

    /// Element and attribute names as text: libxml2 interns them in the document's dictionary, so each
    /// is converted once.
    private struct Names {
        var known: [UnsafeRawPointer: String] = [:]

        mutating func text(_ pointer: UnsafePointer<xmlChar>?) -> String {
            guard let pointer else { return "" }
            let key = UnsafeRawPointer(pointer)
            if let name = known[key] { return name }
            let name = String(cString: pointer)
            known[key] = name
            return name
        }
    }

    /// Depth first from `root`: an element is entered, its children visited when the visitor asks, then it
    /// is left; text and CDATA nodes are handed over as text; every other node (comments, processing
    /// instructions) is skipped.
    private static func walk(from root: xmlNodePtr, names: inout Names, visitor: inout some HTMLTreeVisitor) {
        var node: xmlNodePtr? = root
        while let current = node, !visitor.isDone {
            var descend = false
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                let name = names.text(current.pointee.name)
                descend = visitor.enter(name) { wanted in attribute(wanted, of: current, names: &names) }
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { visitor.text(String(cString: content)) }
            default: break
            }
            if descend, let child = current.pointee.children {
                node = child
                continue
            }
            // `current` is done: leave it and each ancestor whose children are all done, up to a sibling.
            var finished = current
            while true {
                if finished.pointee.type == XML_ELEMENT_NODE { visitor.leave(names.text(finished.pointee.name)) }
                if finished == root {
                    node = nil
                    break
                }
                if let next = finished.pointee.next {
                    node = next
                    break
                }
                guard let parent = finished.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else {
                    node = nil
                    break
                }
                finished = parent
            }
        }
    }

    /// The value of `element`'s attribute `name` (lowercase, as the parser writes names); `nil` without one.
    private static func attribute(_ name: String, of element: xmlNodePtr, names: inout Names) -> String? {
        var property = element.pointee.properties
        while let attribute = property {
            if names.text(attribute.pointee.name) == name {
                var value = ""
                var child = attribute.pointee.children
                while let text = child {
                    if let content = text.pointee.content { value += String(cString: content) }
                    child = text.pointee.next
                }
                return value
            }
            property = attribute.pointee.next
        }
        return nil
    }
}

/// What `HTMLTree.walk` hands a document's tree to, in document order.
protocol HTMLTreeVisitor {
    /// Whether to stop walking (a limit was reached).
    var isDone: Bool { get }
    /// An element starts (`name` lowercase); `attribute` reads one of its attributes by name, while this
    /// call lasts. Returns whether to visit its children; `leave` follows either way.
    mutating func enter(_ name: String, attribute: (String) -> String?) -> Bool
    /// The element `name` ends.
    mutating func leave(_ name: String)
    /// A text node's text, as written (references decoded, whitespace kept).
    mutating func text(_ text: String)
}
