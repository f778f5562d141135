import TextKitFonts
import TextKitGraphics
import TextKitModel

extension CTLine {
    /// Builds the runs of a placed line in visual order: one per stretch of glyphs with one font,
    /// style and direction, split where truncation hides glyphs; then the ellipsis (or the
    /// truncation token's runs) and the hyphen of a hyphenated line. Positions are in line space:
    /// x from the placed line's `originX`, y up. `clusterSpacing` points are added after every
    /// glyph cluster but the last that is not white space (justification of a line without
    /// spaces).
    static func makeRuns(paragraph: TypesetParagraph, placed: PlacedLine, token: CTLine?, clusterSpacing: Float) -> [CTRun] {
        let glyphs = paragraph.glyphs
        guard !placed.glyphRange.isEmpty else { return [] }
        let (xs, drawn) = glyphPositions(placed: placed, glyphs: glyphs, clusterSpacing: clusterSpacing)
        let lower = placed.glyphRange.lowerBound
        let pen = placed.originX
        let pieces = visualPieces(of: placed, glyphs: glyphs)
        var runs = pieces.map {
            textRun($0.range, run: $0.run, rightToLeft: $0.rightToLeft, paragraph: paragraph, xs: xs, drawn: drawn,
                    lower: lower, pen: pen, placed: placed)
        }

        if let truncation = placed.truncation, !truncation.hiddenGlyphs.isEmpty {
            let x = CGFloat(placed.originX + truncation.ellipsisX - pen)
            let firstHidden = paragraph.start + Int(glyphs.clusters[truncation.hiddenGlyphs.lowerBound])
            let hiddenCharacters = glyphs.characterRange(forGlyphs: truncation.hiddenGlyphs)
            let range = CFRange(location: paragraph.start + hiddenCharacters.lowerBound, length: hiddenCharacters.count)
            var inserted: [CTRun] = []
            if let token {
                inserted = token.glyphRuns.map { $0.moved(by: x, stringIndex: firstHidden, stringRange: range) }
            } else if truncation.ellipsisWidth > 0 {
                let style = paragraph.analysis.styles[Int(glyphs.runs[glyphs.runIndex(containingGlyph: truncation.hiddenGlyphs.lowerBound)].style)]
                let font = glyphs.fonts[Int(truncation.font)]
                inserted = [literalRun("\u{2026}", glyph: truncation.glyph, advance: CGFloat(truncation.ellipsisWidth),
                                       at: CGPoint(x: x, y: 0), font: font, style: style, stringIndex: firstHidden,
                                       range: range, kind: .ellipsis)]
            }
            // Keep visual order: the token goes before the first run that starts at or after it.
            let index = runs.firstIndex { ($0.positions.first?.x ?? 0) >= x - 0.001 } ?? runs.count
            runs.insert(contentsOf: inserted, at: index)
        }

        if placed.fitted.isHyphenated, let last = placed.glyphRange.last {
            let run = glyphs.runs[glyphs.runIndex(containingGlyph: last)]
            let font = glyphs.fonts[Int(run.font)]
            if let hyphen = font.hyphenGlyph, let character = font.hyphenCharacter {
                let style = paragraph.analysis.styles[Int(run.style)]
                let index = paragraph.start + placed.fitted.characters.upperBound - 1
                runs.append(literalRun(String(character), glyph: hyphen, advance: font.advance(forGlyph: hyphen),
                                       at: CGPoint(x: CGFloat(placed.hyphenX(in: glyphs) - pen), y: CGFloat(style.baselineOffset)),
                                       font: font, style: style, stringIndex: index,
                                       range: CFRange(location: index, length: 1), kind: .hyphen))
            }
        }
        return runs
    }

    /// A piece of a line's glyphs in one font, style and direction.
    private typealias Piece = (range: Range<Int>, run: GlyphRun, rightToLeft: Bool)

