/// Plain text in and out.
///
/// Reading: a byte order mark decides (UTF-8, UTF-16 LE/BE, UTF-32 LE/BE; the mark is not part
/// of the text); else the given encoding; else UTF-8 when the bytes are valid UTF-8; else
/// Windows-1252 (which decodes any byte). Line endings are kept exactly (LF, CR, CRLF, U+2028…).
/// Writing: the given encoding (UTF-8 by default, without a mark); UTF-16 gets a mark, as
/// Foundation writes it.
enum PlainText {
    static func read(_ data: Data, encoding requested: String.Encoding?) throws(DocumentReadingError) -> (String, String.Encoding) {
        let bytes = [UInt8](data.prefix(4))
        func has(_ mark: [UInt8]) -> Bool { bytes.count >= mark.count && Array(bytes.prefix(mark.count)) == mark }
        let boms: [([UInt8], String.Encoding)] = [
            ([0xFF, 0xFE, 0x00, 0x00], .utf32LittleEndian), ([0x00, 0x00, 0xFE, 0xFF], .utf32BigEndian),
            ([0xEF, 0xBB, 0xBF], .utf8), ([0xFF, 0xFE], .utf16LittleEndian), ([0xFE, 0xFF], .utf16BigEndian),
        ]
        for (mark, encoding) in boms where has(mark) {
            if let requested, !Self.compatible(requested, with: encoding) { break }
            let body = Data(data.dropFirst(mark.count))
            let unit = encoding == .utf8 ? 1 : encoding == .utf16LittleEndian || encoding == .utf16BigEndian ? 2 : 4
            // (Foundation silently drops a cut-off last unit: decode those ourselves.)
            if body.count % unit == 0, let s = String(data: body, encoding: encoding) { return (s, encoding) }
            // The mark says what the text is meant to be: keep what decodes, U+FFFD for the rest
            // (found by fuzzing: a UTF-8 mark before bytes that are not UTF-8 used to throw).
            return (Self.repairing(body, encoding), encoding)
        }
        if let requested {
            guard let s = String(data: data, encoding: requested) else {
                throw DocumentReadingError(kind: .invalidEncoding, byteOffset: firstInvalidOffset(data, requested),
                                           message: "the data is not valid text in encoding \(requested)")
            }
            return (s, requested)
        }
        if let s = String(validatingUTF8Data: data) { return (s, .utf8) }
        let table = RTFCodePage.table(for: 1252)
        let units = data.map { table[Int($0)] == 0xFFFD ? UInt16($0) : table[Int($0)] }
        return (String(decoding: units, as: UTF16.self), .windowsCP1252)
    }

    /// `data` decoded as UTF-8/16/32 with each invalid sequence (or odd trailing byte) as U+FFFD.
    static func repairing(_ data: Data, _ encoding: String.Encoding) -> String {
        switch encoding {
        case .utf8:
            return String(decoding: data, as: UTF8.self)
        case .utf16LittleEndian, .utf16BigEndian:
            let little = encoding == .utf16LittleEndian
            var units: [UInt16] = []
            units.reserveCapacity(data.count / 2 + 1)
            var i = data.startIndex
            while i + 1 < data.endIndex {
                let a = UInt16(data[i]), b = UInt16(data[i + 1])
                units.append(little ? a | b << 8 : a << 8 | b)
                i += 2
            }
            if i < data.endIndex { units.append(0xFFFD) }
            return AttributedStringBuilder.string(fromUTF16: units)
        default:
            let little = encoding == .utf32LittleEndian
            var scalars = String.UnicodeScalarView()
            var i = data.startIndex
            while i + 3 < data.endIndex {
                let bytes = (0..<4).map { UInt32(data[i + $0]) }
                let v = little ? bytes[0] | bytes[1] << 8 | bytes[2] << 16 | bytes[3] << 24 : bytes[3] | bytes[2] << 8 | bytes[1] << 16 | bytes[0] << 24
                scalars.append(Unicode.Scalar(v) ?? "\u{FFFD}")
                i += 4
            }
            if i < data.endIndex { scalars.append("\u{FFFD}") }
            return String(scalars)
        }
    }

    private static func compatible(_ requested: String.Encoding, with bom: String.Encoding) -> Bool {
        switch bom {
        case .utf8: return requested == .utf8
        case .utf16LittleEndian, .utf16BigEndian: return [.utf16, .utf16LittleEndian, .utf16BigEndian, .unicode].contains(requested)
        default: return [.utf32, .utf32LittleEndian, .utf32BigEndian].contains(requested)
        }
    }

    /// Where decoding fails, for the error (found by halving; only on failure).
    private static func firstInvalidOffset(_ data: Data, _ encoding: String.Encoding) -> Int? {
        guard encoding == .utf8 || encoding == .ascii else { return nil }
        var i = 0
        let b = [UInt8](data)
        while i < b.count {
            let c = b[i]
            if encoding == .ascii { if c >= 0x80 { return i }; i += 1; continue }
            let n = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 0
            if n == 0 || i + n > b.count || String(bytes: b[i..<(i + n)], encoding: .utf8) == nil { return i }
            i += n
        }
        return nil
    }

    static func write(_ string: String, encoding: String.Encoding) throws(DocumentWritingError) -> Data {
        if encoding == .utf8 { return Data(string.utf8) }
        guard let data = string.data(using: encoding, allowLossyConversion: false) else {
            let bad = string.unicodeScalars.first { String($0).data(using: encoding) == nil }
            throw DocumentWritingError(kind: .unencodableCharacter,
                                       message: "U+\(String(bad?.value ?? 0, radix: 16, uppercase: true)) cannot be written in encoding \(encoding)")
        }
        return data
    }
}

extension String {
    /// The string for UTF-8 `data`, or nil when it is not valid UTF-8 (no repair).
    init?(validatingUTF8Data data: Data) {
        guard let s = String(validating: data, as: UTF8.self) else { return nil }
        self = s
    }
}
