import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Glyphs of one font and style, in drawing order, with the text they stand for: what one
/// `CGContext.showGlyphs(_:at:text:clusters:isRightToLeft:)` call draws.
package struct GlyphRunPiece {
    package var font: UIFont
    package var style: RunStyle
    /// The paragraph's glyphs drawn, in logical order.
    package var glyphRange: Range<Int>
    /// In visual (drawing) order.
    package var glyphs: [CGGlyph]
    /// Baseline origins in the drawing's coordinates (y down), in the same order as `glyphs`.
    package var positions: [CGPoint]
    /// Each glyph's advance, in the same order as `glyphs`.
    package var advances: [CGFloat]
    /// The characters the glyphs draw, and how they group (logical order).
    package var text: String
    package var clusters: [GlyphCluster]
    package var isRightToLeft: Bool
    /// The characters of the piece (paragraph offsets).
    package var characterRange: Range<Int>
    /// How much wider than the font draws them the glyphs are drawn, beside the style's own
    /// expansion: the line's ``FittedLine/glyphScale`` (1 for a hyphen, an ellipsis, and lines
    /// justification did not expand).
    package var lineGlyphScale: CGFloat = 1
}

extension PlacedLine {
    /// A stretch of a line's glyphs in one glyph run (one font and style) and one direction: the
    /// paragraph's glyphs `range`, in logical order.
    package typealias VisualPiece = (range: Range<Int>, run: GlyphRun, isRightToLeft: Bool)

    /// The line's glyphs (those of `wanted`, else all) in visual order, split where the glyph run
    /// changes and around the glyphs a truncation hides: how both façades cut a line into runs to
    /// draw (Core Text's ``CTRun``s, the layout manager's `showCGGlyphs` calls). Within a
    /// right-to-left visual run the pieces go right to left.
    package func visualPieces(glyphs: ParagraphGlyphs, within wanted: Range<Int>? = nil) -> [VisualPiece] {
        let wanted = wanted.map { $0.clamped(to: glyphRange) } ?? glyphRange
        guard !wanted.isEmpty else { return [] }
        let hidden = truncation?.hiddenGlyphs ?? 0..<0
        let runs = visualRuns.isEmpty ? [VisualRun(glyphs: glyphRange, isRightToLeft: false)] : visualRuns
        var pieces: [VisualPiece] = []
        pieces.reserveCapacity(glyphs.runIndex(containingGlyph: wanted.upperBound - 1)
                               - glyphs.runIndex(containingGlyph: wanted.lowerBound) + runs.count + 1)
        for visual in runs {
            let span = visual.glyphs.clamped(to: wanted)
            guard !span.isEmpty else { continue }
            let first = pieces.count
            var start = span.lowerBound
            while start < span.upperBound {
                let run = glyphs.runs[glyphs.runIndex(containingGlyph: start)]
                var end = min(span.upperBound, run.glyphRange.upperBound)
                if hidden.contains(start) {
                    start = min(end, hidden.upperBound)
                    continue
                }
                if start < hidden.lowerBound { end = min(end, hidden.lowerBound) }
                pieces.append((start..<end, run, visual.isRightToLeft))
                start = end
            }
            if visual.isRightToLeft { pieces[first...].reverse() }
        }
        return pieces
    }

