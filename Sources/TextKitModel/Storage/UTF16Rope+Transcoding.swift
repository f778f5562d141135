// Transcoding between the rope's UTF-16 and Swift's UTF-8 `String`, in tight loops over raw
// buffers (ASCII four units or eight bytes at a time): text goes into a storage once per
// `NSAttributedString(string:)` or `replaceCharacters(in:with:)`, and comes out once per change
// when someone reads `string`, so for a megabyte these are the costs users see.

extension _UTF16Rope {
    /// The UTF-16 units of `string`, transcoded from its UTF-8 storage in one pass, eight ASCII
    /// bytes at a time: about 1 ms for a megabyte, where iterating `string.utf16` costs 35 or so
    /// instructions a unit on text that is not all ASCII (it builds an index of the string first).
    static func utf16Units(of string: String) -> [UInt16] {
        var string = string
        return string.withUTF8 { utf16Units(ofUTF8: $0) }
    }

    /// The UTF-16 units of `utf8` (valid UTF-8, as a `String`'s storage always is).
    static func utf16Units(ofUTF8 utf8: UnsafeBufferPointer<UInt8>) -> [UInt16] {
        [UInt16](writingUnits: utf8.count) { out in
            let bytes = utf8.baseAddress!  // not empty: `writingUnits` calls only then
            var i = 0, w = 0
            let n = utf8.count
            while i < n {
                if i + 8 <= n, isASCII(UnsafeRawPointer(bytes + i).loadUnaligned(as: UInt64.self)) {
                    for k in 0..<8 { out[w + k] = UInt16(bytes[i + k]) }
                    i += 8
                    w += 8
                    continue
                }
                let b = UInt32(bytes[i])
                func next(_ k: Int) -> UInt32 { UInt32(bytes[i + k] & 0x3F) }
                switch b {
                case ..<0x80:
                    out[w] = UInt16(b); i += 1; w += 1
                case ..<0xE0:
                    out[w] = UInt16((b & 0x1F) << 6 | next(1)); i += 2; w += 1
                case ..<0xF0:
                    out[w] = UInt16((b & 0x0F) << 12 | next(1) << 6 | next(2)); i += 3; w += 1
                default:
                    let v = ((b & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3)) - 0x10000
                    out[w] = UInt16(0xD800 + (v >> 10))
                    out[w + 1] = UInt16(0xDC00 + (v & 0x3FF)); i += 4; w += 2
                }
            }
            return w
        }
    }

    /// Whether eight UTF-8 bytes read as one word are all ASCII.
    @inline(__always)
    static func isASCII(_ eight: UInt64) -> Bool { eight & 0x8080_8080_8080_8080 == 0 }

    /// The text as a Swift `String`; lone surrogates become U+FFFD (one unit each, so the UTF-16
    /// length is unchanged). Two passes over the chunks, the UTF-8 length and then the transcoding
    /// straight into the string's storage: about 14 instructions a unit (25 through `String(decoding:as:)`).
    /// `spareCapacity` more bytes are allocated than the text needs, for insertions in place.
    func makeString(spareCapacity: Int = 0) -> String {
        var utf8Count = 0
        var lead: UInt16? = nil  // a lead surrogate ending the previous chunk
        for chunk in rope {
            chunk.units.withUnsafeBufferPointer { units in
                utf8Count += Self.utf8Count(of: units)
                // A pair split between chunks was counted as two lone surrogates (3 + 3 bytes, not 4).
                if lead != nil, let first = units.first, UTF16.isTrailSurrogate(first) { utf8Count -= 2 }
                lead = units.last.flatMap { UTF16.isLeadSurrogate($0) ? $0 : nil }
            }
        }
        lead = nil
        return String(unsafeUninitializedCapacity: utf8Count + spareCapacity) { bytes in
            var written = 0
            for chunk in rope {
                chunk.units.withUnsafeBufferPointer {
                    Self.transcode($0, lead: &lead, into: bytes.baseAddress!, at: &written)
                }
            }
            if lead != nil { Self.put(0xFFFD, into: bytes.baseAddress!, at: &written) }
            return written
        }
    }

    /// `units` as a `String`, lone surrogates as U+FFFD: ``makeString(spareCapacity:)`` for a few
    /// units. (`String(decoding:as: UTF16.self)` takes a generic path whose first call in a process
    /// has the runtime look up conformances: about 780,000 instructions.)
    static func makeString(of units: [UInt16]) -> String {
        units.withUnsafeBufferPointer { units in
            var lead: UInt16? = nil
            return String(unsafeUninitializedCapacity: utf8Count(of: units)) { bytes in
                guard let base = bytes.baseAddress else { return 0 }
                var written = 0
                transcode(units, lead: &lead, into: base, at: &written)
                if lead != nil { put(0xFFFD, into: base, at: &written) }
                return written
            }
        }
    }

