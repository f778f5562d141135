/// The bytes of an HTML document being written: markup as is, text and attribute values
/// escaped, in the document's encoding.
///
/// Escaping: `&`, `<` and `>` always, `"` in attribute values. What HTML cannot carry (libxml2
/// drops it, browsers show it as U+FFFD or nothing) is written as U+FFFD, one UTF-16 unit for
/// one, so that offsets do not shift: NUL and the other C0 controls except tab, lone
/// surrogates, and the noncharacters U+FFFE and U+FFFF. Characters the encoding lacks are
/// numeric references (`&#x1F600;`).
struct HTMLOutput {
    let encoding: String.Encoding
    /// UTF-8, converted to `encoding` at the end.
    private var bytes: [UInt8] = []
    /// Whether every character is encodable (the Unicode encodings).
    private let encodesEverything: Bool
    /// For other encodings: whether a scalar is encodable, as found.
    private var encodable: [UInt32: Bool] = [:]

    init(encoding: String.Encoding) {
        self.encoding = encoding
        encodesEverything = [.utf8, .utf16, .utf16BigEndian, .utf16LittleEndian, .utf32, .utf32BigEndian, .utf32LittleEndian]
            .contains(encoding)
    }

    /// Markup (ASCII), written as it is.
    mutating func markup(_ s: String) { bytes.append(contentsOf: s.utf8) }

    /// Text content.
    mutating func text(_ s: String) { text(ArraySlice(s.utf16)) }

    /// An attribute value (for inside double quotes).
    mutating func attribute(_ s: String) { write(ArraySlice(s.utf16), quotes: true) }

    /// `s` escaped for an attribute value in this document's encoding, as a string (for markup
    /// built before it is written).
    mutating func escapedAttribute(_ s: String) -> String {
        let written = bytes
        bytes = []
        attribute(s)
        let escaped = String(decoding: bytes, as: UTF8.self)
        bytes = written
        return escaped
    }

    /// Text content given as UTF-16 units (lone surrogates included).
    mutating func text(_ units: ArraySlice<UInt16>) { write(units, quotes: false) }

    private mutating func write(_ units: ArraySlice<UInt16>, quotes: Bool) {
        var i = units.startIndex
        while i < units.endIndex {
            let u = units[i]
            i += 1
            var scalar = UInt32(u)
            if UTF16.isLeadSurrogate(u), i < units.endIndex, UTF16.isTrailSurrogate(units[i]) {
                scalar = 0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(units[i]) - 0xDC00)
                i += 1
            }
            switch scalar {
            case 0x26: markup("&amp;")
            case 0x3C: markup("&lt;")
            case 0x3E: markup("&gt;")
            case 0x22 where quotes: markup("&quot;")
            case 0x09, 0x0A, 0x20...0x7E: bytes.append(UInt8(scalar))
            case 0x00...0x1F, 0xD800...0xDFFF, 0xFFFE, 0xFFFF: appendUTF8(0xFFFD)
            default: appendUTF8(scalar)
            }
        }
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        if !encodesEverything, !canEncode(scalar) {
            markup("&#x" + String(scalar, radix: 16, uppercase: true) + ";")
            return
        }
        switch scalar {
        case 0..<0x80:
            bytes.append(UInt8(scalar))
        case 0x80..<0x800:
            bytes += [UInt8(0xC0 | scalar >> 6), UInt8(0x80 | scalar & 0x3F)]
        case 0x800..<0x10000:
            bytes += [UInt8(0xE0 | scalar >> 12), UInt8(0x80 | (scalar >> 6) & 0x3F), UInt8(0x80 | scalar & 0x3F)]
        default:
            bytes += [UInt8(0xF0 | scalar >> 18), UInt8(0x80 | (scalar >> 12) & 0x3F),
                      UInt8(0x80 | (scalar >> 6) & 0x3F), UInt8(0x80 | scalar & 0x3F)]
        }
    }

    private mutating func canEncode(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return true }
        if encoding == .ascii { return false }
        if let known = encodable[scalar] { return known }
        let result = Unicode.Scalar(scalar).map { String(Character($0)).data(using: encoding, allowLossyConversion: false) != nil } ?? false
        encodable[scalar] = result
        return result
    }

    /// The document's bytes in its encoding (UTF-16 and UTF-32 with a byte order mark, which
    /// is how browsers and libxml2 recognise them).
    func data() throws -> Data {
        if encoding == .utf8 { return Data(bytes) }
        let text = String(decoding: bytes, as: UTF8.self)
        guard var data = text.data(using: encoding, allowLossyConversion: false) else {
            throw DocumentWritingError(kind: .unencodableCharacter, message: "the HTML cannot be encoded in encoding \(encoding.rawValue)")
        }
        let boms: [String.Encoding: [UInt8]] = [.utf16LittleEndian: [0xFF, 0xFE], .utf16BigEndian: [0xFE, 0xFF],
                                                .utf32LittleEndian: [0xFF, 0xFE, 0, 0], .utf32BigEndian: [0, 0, 0xFE, 0xFF]]
        if let bom = boms[encoding], !data.starts(with: bom) { data.insert(contentsOf: bom, at: 0) }
        return data
    }

    // MARK: CSS values

    /// A number with at most three decimals and no trailing zeros ("12", "0.5", "-3.333").
    static func number(_ value: CGFloat) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (Double(min(max(value, -1e6), 1e6)) * 1000).rounded() / 1000
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var s = String(rounded)
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }

    /// A length in CSS pixels, which the importer and Apple's read as points.
    static func px(_ value: CGFloat) -> String {
        value == 0 ? "0" : number(value) + "px"
    }

    /// `#rrggbb`, or `rgba(r,g,b,a)` for a colour that is not opaque.
    static func color(_ color: UIColor) -> String {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        color.getRed(&r, green: &g, blue: &b, alpha: &a)
        func byte(_ v: CGFloat) -> Int { v.isFinite ? Int((min(max(v, 0), 1) * 255).rounded()) : 0 }
        if byte(a) == 255 {
            let hex = [r, g, b].map { String(byte($0), radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }
            return "#" + hex.joined()
        }
        return "rgba(\(byte(r)),\(byte(g)),\(byte(b)),\(number(a.isFinite ? min(max(a, 0), 1) : 0)))"
    }
}
