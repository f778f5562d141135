import TextKitModel

extension PlacedLine {
    /// The pen position of each of the line's glyphs, by logical index (`result[g - glyphRange.lowerBound]`),
    /// in points from the start of the text area (the line's `originX` included), before HarfBuzz's
    /// per-glyph offsets. Visual order, justification, tab advances and truncation are applied:
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
        func advance(of g: Int) -> Float {
            if hidden.contains(g) { return 0 }
            var a = hasTabs ? tabs[Int32(g)] ?? glyphs.advances[g] : glyphs.advances[g]
            if justification != 0, g < trailing, glyphs.flags[g].contains(.whitespace), !glyphs.flags[g].contains(.control) {
                a += justification
            }
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

    /// Where the hyphen of a hyphenated line is drawn: after the last visible glyph.
    package func hyphenX(in glyphs: ParagraphGlyphs) -> Float {
        let (xs, advances) = glyphPositions(in: glyphs)
        var end = originX
        for i in xs.indices { end = max(end, xs[i] + advances[i]) }
        return end
    }
}
