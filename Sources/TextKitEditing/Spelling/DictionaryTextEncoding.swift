import TextKitGraphics
import TextKitModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The character encoding a hunspell dictionary is written in, named by the `SET` line of its
/// `.aff` file (hunspell's default, without a `SET` line, is ISO8859-1). hunspell compares bytes:
/// every word given to it must be in this encoding, and every word it returns (suggestions, the
/// `.dic` list) comes back in it.
///
/// UTF-8 dictionaries (all of Debian's current ones) need no conversion; the 8-bit encodings
/// hunspell knows (ISO8859-1 to -15, KOI8-R/U, microsoft-cp1251, TIS620-2533) are converted with
/// glibc's iconv.
struct DictionaryTextEncoding: Sendable {
    /// The name as the `.aff` file writes it ("UTF-8", "ISO8859-1").
    let name: String
    /// nil for UTF-8.
    private let converters: (toDictionary: IconvConverter, fromDictionary: IconvConverter)?

    /// nil when glibc's iconv does not know the encoding (ISCII-DEVANAGARI, or a misspelt name).
    init?(hunspellName: String) {
        let trimmed = hunspellName.trimmingCharacters(in: .whitespaces)
        name = trimmed
        let upper = trimmed.uppercased()
        if upper == "UTF-8" || upper == "UTF8" {
            converters = nil
            return
        }
        let iconvName: String
        switch upper {
        case "MICROSOFT-CP1251": iconvName = "CP1251"
        case "TIS620-2533": iconvName = "TIS-620"
        default: iconvName = trimmed  // ISO8859-n and KOI8-R/U are glibc names as they stand
        }
        guard let encoder = IconvConverter(from: "UTF-8", to: iconvName),
              let decoder = IconvConverter(from: iconvName, to: "UTF-8") else { return nil }
        converters = (encoder, decoder)
    }

    var isUTF8: Bool { converters == nil }

    /// Calls `body` with `word` as a NUL-terminated C string in the dictionary's encoding; nil
    /// (without calling `body`) when `word` has a character the encoding cannot write, or a NUL.
    func withCString<R>(_ word: String, _ body: (UnsafePointer<CChar>) -> R) -> R? {
        if word.utf8.contains(0) { return nil }
        guard let (encoder, _) = converters else { return word.withCString(body) }
        guard var bytes = Array(word.utf8).withUnsafeBytes({ encoder.convert($0) }) else { return nil }
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    /// `bytes` in the dictionary's encoding as a String; nil when they are not valid in it.
    func decode(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard let (_, decoder) = converters else {
            return String(validating: bytes.bindMemory(to: UInt8.self), as: UTF8.self)
        }
        guard let utf8 = decoder.convert(bytes) else { return nil }
        return String(validating: utf8, as: UTF8.self)
    }

    /// A NUL-terminated C string from hunspell, decoded.
    func decode(cString: UnsafePointer<CChar>) -> String? {
        decode(UnsafeRawBufferPointer(start: cString, count: strlen(cString)))
    }
}

/// One direction of a glibc iconv conversion. An `iconv_t` keeps shift state, so calls are
/// serialised by a lock.
final class IconvConverter: @unchecked Sendable {  // `descriptor` is only used under its lock (`Locked`)
    private let descriptor: Locked<iconv_t>

    init?(from source: String, to target: String) {
        let descriptor = iconv_open(target, source)
        // iconv_open reports failure as (iconv_t)-1.
        guard let descriptor, Int(bitPattern: descriptor) != -1 else { return nil }
        self.descriptor = Locked(descriptor)
    }

    deinit { descriptor.withLock { _ = iconv_close($0) } }

    /// The converted bytes; nil when the input has a sequence invalid in the source encoding or a
    /// character the target cannot write.
    func convert(_ input: UnsafeRawBufferPointer) -> [UInt8]? {
        descriptor.withLock { descriptor in convert(input, with: descriptor) }
    }

    /// ``convert(_:)`` with the descriptor, under its lock.
    private func convert(_ input: UnsafeRawBufferPointer, with descriptor: iconv_t) -> [UInt8]? {
        iconv(descriptor, nil, nil, nil, nil)  // back to the initial shift state
        var output = [UInt8](repeating: 0, count: input.count * 4 + 16)  // UTF-8 is at most 4 bytes a character
        var inputCopy = Array(input)
        let produced: Int? = inputCopy.withUnsafeMutableBytes { inBuffer in
            output.withUnsafeMutableBytes { outBuffer in
                var inPointer = inBuffer.baseAddress?.assumingMemoryBound(to: CChar.self)
                var inLeft = inBuffer.count
                var outPointer = outBuffer.baseAddress?.assumingMemoryBound(to: CChar.self)
                var outLeft = outBuffer.count
                if inLeft > 0, iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft) == -1 { return nil }
                if iconv(descriptor, nil, nil, &outPointer, &outLeft) == -1 { return nil }  // flush shift state
                return outBuffer.count - outLeft
            }
        }
        guard let produced else { return nil }
        output.removeSubrange(produced...)
        return output
    }
}