    /// The line's glyphs in visual order as the drawing pieces cut them
    /// (``PlacedLine/visualPieces(glyphs:within:)``), with pieces of one font, style and direction
    /// that follow each other in the text merged (a script change alone does not start a run, as
    /// in Core Text).
    private static func visualPieces(of placed: PlacedLine, glyphs: ParagraphGlyphs) -> [Piece] {
        var pieces: [Piece] = []
        for piece in placed.visualPieces(glyphs: glyphs) {
            if let last = pieces.last, last.rightToLeft == piece.isRightToLeft, last.run.font == piece.run.font,
               last.run.style == piece.run.style {
                if !piece.isRightToLeft, last.range.upperBound == piece.range.lowerBound {
                    pieces[pieces.count - 1].range = last.range.lowerBound..<piece.range.upperBound
                    continue
                }
                if piece.isRightToLeft, piece.range.upperBound == last.range.lowerBound {
                    pieces[pieces.count - 1].range = piece.range.lowerBound..<last.range.upperBound
                    continue
                }
            }
            pieces.append((piece.range, piece.run, piece.isRightToLeft))
        }
        return pieces
    }

    /// Each glyph's pen x (text coordinates, the placed line's `originX` included) and drawn
    /// advance, by logical index, as the line's runs draw them: ``PlacedLine/glyphPositions(in:)``
    /// with `clusterSpacing` added after each glyph cluster but the last that is not white space.
    static func glyphPositions(placed: PlacedLine, glyphs: ParagraphGlyphs, clusterSpacing: Float) -> (x: [Float], advances: [Float]) {
        var (xs, drawn) = placed.glyphPositions(in: glyphs)
        if clusterSpacing != 0 { spread(&xs, &drawn, by: clusterSpacing, placed: placed, glyphs: glyphs) }
        return (xs, drawn)
    }

    /// Adds `spacing` after each glyph cluster but the last that is not white space, in visual order.
    private static func spread(_ xs: inout [Float], _ drawn: inout [Float], by spacing: Float, placed: PlacedLine,
                               glyphs: ParagraphGlyphs) {
        let lower = placed.glyphRange.lowerBound
        let hidden = placed.truncation?.hiddenGlyphs ?? 0..<0
        var sequence: [Int] = []
        let visualRuns = placed.visualRuns.isEmpty
            ? [PlacedLine.VisualRun(glyphs: placed.glyphRange, isRightToLeft: false)] : placed.visualRuns
        for visual in visualRuns {
            for g in (visual.isRightToLeft ? Array(visual.glyphs.reversed()) : Array(visual.glyphs)) where !hidden.contains(g) {
                sequence.append(g)
            }
        }
        // Clusters in visual order: (first index in `sequence`, end, is content).
        var clusters: [(Range<Int>, Bool)] = []
        var i = 0
        while i < sequence.count {
            var j = i + 1
            while j < sequence.count && glyphs.clusters[sequence[j]] == glyphs.clusters[sequence[i]] { j += 1 }
            let flags = glyphs.flags[sequence[i]]
            clusters.append((i..<j, !flags.contains(.whitespace) && !flags.contains(.control)))
            i = j
        }
        guard let lastContent = clusters.lastIndex(where: { $0.1 }) else { return }
        var shift: Float = 0
        for (k, (range, isContent)) in clusters.enumerated() {
            for p in range { xs[sequence[p] - lower] += shift }
            if isContent && k < lastContent {
                drawn[sequence[range.upperBound - 1] - lower] += spacing
                shift += spacing
            }
        }
    }

