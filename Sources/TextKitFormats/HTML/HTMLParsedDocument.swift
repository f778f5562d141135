import CLibXML2

/// A document parsed by libxml2's HTML parser (the only place that calls libxml2): the tree it
/// builds from tag soup as browsers would (implied `<html>`/`<body>`, unclosed and misnested
/// tags repaired, entities resolved), freed when this object goes.
///
/// Parsed with `HTML_PARSE_RECOVER | HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING`:
/// never fails on bad markup, never touches the network, prints nothing. White-space text nodes
/// are kept (no `HTML_PARSE_NOBLANKS`): the reader collapses white space itself.
final class HTMLParsedDocument {
    /// Nil when libxml2 found no document at all (empty or blank input).
    private let document: htmlDocPtr?

    /// libxml2 must be initialised once before threads use it.
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Parses `data`. `encoding` is an IANA name ("UTF-8", "ISO-8859-1" …) that overrides what
    /// the document says; nil lets libxml2 decide (a byte order mark, a `<meta charset>`, else
    /// UTF-8 with a Latin-1 fallback for bytes that are not UTF-8). Nil only for data over 2 GB,
    /// which libxml2's interface cannot take.
    init?(data: Data, encoding: String?) {
        _ = Self.initialized
        guard data.count < Int(Int32.max) else { return nil }
        let options = Int32(bitPattern: HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue
            | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue)
        let parsed: htmlDocPtr? = data.withUnsafeBytes { raw in
            // An empty buffer still needs a valid pointer.
            let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self)
            var empty: CChar = 0
            return withUnsafePointer(to: &empty) { fallback in
                htmlReadMemory(base ?? fallback, Int32(data.count), nil, encoding, options)
            }
        }
        document = parsed
    }

    deinit { if let document { xmlFreeDoc(document) } }

    /// The root element (`<html>`), if the document has one.
    var root: xmlNodePtr? { document.flatMap { xmlDocGetRootElement($0) } }

    /// The encoding libxml2 found in the document (its `<meta charset>`), if any.
    var declaredEncoding: String? {
        guard let name = document?.pointee.encoding else { return nil }
        return String(cString: name)
    }
}

/// Reading libxml2 nodes without copying more than asked.
enum HTMLNode {
    /// Whether `node` is an element.
    static func isElement(_ node: xmlNodePtr) -> Bool { node.pointee.type == XML_ELEMENT_NODE }

    /// Whether `node` holds text (a text or CDATA node).
    static func isText(_ node: xmlNodePtr) -> Bool {
        node.pointee.type == XML_TEXT_NODE || node.pointee.type == XML_CDATA_SECTION_NODE
    }

    /// The element's tag name (libxml2's HTML parser lowercases it).
    static func name(_ node: xmlNodePtr) -> String {
        guard let name = node.pointee.name else { return "" }
        return String(cString: name)
    }

    /// The text of a text node.
    static func text(_ node: xmlNodePtr) -> String {
        guard let content = node.pointee.content else { return "" }
        return String(cString: content)
    }

    /// The value of attribute `name` (lowercase) of an element, at most `limit` UTF-8 bytes of it
    /// (longer values are cut there: attributes can be megabytes long in hostile files).
    static func attribute(_ node: xmlNodePtr, _ name: StaticString, limit: Int = HTMLLimits.maximumAttributeLength) -> String? {
        var attribute = node.pointee.properties
        while let a = attribute {
            if let n = a.pointee.name, strcmp(n, name.utf8Start) == 0 {
                return value(of: a, limit: limit)
            }
            attribute = a.pointee.next
        }
        return nil
    }

    static func value(of attribute: xmlAttrPtr, limit: Int) -> String {
        // The usual case, a single text child: read in place, without a copy of the bytes.
        if let only = attribute.pointee.children, only.pointee.next == nil {
            guard let content = only.pointee.content, limit > 0 else { return "" }
            return String(decoding: UnsafeBufferPointer(start: content, count: strnlen(content, limit)), as: UTF8.self)
        }
        var bytes: [UInt8] = []
        var child = attribute.pointee.children
        while let c = child, bytes.count < limit {
            if let content = c.pointee.content {
                let length = min(strlen(content), limit - bytes.count)
                bytes.append(contentsOf: UnsafeBufferPointer(start: content, count: length))
            }
            child = c.pointee.next
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text of all text nodes under `node`, in order, at most `limit` UTF-8 bytes (a walk
    /// along the tree's links, without recursion).
    static func textContent(_ node: xmlNodePtr, limit: Int) -> String {
        var bytes: [UInt8] = []
        var current = node.pointee.children
        while let n = current, bytes.count < limit {
            if isText(n), let content = n.pointee.content {
                bytes.append(contentsOf: UnsafeBufferPointer(start: content, count: min(strlen(content), limit - bytes.count)))
            }
            current = nextInPreorder(n, within: node)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The node after `node` in document order, staying inside `root` (nil at the end).
    static func nextInPreorder(_ node: xmlNodePtr, within root: xmlNodePtr) -> xmlNodePtr? {
        if let child = node.pointee.children, isElement(node) { return child }
        var n: xmlNodePtr? = node
        while let current = n, current != root {
            if let next = current.pointee.next { return next }
            n = current.pointee.parent
        }
        return nil
    }
}

/// Bounds on what the HTML reader takes from hostile input.
enum HTMLLimits {
    /// Elements nested deeper than this are not styled one by one: their text is read with the
    /// style of the element at this depth (no recursion, no unbounded stack).
    static let maximumStyledDepth = 256
    /// UTF-8 bytes read of an attribute value (a `data:` image may be longer: see
    /// ``maximumImageBytes``).
    static let maximumAttributeLength = 64 << 10
    /// Bytes of an image (a file or a `data:` URL) that are loaded; larger images get an empty
    /// attachment.
    static let maximumImageBytes = 64 << 20
}
