import TextKitModel

extension PlacedLine {
    /// The pen position of each of the line's glyphs, by logical index (`result[g - glyphRange.lowerBound]`),
    /// in points from the start of the text area (the line's `originX` included), before HarfBuzz's
    /// per-glyph offsets (which ``glyphOffsetX(_:of:in:)`` scales). Visual order, justification, glyph
    /// expansion, tab advances and truncation are applied:
    /// hidden glyphs sit at the ellipsis with no width. Also returns each glyph's drawn advance.
    package func glyphPositions(in glyphs: ParagraphGlyphs) -> (x: [Float], advances: [Float]) {
        let lower = glyphRange.lowerBound
        var xs = [Float](repeating: 0, count: glyphRange.count)
        var advances = [Float](repeating: 0, count: glyphRange.count)
        var tabs: [Int32: Float] = [:]
        for tab in fitted.tabAdvances { tabs[tab.glyph] = tab.advance }
        let hidden = truncation?.hiddenGlyphs ?? 0..<0
        var trailing = glyphRange.upperBound
        while trailing > glyphRange.lowerBound, glyphs.flags[trailing - 1].contains(.whitespace) { trailing -= 1 }

        let hasTabs = !tabs.isEmpty  // (most lines: no dictionary lookup per glyph)
        let scale = fitted.glyphScale
        func advance(of g: Int) -> Float {
            if hidden.contains(g) { return 0 }
            var a = hasTabs ? tabs[Int32(g)] ?? glyphs.advances[g] : glyphs.advances[g]
            if justification != 0, g < trailing, glyphs.flags[g].contains(.whitespace), !glyphs.flags[g].contains(.control) {
                a += justification
            }
            if scale != 1, glyphs.flags[g].isDisjoint(with: [.whitespace, .control, .attachment]) { a *= scale }
            return a
        }

        var x = originX
        func place(_ g: Int) {
            if let truncation, g == hidden.lowerBound {
                // The ellipsis stands where the hidden glyphs were; the rest follows it.
                x = originX + truncation.ellipsisX + truncation.ellipsisWidth
            }
            xs[g - lower] = hidden.contains(g) ? originX + (truncation?.ellipsisX ?? 0) : x
            let a = advance(of: g)
            advances[g - lower] = a
            x += a
        }
        if visualRuns.isEmpty {
            for g in glyphRange { place(g) }
        }
        for run in visualRuns {
            if run.isRightToLeft {
                for g in run.glyphs.reversed() { place(g) }
            } else {
                for g in run.glyphs { place(g) }
            }
        }
        return (xs, advances)
    }

    /// HarfBuzz's x offset of glyph `g` as the line draws it: scaled with the glyphs when
    /// justification expanded them (``FittedLine/glyphScale``).
    @inline(__always)
    package func glyphOffsetX(_ offset: Float, of g: Int, in glyphs: ParagraphGlyphs) -> Float {
        let scale = fitted.glyphScale
        return scale == 1 || glyphs.flags[g].contains(.attachment) ? offset : offset * scale
    }

    /// Where the hyphen of a hyphenated line is drawn: after the last visible glyph.
    package func hyphenX(in glyphs: ParagraphGlyphs) -> Float {
        let (xs, advances) = glyphPositions(in: glyphs)
        var end = originX
        for i in xs.indices { end = max(end, xs[i] + advances[i]) }
        return end
    }
}