    /// The run of the paragraph glyphs `range` (logical order; stored in visual order).
    private static func textRun(_ range: Range<Int>, run: GlyphRun, rightToLeft: Bool, paragraph: TypesetParagraph,
                                xs: [Float], drawn: [Float], lower: Int, pen: Float, placed: PlacedLine) -> CTRun {
        let glyphs = paragraph.glyphs
        let style = paragraph.analysis.styles[Int(run.style)]
        let font = glyphs.fonts[Int(run.font)]
        let shift = CGFloat(style.baselineOffset)
        var ids: [CGGlyph] = []
        var positions: [CGPoint] = []
        var advances: [CGSize] = []
        var indices: [CFIndex] = []
        var sources: [Int32] = []
        var invisible: [Bool] = []
        var anyInvisible = false
        ids.reserveCapacity(range.count)
        positions.reserveCapacity(range.count)
        advances.reserveCapacity(range.count)
        indices.reserveCapacity(range.count)
        sources.reserveCapacity(range.count)
        invisible.reserveCapacity(range.count)
        let order: [Int] = rightToLeft ? range.reversed() : Array(range)
        for g in order {
            let offset = glyphs.offsets[Int32(g)] ?? .zero  // y down
            ids.append(glyphs.glyphs[g])
            positions.append(CGPoint(x: CGFloat(xs[g - lower] + placed.glyphOffsetX(offset.x, of: g, in: glyphs) - pen),
                                     y: shift - CGFloat(offset.y)))
            advances.append(CGSize(width: CGFloat(drawn[g - lower]), height: 0))
            indices.append(paragraph.start + Int(glyphs.clusters[g]))
            sources.append(Int32(g))
            let flags = glyphs.flags[g]
            let hides = flags.contains(.control) || flags.contains(.attachment)
            invisible.append(hides)
            anyInvisible = anyInvisible || hides
        }
        let characters = glyphs.characterRange(forGlyphs: range)
        // A run delegate's run measures its box, as in Core Text.
        let box = style.runDelegate != nil ? style.attachment?.bounds : nil
        return CTRun(attributes: runAttributes(style, font: font), font: font, glyphs: ids, positions: positions,
                     advances: advances, stringIndices: indices,
                     stringRange: CFRange(location: paragraph.start + characters.lowerBound, length: characters.count),
                     isRightToLeft: rightToLeft, textMatrix: textMatrix(style, font: font, lineScale: placed.fitted.glyphScale),
                     baselineShift: shift, ascent: (box?.maxY ?? font.ascender) + shift, descent: (box.map { -$0.minY } ?? -font.descender) - shift,
                     leading: box != nil ? 0 : font.leading,
                     source: .paragraph(paragraph, glyphIndices: sources), invisible: anyInvisible ? invisible : nil,
                     kind: .text)
    }

    /// A one-glyph run that draws `text` (an ellipsis or a hyphen).
    private static func literalRun(_ text: String, glyph: CGGlyph, advance: CGFloat, at position: CGPoint, font: UIFont,
                                   style: RunStyle, stringIndex: CFIndex, range: CFRange, kind: CTRun.Kind) -> CTRun {
        let shift = CGFloat(style.baselineOffset)
        return CTRun(attributes: runAttributes(style, font: font), font: font, glyphs: [glyph], positions: [position],
                     advances: [CGSize(width: advance, height: 0)], stringIndices: [stringIndex], stringRange: range,
                     isRightToLeft: false, textMatrix: textMatrix(style, font: font), baselineShift: shift,
                     ascent: font.ascender + shift, descent: -font.descender - shift, leading: font.leading,
                     source: .literal(text), invisible: nil, kind: kind)
    }

    /// A run's attributes: the style's, with the font actually used (a fallback font where the
    /// style's font lacks the characters), as Core Text reports them.
    private static func runAttributes(_ style: RunStyle, font: UIFont) -> [NSAttributedString.Key: Any] {
        var attributes = style.attributes
        attributes[.font] = font
        return attributes
    }

    /// The glyph-space transform of a run (see ``GlyphPaint/glyphMatrix(font:obliqueness:horizontalScale:)``).
    /// `lineScale` is the line's glyph expansion (``FittedLine/glyphScale``).
    private static func textMatrix(_ style: RunStyle, font: UIFont, lineScale: Float = 1) -> CGAffineTransform {
        GlyphPaint.glyphMatrix(font: font, obliqueness: style.attributes[.obliqueness],
                               horizontalScale: CGFloat(style.horizontalScale * lineScale))
    }
}
