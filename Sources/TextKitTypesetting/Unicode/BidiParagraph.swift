import COTKICU
import TextKitModel

/// The resolved bidi embedding levels of one paragraph (UAX #9, by ICU).
///
/// Most text is left-to-right with no right-to-left characters at all; for it the analysis is a
/// scan of the code units and no ICU call (``isUniformlyLeftToRight``), so Latin text pays
/// nothing for bidi support.
package struct BidiParagraph: Sendable {
    /// The paragraph's embedding level: 0 left-to-right, 1 right-to-left.
    package let baseLevel: UInt8
    /// One level per UTF-16 unit; empty when every level equals ``baseLevel`` (the common case).
    package let levels: [UInt8]

    /// Resolves the levels of `text`, a single paragraph, with `embeddings`: ranges of it wrapped
    /// in explicit embeddings or overrides (the `.writingDirection` attribute) as if the
    /// formatting characters `controls` opened each range and as many PDFs closed it. The
    /// characters are not inserted into the text; only the levels they imply are computed.
    package init(text: UnsafeBufferPointer<UInt16>, direction: NSWritingDirection,
                 embeddings: [(range: Range<Int>, controls: [UInt16])]) {
        guard !embeddings.isEmpty else {
            self.init(text: text, direction: direction)
            return
        }
        // The text with the formatting characters in place, and where each original unit went.
        var augmented: [UInt16] = []
        augmented.reserveCapacity(text.count + 4 * embeddings.count)
        var positions = [Int](repeating: 0, count: text.count)
        var next = 0
        func copy(upTo end: Int) {
            while next < end { positions[next] = augmented.count; augmented.append(text[next]); next += 1 }
        }
        for embedding in embeddings.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            let range = embedding.range.clamped(to: next..<text.count)
            guard !range.isEmpty else { continue }
            copy(upTo: range.lowerBound)
            augmented += embedding.controls
            copy(upTo: range.upperBound)
            augmented += [UInt16](repeating: 0x202C, count: embedding.controls.count)  // PDF
        }
        copy(upTo: text.count)
        let resolved = augmented.withUnsafeBufferPointer { BidiParagraph(text: $0, direction: direction) }
        self.init(baseLevel: resolved.baseLevel, levels: resolved.levels.isEmpty ? [] : positions.map { resolved.levels[$0] })
    }

    private init(baseLevel: UInt8, levels: [UInt8]) {
        self.baseLevel = baseLevel
        self.levels = levels
    }

    /// The formatting characters (LRE, RLE, LRO, RLO) a `.writingDirection` attribute value stands
    /// for, outermost first: an array of `NSWritingDirection` raw values each OR'd with an
    /// `NSWritingDirectionFormatType` (as `Int`s or `NSNumber`s). Anything else gives none.
    package static func controls(forWritingDirection value: Any?) -> [UInt16] {
        guard let values = value as? [Any] else { return [] }
        return values.compactMap { item -> UInt16? in
            guard let number = (item as? Int) ?? (item as? NSNumber)?.intValue else { return nil }
            let rightToLeft = number & 1 == 1
            let override = number & NSWritingDirectionFormatType.override.rawValue != 0
            switch (rightToLeft, override) {
            case (false, false): return 0x202A
            case (true, false): return 0x202B
            case (false, true): return 0x202D
            case (true, true): return 0x202E
            }
        }
    }

    /// Resolves the levels of `text`, a single paragraph. `direction` is the paragraph style's base
    /// writing direction; `.natural` takes the direction of the first strong character (UAX #9
    /// P2–P3), left-to-right when there is none.
    package init(text: UnsafeBufferPointer<UInt16>, direction: NSWritingDirection) {
        let requested: UInt8
        switch direction {
        case .leftToRight: requested = 0
        case .rightToLeft: requested = 1
        default: requested = UInt8(COTK_BIDI_DEFAULT_LTR)
        }
        if requested != 1, !BidiParagraph.mayContainRightToLeft(text) {
            baseLevel = 0
            levels = []
            return
        }
        guard let bidi = cotk_bidi_open() else {
            // ICU could not allocate: lay the paragraph out left to right rather than fail.
            baseLevel = requested == 1 ? 1 : 0
            levels = []
            return
        }
        defer { cotk_bidi_close(bidi) }
        var err: Int32 = 0
        cotk_bidi_set_paragraph(bidi, text.baseAddress, Int32(text.count), requested, &err)
        guard cotk_failure(err) == 0 else {
            baseLevel = requested == 1 ? 1 : 0
            levels = []
            return
        }
        let base = cotk_bidi_paragraph_level(bidi)
        baseLevel = base
        let resolvedDirection = cotk_bidi_direction(bidi)
        let uniformAtBase = (resolvedDirection == Int32(COTK_BIDI_LTR) && base == 0)
            || (resolvedDirection == Int32(COTK_BIDI_RTL) && base == 1)
        if text.isEmpty || uniformAtBase {
            levels = []
            return
        }
        var resolved = [UInt8](repeating: base, count: text.count)
        cotk_bidi_levels(bidi, &resolved, &err)
        levels = cotk_failure(err) == 0 ? resolved : []
    }

    /// Whether every unit has the base level.
    package var isUniform: Bool { levels.isEmpty }

    /// Whether the paragraph is entirely left to right.
    package var isUniformlyLeftToRight: Bool { levels.isEmpty && baseLevel == 0 }

    /// The level of the unit at `offset`.
    package func level(at offset: Int) -> UInt8 { levels.isEmpty ? baseLevel : levels[offset] }

    /// The level of the first strong character of `text` (UAX #9 P2 without the isolate rule):
    /// 0 for L, 1 for R or AL, nil when there is none.
    package static func firstStrongLevel(_ text: UnsafeBufferPointer<UInt16>) -> UInt8? {
        var i = 0
        while i < text.count {
            var value = UInt32(text[i])
            if UTF16.isLeadSurrogate(text[i]), i + 1 < text.count, UTF16.isTrailSurrogate(text[i + 1]) {
                value = 0x10000 + ((value - 0xD800) << 10) + (UInt32(text[i + 1]) - 0xDC00)
                i += 1
            }
            i += 1
            switch cotk_char_direction(value) {
            case 0: return 0         // U_LEFT_TO_RIGHT
            case 1, 13: return 1     // U_RIGHT_TO_LEFT, U_RIGHT_TO_LEFT_ARABIC
            default: continue
            }
        }
        return nil
    }

    /// False only when no unit of `text` can be, or can start, right-to-left text: no code point
    /// of a right-to-left script and no explicit directional formatting character. The scan is
    /// conservative (any unit in the Hebrew–Arabic blocks or from U+07C0 to U+08FF, the
    /// presentation forms, RTL surrogate planes, or a bidi control counts).
    package static func mayContainRightToLeft(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
        // Text below U+0400 (Latin, Greek, most punctuation) is skipped four units at a time.
        containsUnit(atLeast: 0x0400, in: text, where: mayBeRightToLeft)
    }

    private static func mayBeRightToLeft(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: return true
        case 0x200F, 0x202B, 0x202E, 0x2067, 0x061C: return true  // RLM, RLE, RLO, RLI, ALM
        case 0xD802, 0xD803, 0xD83A, 0xD83B: return true  // high surrogates of RTL planes (U+10800–U+10FFF, U+1E800–U+1EFFF)
        default: return false
        }
    }
}

/// The visual order of a line's runs, from their levels (UAX #9 L2).
package enum BidiReordering {
    /// For `levels` (one per run, in logical order) the logical indices in visual order, left to right.
    package static func visualOrder(levels: [UInt8]) -> [Int] {
        if levels.allSatisfy({ $0 & 1 == 0 }) && levels.allSatisfy({ $0 == levels.first }) {
            return Array(levels.indices)
        }
        var map = [Int32](repeating: 0, count: levels.count)
        levels.withUnsafeBufferPointer { cotk_bidi_reorder_visual($0.baseAddress, Int32(levels.count), &map) }
        return map.map(Int.init)
    }
}
