/// Hanging punctuation (optical margin alignment, `NSParagraphStyle.hangsPunctuation`): how far a
/// mark at a line's edge stands into the margin, as a fraction of its glyph's advance.
///
/// A full stop, comma, hyphen or quote at the edge of a column is mostly white: set flush, it
/// leaves a visible dent in the edge. Typesetters let such marks protrude. The fractions below
/// follow the common practice of margin kerning, as Hàn Thế Thành described it for pdfTeX and as
/// layout programs' optical margin settings apply it: light marks (full stop, comma, hyphen,
/// quotes) hang by their whole width; marks with ink on two levels (colon, semicolon) and the
/// dashes, which would look detached, by about half; the em dash by a quarter. Per-glyph ink is
/// not measured: the advance is the mark's optical width, side bearings included, as a table of
/// fractions assumes.
package enum PunctuationHang {
    /// The fraction of the advance by which `unit` (a UTF-16 code unit) hangs past a line's end,
    /// or 0.
    package static func trailingFraction(of unit: UInt16) -> Float {
        switch unit {
        case 0x2E, 0x2C: return 1  // . ,
        case 0x2D, 0x2010, 0x2011, 0xAD: return 1  // hyphen-minus, hyphen, non-breaking hyphen, soft hyphen
        case 0x3A, 0x3B: return 0.5  // : ;
        case 0x2013: return 0.5  // en dash
        case 0x2014: return 0.25  // em dash
        case 0x060C, 0x06D4: return 1  // Arabic comma, Arabic full stop
        case 0x061B: return 0.5  // Arabic semicolon
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E: return 1  // ideographic comma and full stop, fullwidth , .
        default: return isQuote(unit) ? 1 : 0
        }
    }

    /// The fraction of the advance by which `unit` hangs before a line's start, or 0: quotes only
    /// (whichever way they face: German opens with », Swedish with ”).
    package static func leadingFraction(of unit: UInt16) -> Float {
        isQuote(unit) ? 1 : 0
    }

    /// Quotation marks: " ' « » ‹ › and the curly and low ones, U+2018…U+201F.
    static func isQuote(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x22, 0x27, 0xAB, 0xBB, 0x2039, 0x203A, 0x2018...0x201F: return true
        default: return false
        }
    }
}

/// How far a fitted line's first and last marks hang, in logical order: `start` before the line's
/// start (left in a left-to-right paragraph), `end` past its end. Points.
package struct LineHangs: Sendable, Equatable {
    package var start: Float = 0
    package var end: Float = 0

    package init(start: Float = 0, end: Float = 0) {
        self.start = start
        self.end = end
    }

    package static let none = LineHangs()

    /// The hangs on the left and on the right of a line in a paragraph of the given direction.
    package func visual(isRightToLeft: Bool) -> (left: Float, right: Float) {
        isRightToLeft ? (end, start) : (start, end)
    }
}

extension LineFitter {
    /// How far the mark that starts a line at `offset` hangs before it (0 unless the paragraph
    /// hangs punctuation and its first glyph there is a quote).
    func startHang(at offset: Int) -> Float {
        guard settings.hangsPunctuation, offset < glyphs.length else { return 0 }
        let g = glyphs.firstGlyph(atOrAfter: offset)
        guard g < glyphs.count, Int(glyphs.clusters[g]) == offset, let mark = mark(startingAt: g) else { return 0 }
        return PunctuationHang.leadingFraction(of: mark.unit) * mark.advance
    }

    /// How far the last mark of a line ending (before its trailing white space) at `end` hangs
    /// past it, for a line that starts at `start`; a hyphenated line's hyphen, `hyphen` points
    /// wide, hangs whole.
    func endHang(lineFrom start: Int, to end: Int, hyphen: Float? = nil) -> Float {
        guard settings.hangsPunctuation else { return 0 }
        if let hyphen { return PunctuationHang.trailingFraction(of: 0x2010) * hyphen }
        let first = glyphs.firstGlyph(atOrAfter: start)
        var g = glyphs.firstGlyph(atOrAfter: end) - 1
        while g >= first, glyphs.flags[g].contains(.whitespace) || glyphs.flags[g].contains(.control) { g -= 1 }
        guard g >= first else { return 0 }
        // The cluster's first glyph: a mark is one character, drawn by the cluster's glyphs.
        var c = g
        while c > first, glyphs.clusters[c - 1] == glyphs.clusters[c] { c -= 1 }
        // One mark alone on a line hangs at its start only.
        if c == first, startHang(at: start) > 0 { return 0 }
        guard let mark = mark(startingAt: c) else { return 0 }
        return PunctuationHang.trailingFraction(of: mark.unit) * mark.advance
    }

    /// The character of the glyph cluster that starts at glyph `g` and the advance of its glyphs,
    /// when the cluster is one UTF-16 unit (a mark, not a ligature of a mark and a letter).
    private func mark(startingAt g: Int) -> (unit: UInt16, advance: Float)? {
        let cluster = glyphs.clusters[g]
        var width: Float = 0
        var h = g
        while h < glyphs.count, glyphs.clusters[h] == cluster {
            width += glyphs.advances[h]
            h += 1
        }
        let next = h < glyphs.count ? Int(glyphs.clusters[h]) : glyphs.length
        guard next == Int(cluster) + 1 else { return nil }
        return (text[Int(cluster)], width)
    }

    /// The hangs of `line` as it was fitted (a hyphenated line's hyphen counts as its last mark).
    package func hangs(of line: FittedLine) -> LineHangs {
        guard settings.hangsPunctuation, !line.characters.isEmpty else { return .none }
        let start = line.characters.lowerBound
        let hyphen = line.isHyphenated ? settings.hyphenWidth(line.characters.upperBound - 1) : nil
        return LineHangs(start: startHang(at: start), end: endHang(lineFrom: start, to: line.characters.upperBound, hyphen: hyphen))
    }
}
