import COTKICU
import TextKitGraphics
import TextKitModel
import TextKitTypesetting
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Small Unicode helpers of the spelling code, on UTF-16 code units.
enum UnicodeText {
    /// Unicode's White_Space property (the complete list; it has not changed since Unicode 6.3).
    /// A surrogate is never white space.
    @inline(__always)
    static func isWhiteSpace(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// Whether the code units hold a decimal digit (of any script in the Basic Multilingual Plane).
    static func containsDigit(_ units: UnsafeBufferPointer<UInt16>) -> Bool {
        units.contains { unit in
            if unit < 0x80 { return unit >= 0x30 && unit <= 0x39 }
            guard let scalar = Unicode.Scalar(unit) else { return false }  // a surrogate
            return scalar.properties.generalCategory == .decimalNumber
        }
    }

    /// Whether the code units hold a letter (Alphabetic); "___" and "--" hold none.
    static func containsLetter(_ units: UnsafeBufferPointer<UInt16>) -> Bool {
        var scalars = units.makeIterator()
        var decoder = UTF16()
        while case let .scalarValue(scalar) = decoder.decode(&scalars) {
            if scalar.properties.isAlphabetic { return true }
        }
        return false
    }

    /// The string of UTF-16 `units`: ASCII copied a byte each (most words; decoding UTF-16 in
    /// general costs the standard library about 2.5 K instructions a word), anything else decoded,
    /// a lone surrogate becoming U+FFFD.
    static func string(_ units: UnsafeBufferPointer<UInt16>) -> String {
        guard isASCII(units) else { return String(decoding: units, as: UTF16.self) }
        return String(unsafeUninitializedCapacity: units.count) { bytes in
            for (i, unit) in units.enumerated() { bytes[i] = UInt8(truncatingIfNeeded: unit) }
            return units.count
        }
    }

    /// `text` in Normalization Form C (ICU), so that equal words compare equal byte for byte.
    static func nfc(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }  // ASCII is always NFC
        let source = Array(text.utf16)
        var capacity = source.count + 16
        while true {
            var destination = [UInt16](repeating: 0, count: capacity)
            var err: Int32 = 0
            let needed = source.withUnsafeBufferPointer { src in
                destination.withUnsafeMutableBufferPointer { dest in
                    cotk_normalize(Int32(COTK_NFC), src.baseAddress, Int32(src.count), dest.baseAddress, Int32(dest.count), &err)
                }
            }
            if cotk_failure(err) == 0 {
                return String(decoding: destination[..<Int(needed)], as: UTF16.self)
            }
            if Int(needed) <= capacity { return text }  // ICU refused the text: keep it as it is
            capacity = Int(needed)
        }
    }
}

/// Problems with the user's data (a dictionary in an unknown encoding, an unreadable learned-words
/// file) are written to standard error, each message once per process: they never trap.
enum SpellingDiagnostics {
    private static let reported = Locked<Set<String>>([])

    static func report(_ message: String) {
        let isNew = reported.withLock { $0.insert(message).inserted }
        guard isNew else { return }
        var bytes = Array((message + "\n").utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}
