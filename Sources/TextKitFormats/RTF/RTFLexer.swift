/// Limits that keep the RTF reader's time and memory in proportion to its input, whatever the
/// input claims.
public enum RTFLimits {
    /// Groups may nest this deep; deeper is an error (``DocumentReadingError/Kind/nestingTooDeep``).
    /// Real documents nest a few dozen levels.
    public static let maximumGroupDepth = 1_000
    /// Letters in a control word (the RTF specification's limit is 32).
    public static let maximumControlWordLength = 32
    /// Digits in a control word's parameter (a signed 32-bit number has at most 10).
    public static let maximumParameterDigits = 10
}

/// One lexical element of RTF.
enum RTFToken {
    case groupStart
    case groupEnd
    /// A control word: its name (ASCII letters) and numeric parameter, if any.
    case word(String, Int32?)
    /// A control symbol: `\` and one non-letter (`\~`, `\*`, `\{` …), except `\'hh`.
    case symbol(UInt8)
    /// `\'hh`: one byte in the current code page.
    case hexByte(UInt8)
    /// A run of literal text bytes (no `\`, `{`, `}`, CR or LF).
    case text(Range<Int>)
    /// The bytes after `\binN`.
    case binary(Range<Int>)
    case end
}

/// Splits RTF bytes into tokens. Never reads past the buffer; reports malformed input as
/// ``DocumentReadingError`` with the byte offset.
struct RTFLexer {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position = 0
    /// Where the last token started.
    private(set) var tokenStart = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    struct Failure: Error {
        let kind: DocumentReadingError.Kind
        let offset: Int
        let message: String
    }

    @inline(__always) private static func isLetter(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A)
    }

    @inline(__always) private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x61...0x66: return b - 0x61 + 10
        case 0x41...0x46: return b - 0x41 + 10
        default: return nil
        }
    }

    mutating func next() throws(Failure) -> RTFToken {
        let n = bytes.count
        // CR and LF are not text in RTF; skip them between tokens.
        while position < n, bytes[position] == 0x0A || bytes[position] == 0x0D { position += 1 }
        tokenStart = position
        guard position < n else { return .end }
        let b = bytes[position]
        switch b {
        case 0x7B: position += 1; return .groupStart
        case 0x7D: position += 1; return .groupEnd
        case 0x5C: return try controlSequence()
        default:
            let start = position
            position += 1
            while position < n {
                let c = bytes[position]
                if c == 0x5C || c == 0x7B || c == 0x7D || c == 0x0A || c == 0x0D { break }
                position += 1
            }
            return .text(start..<position)
        }
    }

    private mutating func controlSequence() throws(Failure) -> RTFToken {
        let n = bytes.count
        let start = position
        position += 1  // the backslash
        guard position < n else { return .symbol(0) }  // a lone backslash at the end: ignored
        let c = bytes[position]
        if Self.isLetter(c) {
            let nameStart = position
            while position < n, Self.isLetter(bytes[position]) {
                position += 1
                if position - nameStart > RTFLimits.maximumControlWordLength {
                    throw Failure(kind: .malformedRTF, offset: start,
                                  message: "control word longer than \(RTFLimits.maximumControlWordLength) letters")
                }
            }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<position]), as: UTF8.self)
            var parameter: Int32?
            if position < n, bytes[position] == 0x2D || (bytes[position] >= 0x30 && bytes[position] <= 0x39) {
                let negative = bytes[position] == 0x2D
                if negative { position += 1 }
                let digitsStart = position
                var value: Int64 = 0
                while position < n, bytes[position] >= 0x30 && bytes[position] <= 0x39 {
                    value = value * 10 + Int64(bytes[position] - 0x30)
                    position += 1
                    if position - digitsStart > RTFLimits.maximumParameterDigits {
                        throw Failure(kind: .malformedRTF, offset: start,
                                      message: "parameter of \\\(name) longer than \(RTFLimits.maximumParameterDigits) digits")
                    }
                }
                if position == digitsStart {
                    // "\word-" with no digits: the hyphen is text, as readers treat it.
                    position -= 1
                } else {
                    if negative { value = -value }
                    parameter = Int32(clamping: value)
                }
            }
            if position < n, bytes[position] == 0x20 { position += 1 }  // the delimiting space
            if name == "bin" {
                let count = Int(max(0, parameter ?? 0))
                guard count <= n - position else {
                    throw Failure(kind: .truncated, offset: start,
                                  message: "\\bin announces \(count) bytes but only \(n - position) remain")
                }
                let range = position..<(position + count)
                position += count
                return .binary(range)
            }
            return .word(name, parameter)
        }
        position += 1
        if c == 0x27 {  // \'hh
            guard position + 1 < n + 0, position + 2 <= n else {
                throw Failure(kind: .truncated, offset: start, message: "\\' escape cut off at the end of the data")
            }
            guard let hi = Self.hexValue(bytes[position]), let lo = Self.hexValue(bytes[position + 1]) else {
                // Not hex: skip the escape, keep reading (Word and Cocoa are as lenient).
                return .symbol(0x3F)
            }
            position += 2
            return .hexByte(hi << 4 | lo)
        }
        return .symbol(c)
    }
}
