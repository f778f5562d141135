import TextKitModel  // Foundation: URL

/// The `URL` of a detected link, built from the text so that it is always a valid URL.
enum LinkURL {
    /// `prefix` (such as "http://" or "mailto:") followed by `rest` percent-encoded: UTF-8 bytes
    /// outside RFC 3986's unreserved and reserved characters become `%XX`, and a `%` stays as it is
    /// only before two hexadecimal digits. Nil if Foundation still refuses the string.
    static func make(_ prefix: String, _ rest: String) -> URL? {
        URL(string: prefix + percentEncoded(rest))
    }

    static func percentEncoded(_ text: String) -> String {
        let bytes = Array(text.utf8)
        if bytes.allSatisfy(isKept) && !bytes.contains(UInt8(ascii: "%")) { return text }
        var out = [UInt8]()
        out.reserveCapacity(bytes.count + 16)
        let hex = Array("0123456789ABCDEF".utf8)
        for (k, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "%"), k + 2 < bytes.count, isHexDigit(bytes[k + 1]), isHexDigit(bytes[k + 2]) {
                out.append(byte)
            } else if byte != UInt8(ascii: "%"), isKept(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// RFC 3986's unreserved and reserved characters (and `%`, handled by the caller).
    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "-._~:/?#[]@!$&'()*+,;=%".utf8.contains(byte)
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): true
        default: false
        }
    }
}
