/// The UTF-16 code units a detection pass reads, and the character tests its scanners share.
///
/// Offsets are UTF-16 offsets into `units`. Nothing outside `bounds` is read: without transparent
/// bounds they are the search range, so text around it counts as the text's start or end.
/// A lone surrogate reads as U+FFFD, which ends every kind of match.
struct DetectionText {
    let units: [UInt16]
    let bounds: Range<Int>

    init(units: [UInt16], bounds: Range<Int>) {
        self.units = units
        self.bounds = bounds
    }

    /// The code unit at `offset`, or nil outside the bounds.
    @inline(__always)
    func unit(_ offset: Int) -> UInt16? {
        offset >= bounds.lowerBound && offset < bounds.upperBound ? units[offset] : nil
    }

    /// Whether the unit at `offset` is `ascii`.
    @inline(__always)
    func has(_ ascii: Unicode.Scalar, at offset: Int) -> Bool {
        unit(offset) == UInt16(ascii.value)
    }

    /// The scalar that starts at `offset` and its length in code units (a lone surrogate is U+FFFD
    /// of length 1); nil at or past the end.
    @inline(__always)
    func scalar(at offset: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        guard let u = unit(offset) else { return nil }
        if u < 0xD800 || u > 0xDFFF { return (Unicode.Scalar(u)!, 1) }  // not a surrogate: always a scalar
        if u <= 0xDBFF, let low = unit(offset + 1), low >= 0xDC00, low <= 0xDFFF {
            let value = 0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            return (Unicode.Scalar(value)!, 2)  // a valid pair is always a scalar
        }
        return ("\u{FFFD}", 1)
    }

    /// The scalar that ends at `offset` and its length; nil at or before the start.
    @inline(__always)
    func scalar(before offset: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        guard let u = unit(offset - 1) else { return nil }
        if u < 0xD800 || u > 0xDFFF { return (Unicode.Scalar(u)!, 1) }
        if u >= 0xDC00, let high = unit(offset - 2), high >= 0xD800, high <= 0xDBFF {
            return (scalar(at: offset - 2)!.scalar, 2)
        }
        return ("\u{FFFD}", 1)
    }

    /// The text of `range` as a String (lone surrogates become U+FFFD).
    func string(_ range: Range<Int>) -> String {
        String(decoding: units[range], as: UTF16.self)
    }

    /// Whether a word character (letter, digit, mark or underscore) ends at `offset`.
    func isWordCharacter(before offset: Int) -> Bool {
        guard let (scalar, _) = scalar(before: offset) else { return false }
        return DetectionCharacter.isWord(scalar)
    }

    /// Whether a word character starts at `offset`.
    func isWordCharacter(at offset: Int) -> Bool {
        guard let (scalar, _) = scalar(at: offset) else { return false }
        return DetectionCharacter.isWord(scalar)
    }

    /// Whether the ASCII text at `offset` equals `lowercase`, ignoring ASCII case.
    func matchesASCII(_ lowercase: StaticString, at offset: Int) -> Bool {
        let count = lowercase.utf8CodeUnitCount
        return lowercase.withUTF8Buffer { bytes in
            for k in 0..<count {
                guard let u = unit(offset + k), u < 0x80 else { return false }
                let folded = DetectionCharacter.isLetter(u) ? UInt8(u) | 0x20 : UInt8(u)
                if folded != bytes[k] { return false }
            }
            return true
        }
    }
}

/// Character classes of the scanners, on scalars.
enum DetectionCharacter {
    @inline(__always) static func isDigit(_ u: UInt16) -> Bool { u >= 0x30 && u <= 0x39 }
    @inline(__always) static func isLetter(_ u: UInt16) -> Bool { (u | 0x20) >= 0x61 && (u | 0x20) <= 0x7A }
    @inline(__always) static func isAlphanumeric(_ u: UInt16) -> Bool { isDigit(u) || isLetter(u) }

    /// A letter, digit, mark or underscore: what continues a word.
    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let u = UInt16(scalar.value)
            return isAlphanumeric(u) || u == 0x5F
        }
        return isNonASCIILabel(scalar)
    }

    /// A non-ASCII letter, digit or mark: what an internationalized host label may hold.
    static func isNonASCIILabel(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
            return true
        default:
            return false
        }
    }

    /// Unicode White_Space (``UnicodeText/isWhiteSpace(_:)``: all of it is in the BMP).
    static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value <= 0xFFFF && UnicodeText.isWhiteSpace(UInt16(scalar.value))
    }
}
