/// Finding UTF-16 offsets in UTF-8 text, for reading a `String` by `NSRange` offsets without the
/// standard library's index of it (which walks a non-ASCII string at 35 or so instructions a unit
/// the first time it is asked, and again after every change).
extension _UTF16Rope {
    /// A scalar boundary in UTF-8 text, counted in both encodings.
    struct TextPosition {
        var utf8 = 0
        var utf16 = 0
    }

    /// The last scalar boundary at or before UTF-16 offset `target` (the end of `utf8` when
    /// `target` is past it), walking valid UTF-8 forward from `position`: eight ASCII bytes at a
    /// time, then a scalar at a time. A lone surrogate shown as U+FFFD is one unit, as in the text.
    static func walk(_ utf8: UnsafeBufferPointer<UInt8>, from position: TextPosition, toUTF16 target: Int) -> TextPosition {
        guard let bytes = utf8.baseAddress else { return position }
        var (i, u) = (position.utf8, position.utf16)
        let n = utf8.count
        while u < target, i < n {
            if target - u >= 8, i + 8 <= n, isASCII(UnsafeRawPointer(bytes + i).loadUnaligned(as: UInt64.self)) {
                i += 8
                u += 8
                continue
            }
            let lead = bytes[i]
            let (length, units) = lead < 0x80 ? (1, 1) : lead < 0xE0 ? (2, 1) : lead < 0xF0 ? (3, 1) : (4, 2)
            if u + units > target || i + length > n { break }  // inside a pair: stop before its scalar
            i += length
            u += units
        }
        return TextPosition(utf8: i, utf16: u)
    }
}