    /// The UTF-8 length of the units in `range`, as ``makeString(spareCapacity:)`` writes them.
    func utf8Count(in range: Range<Int>) -> Int {
        units(in: range).withUnsafeBufferPointer { Self.utf8Count(of: $0) }
    }

    /// The UTF-8 length of `units` on their own: 1 to 3 bytes a unit, 4 a surrogate pair, 3 (U+FFFD)
    /// a lone surrogate.
    private static func utf8Count(of units: UnsafeBufferPointer<UInt16>) -> Int {
        var count = 0
        var i = 0
        let n = units.count
        let raw = UnsafeRawPointer(units.baseAddress)
        while i < n {
            if i + 4 <= n, let raw, areASCII(units: raw.loadUnaligned(fromByteOffset: 2 * i, as: UInt64.self)) {
                count += 4
                i += 4
                continue
            }
            let u = units[i]
            if u < 0x80 {
                count += 1
            } else if u < 0x800 {
                count += 2
            } else if UTF16.isLeadSurrogate(u), i + 1 < n, UTF16.isTrailSurrogate(units[i + 1]) {
                count += 4
                i += 1
            } else {
                count += 3
            }
            i += 1
        }
        return count
    }

    /// Transcodes `units` to UTF-8 at `out + written`, advancing `written`. `lead` carries a lead
    /// surrogate that ends one piece to the next, where it pairs or becomes U+FFFD; other unpaired
    /// surrogates become U+FFFD.
    private static func transcode(_ units: UnsafeBufferPointer<UInt16>, lead: inout UInt16?,
                                  into out: UnsafeMutablePointer<UInt8>, at written: inout Int) {
        var w = written
        defer { written = w }
        var i = 0
        let n = units.count
        if let high = lead {
            lead = nil
            if let low = units.first, UTF16.isTrailSurrogate(low) {
                put(scalar(high, low), into: out, at: &w)
                i = 1
            } else {
                put(0xFFFD, into: out, at: &w)
            }
        }
        let raw = UnsafeRawPointer(units.baseAddress)
        while i < n {
            if i + 4 <= n, let raw {
                let four = raw.loadUnaligned(fromByteOffset: 2 * i, as: UInt64.self)
                if areASCII(units: four) {  // the low bytes of four units, in order (Linux on x86-64 and arm64: little-endian)
                    let bytes = four & 0xFF | four >> 8 & 0xFF00 | four >> 16 & 0xFF_0000 | four >> 24 & 0xFF00_0000
                    UnsafeMutableRawPointer(out + w).storeBytes(of: UInt32(truncatingIfNeeded: bytes), as: UInt32.self)
                    w += 4
                    i += 4
                    continue
                }
            }
            let u = units[i]
            if u < 0x80 {
                out[w] = UInt8(truncatingIfNeeded: u)
                w += 1
            } else if !UTF16.isLeadSurrogate(u) {
                put(UTF16.isTrailSurrogate(u) ? 0xFFFD : UInt32(u), into: out, at: &w)
            } else if i + 1 == n {
                lead = u
            } else if UTF16.isTrailSurrogate(units[i + 1]) {
                put(scalar(u, units[i + 1]), into: out, at: &w)
                i += 1
            } else {
                put(0xFFFD, into: out, at: &w)
            }
            i += 1
        }
    }

    /// Whether four UTF-16 units read as one word are all ASCII.
    @inline(__always)
    private static func areASCII(units four: UInt64) -> Bool { four & 0xFF80_FF80_FF80_FF80 == 0 }

    private static func scalar(_ lead: UInt16, _ trail: UInt16) -> UInt32 {
        0x10000 + (UInt32(lead & 0x3FF) << 10) + UInt32(trail & 0x3FF)
    }

    /// Writes the UTF-8 bytes of `scalar` (a valid scalar value) at `out + written`.
    private static func put(_ scalar: UInt32, into out: UnsafeMutablePointer<UInt8>, at written: inout Int) {
        switch scalar {
        case ..<0x80:
            out[written] = UInt8(scalar); written += 1
        case ..<0x800:
            out[written] = UInt8(0xC0 | scalar >> 6)
            out[written + 1] = UInt8(0x80 | scalar & 0x3F); written += 2
        case ..<0x10000:
            out[written] = UInt8(0xE0 | scalar >> 12)
            out[written + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[written + 2] = UInt8(0x80 | scalar & 0x3F); written += 3
        default:
            out[written] = UInt8(0xF0 | scalar >> 18)
            out[written + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            out[written + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[written + 3] = UInt8(0x80 | scalar & 0x3F); written += 4
        }
    }
}
