import TextKitGraphics

/// Decoding of the bytes RTF escapes as `\'hh` (and of 8-bit text bytes) by Windows code page.
///
/// Single-byte code pages decode through a 256-entry table built once per code page from
/// Foundation's converters (`String(data:encoding:)`, one byte at a time, so a byte the code page
/// leaves undefined becomes U+FFFD instead of failing the whole string). Double-byte code pages
/// (932 Shift-JIS, 936 GBK, 949 Korean, 950 Big5) decode whole byte runs; a run that does not
/// decode falls back to U+FFFD per byte. What works on this Foundation was measured: 1250–1252,
/// 1254, 1256–1258, 874, 10000 (Mac Roman), 437, 850, 866, 932, 936, 949, 950; 1253 and 1255 decode
/// by table (their few undefined bytes give U+FFFD).
enum RTFCodePage {
    /// Code pages RTF uses by number, as Foundation encodings (`0x8000_0000 | CFStringEncoding`
    /// for those Foundation has no named constant for).
    static func encoding(for codePage: Int) -> String.Encoding? {
        switch codePage {
        case 1252: return .windowsCP1252
        case 1250: return .windowsCP1250
        case 1251: return .windowsCP1251
        case 1253: return .windowsCP1253
        case 1254: return .windowsCP1254
        case 1255: return String.Encoding(rawValue: 0x8000_0505)
        case 1256: return String.Encoding(rawValue: 0x8000_0506)
        case 1257: return String.Encoding(rawValue: 0x8000_0507)
        case 1258: return String.Encoding(rawValue: 0x8000_0508)
        case 874: return String.Encoding(rawValue: 0x8000_041D)
        case 10000: return String.Encoding(rawValue: 0x8000_0000)  // not .macOSRoman: on Linux that constant decodes NeXTSTEP
        case 437: return String.Encoding(rawValue: 0x8000_0400)
        case 850: return String.Encoding(rawValue: 0x8000_0410)
        case 866: return String.Encoding(rawValue: 0x8000_0413)
        case 932: return .shiftJIS
        case 936: return String.Encoding(rawValue: 0x8000_0421)
        case 949: return String.Encoding(rawValue: 0x8000_0422)
        case 950: return String.Encoding(rawValue: 0x8000_0423)
        case 28591: return .isoLatin1
        default: return nil
        }
    }

    /// Whether `b` starts a two-byte character in double-byte code page `codePage`.
    static func isLeadByte(_ b: UInt8, codePage: Int) -> Bool {
        codePage == 932 ? (0x81...0x9F).contains(b) || (0xE0...0xFC).contains(b) : (0x81...0xFE).contains(b)
    }

    /// Whether lead bytes of this code page start two-byte characters.
    static func isDoubleByte(_ codePage: Int) -> Bool {
        codePage == 932 || codePage == 936 || codePage == 949 || codePage == 950
    }

    /// The code page of an RTF `\fcharset` value (Windows character sets), nil for "use the
    /// document's" (ANSI 0, default 1).
    static func codePage(forCharset charset: Int) -> Int? {
        switch charset {
        case 0: return 1252
        case 2: return symbolCodePage
        case 77: return 10000
        case 128: return 932
        case 129: return 949
        case 134: return 936
        case 136: return 950
        case 161: return 1253
        case 162: return 1254
        case 163: return 1258
        case 177: return 1255
        case 178: return 1256
        case 186: return 1257
        case 204: return 1251
        case 222: return 874
        case 238: return 1250
        case 254: return 437
        case 255: return 850
        default: return nil
        }
    }

    /// Pseudo code page of symbol fonts: byte b maps to U+F000 + b, as Word maps Symbol/Wingdings.
    static let symbolCodePage = -2

    private static let tables = Locked<[Int: [UInt16]]>([:])

    /// The 256-entry table of a single-byte code page (unknown code pages use 1252's).
    static func table(for codePage: Int) -> [UInt16] {
        if let known = tables.withLock({ $0[codePage] }) { return known }
        var table = [UInt16](repeating: 0xFFFD, count: 256)
        if codePage == symbolCodePage {
            for b in 0..<256 { table[b] = b < 0x20 ? UInt16(b) : 0xF000 | UInt16(b) }
        } else {
            let encoding = encoding(for: codePage) ?? .windowsCP1252
            for b in 0..<256 {
                if b < 0x80 {  // every code page RTF names is ASCII below 0x80
                    table[b] = UInt16(b)
                    continue
                }
                if let s = String(data: Data([UInt8(b)]), encoding: encoding), s.utf16.count == 1 {
                    table[b] = s.utf16.first!
                } else if b < 0x80 {
                    table[b] = UInt16(b)
                }
            }
        }
        tables.withLock { $0[codePage] = table }
        return table
    }

    /// Decodes a run of bytes of a double-byte code page; undecodable runs give U+FFFD per byte.
    static func decodeDoubleByte(_ bytes: [UInt8], codePage: Int, into out: inout AttributedStringBuilder) {
        if let encoding = encoding(for: codePage), let s = String(data: Data(bytes), encoding: encoding) {
            out.append(contentsOf: s.utf16)
            return
        }
        // Decode what we can: pairs that decode alone, else one replacement per byte.
        var i = 0
        let encoding = encoding(for: codePage)
        while i < bytes.count {
            if bytes[i] < 0x80 { out.append(UInt16(bytes[i])); i += 1; continue }
            if i + 1 < bytes.count, let encoding, let s = String(data: Data(bytes[i...(i + 1)]), encoding: encoding), s.utf16.count == 1 {
                out.append(contentsOf: s.utf16)
                i += 2
            } else {
                out.append(0xFFFD)
                i += 1
            }
        }
    }

    /// The reverse of code page 1252 for writing: the byte for a UTF-16 unit, if 1252 has it.
    static let windows1252Bytes: [UInt16: UInt8] = {
        let t = table(for: 1252)
        var map: [UInt16: UInt8] = [:]
        for b in 0x80..<0x100 where t[b] != 0xFFFD { map[t[b]] = UInt8(b) }
        return map
    }()
}