    /// Splits the line's glyphs (or those of `subrange`) into pieces to draw, in visual order, with
    /// positions for a line whose text area starts at `origin.x` and whose baseline is at
    /// `origin.y`. Hidden glyphs (truncation) and controls are left out; the ellipsis of a
    /// truncated line and the hyphen of a hyphenated one are pieces of their own.
    /// - Parameter text: the paragraph's UTF-16 text.
    package func drawablePieces(glyphs: ParagraphGlyphs, styles: [RunStyle], text: UnsafeBufferPointer<UInt16>,
                                origin: CGPoint, subrange: Range<Int>? = nil) -> [GlyphRunPiece] {
        let wanted = subrange.map { $0.clamped(to: glyphRange) } ?? glyphRange
        guard !wanted.isEmpty else { return [] }
        let (xs, advances) = glyphPositions(in: glyphs)
        let visualPieces = visualPieces(glyphs: glyphs, within: wanted)
        var pieces: [GlyphRunPiece] = []
        pieces.reserveCapacity(visualPieces.count + 2)
        for visual in visualPieces {
            // `.null`: hidden by the layout manager's delegate (GlyphProperty.null), never drawn;
            // `.notShown`: hidden through NSLayoutManager.setNotShownAttribute.
            let logical = visual.range.filter { glyphs.flags[$0].isDisjoint(with: [.control, .null, .notShown]) }
            if !logical.isEmpty {
                pieces.append(piece(logical: logical, run: visual.run, glyphs: glyphs, styles: styles, text: text,
                                    xs: xs, advances: advances, origin: origin, rightToLeft: visual.isRightToLeft))
            }
        }
        if let truncation, !truncation.hiddenGlyphs.isEmpty, wanted.overlaps(truncation.hiddenGlyphs) || wanted == glyphRange {
            let font = glyphs.fonts[Int(truncation.font)]
            let style = styles[Int(glyphs.runs[glyphs.runIndex(containingGlyph: truncation.hiddenGlyphs.lowerBound)].style)]
            pieces.append(GlyphRunPiece(font: font, style: style, glyphRange: truncation.hiddenGlyphs,
                                        glyphs: [truncation.glyph],
                                        positions: [CGPoint(x: origin.x + CGFloat(originX + truncation.ellipsisX), y: origin.y)],
                                        advances: [CGFloat(truncation.ellipsisWidth)], text: "\u{2026}",
                                        clusters: [GlyphCluster(utf16Count: 1, glyphCount: 1)], isRightToLeft: false,
                                        characterRange: Int(glyphs.clusters[truncation.hiddenGlyphs.lowerBound])..<Int(glyphs.clusters[truncation.hiddenGlyphs.lowerBound])))
        }
        if fitted.isHyphenated, wanted.upperBound == glyphRange.upperBound, let last = glyphRange.last {
            let run = glyphs.runs[glyphs.runIndex(containingGlyph: last)]
            let font = glyphs.fonts[Int(run.font)]
            if let hyphen = font.hyphenGlyph, let character = font.hyphenCharacter {
                let x = hyphenX(in: glyphs)
                pieces.append(GlyphRunPiece(font: font, style: styles[Int(run.style)], glyphRange: last..<last,
                                            glyphs: [hyphen], positions: [CGPoint(x: origin.x + CGFloat(x), y: origin.y - CGFloat(styles[Int(run.style)].baselineOffset))],
                                            advances: [font.advance(forGlyph: hyphen)],
                                            text: String(character), clusters: [GlyphCluster(utf16Count: character.utf16.count, glyphCount: 1)],
                                            isRightToLeft: false, characterRange: fitted.characters.upperBound..<fitted.characters.upperBound))
            }
        }
        return pieces
    }

    private func piece(logical: [Int], run: GlyphRun, glyphs: ParagraphGlyphs, styles: [RunStyle],
                       text: UnsafeBufferPointer<UInt16>, xs: [Float], advances: [Float], origin: CGPoint,
                       rightToLeft: Bool) -> GlyphRunPiece {
        let style = styles[Int(run.style)]
        let font = glyphs.fonts[Int(run.font)]
        let lower = glyphRange.lowerBound
        let shift = CGFloat(style.baselineOffset)
        // A cluster boundary that would split a surrogate pair cannot happen: clusters start at
        // code point boundaries.
        let (characters, clusters) = glyphs.characterClusters(ofLogicalGlyphs: logical)
        let order = rightToLeft ? logical.reversed() : logical
        var ids: [CGGlyph] = []
        var positions: [CGPoint] = []
        var drawn: [CGFloat] = []
        ids.reserveCapacity(order.count)
        for g in order {
            ids.append(glyphs.glyphs[g])
            let offset = glyphs.offsets[Int32(g)] ?? .zero
            positions.append(CGPoint(x: origin.x + CGFloat(xs[g - lower] + glyphOffsetX(offset.x, of: g, in: glyphs)),
                                     y: origin.y - shift + CGFloat(offset.y)))
            drawn.append(CGFloat(advances[g - lower]))
        }
        let string = String(decoding: UnsafeBufferPointer(rebasing: text[characters]), as: UTF16.self)
        // A lone surrogate decodes to U+FFFD, which keeps one UTF-16 unit: the counts still add up.
        return GlyphRunPiece(font: font, style: style, glyphRange: logical[0]..<(logical[logical.count - 1] + 1),
                             glyphs: ids, positions: positions, advances: drawn, text: string,
                             clusters: clusters, isRightToLeft: rightToLeft,
                             characterRange: characters, lineGlyphScale: CGFloat(fitted.glyphScale))
    }
}
