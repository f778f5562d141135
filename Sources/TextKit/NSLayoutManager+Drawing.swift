import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

// Drawing: the implementations behind the overridable entry points in NSLayoutManager.swift.
//
// Everything draws into the current context (`UIGraphicsGetCurrentContext()`; nothing happens
// without one) in container coordinates offset by the `origin` the caller gives: a glyph at
// (x, y) in its container lands at (origin.x + x, origin.y + y), whatever container it is in.
//
// The path every mark takes, so that subclasses can change any of them as in TextKit:
// - backgrounds: drawBackground → fillBackgroundRectArray(_:count:forCharacterRange:color:)
// - glyphs: drawGlyphs → showCGGlyphs(_:positions:count:font:textMatrix:attributes:in:), with the
//   context's fill colour, stroke colour, line width, text drawing mode and shadow already set
// - underlines: drawGlyphs → underlineGlyphRange → drawUnderline
// - strikethroughs: drawGlyphs → strikethroughGlyphRange → drawStrikethrough
extension NSLayoutManager {
    // MARK: Backgrounds

    func _drawBackground(forGlyphRange glyphsToShow: NSRange, at origin: CGPoint) {
        guard UIGraphicsGetCurrentContext() != nil,
              let range = checkedDrawingRange(glyphsToShow, "drawBackground(forGlyphRange:at:)") else { return }
        drawingLineCache = nil
        defer { drawingLineCache = nil }
        forEachLineToDraw(in: range) { found, subrange, _ in
            guard mayDraw([.backgroundColor, CoreTextKey.backgroundColor], in: found) else { return }
            drawLineBackgrounds(found, subrange, origin: origin)
        }
    }

    /// Fills `.backgroundColor` (else Core Text's `kCTBackgroundColorAttributeName`) and temporary
    /// background colours of one line: each stretch of one colour becomes one rect per visual
    /// piece, over the glyphs' extent and the line's used height (line spacing included,
    /// paragraph spacing not).
    private func drawLineBackgrounds(_ found: LocatedFragment, _ subrange: Range<Int>, origin: CGPoint) {
        var group: (glyphs: Range<Int>, color: UIColor)?
        func flush() {
            guard let (glyphs, color) = group else { return }
            group = nil
            let (xs, advances) = linePositions(found)
            let lower = found.fragment.line.glyphRange.lowerBound
            let flags = found.analysis.glyphs.flags
            var extents = XExtents()
            for g in glyphs where !flags[g].contains(.lineBreak) {
                extents.add(CGFloat(xs[g - lower]), CGFloat(xs[g - lower] + advances[g - lower]))
            }
            let x0 = origin.x + found.fragment.textOriginX
            let rects = extents.merged.filter { $0.upperBound > $0.lowerBound }.map {
                CGRect(x: x0 + $0.lowerBound, y: origin.y + found.usedRect.minY,
                       width: $0.upperBound - $0.lowerBound, height: found.usedRect.height)
            }
            guard !rects.isEmpty else { return }
            let characters = found.analysis.glyphs.characterRange(forGlyphs: glyphs)
            let charRange = NSRange(location: found.character(characters.lowerBound).rawValue, length: characters.count)
            // As in TextKit, the colour is already the fill colour when the override is called.
            let context = UIGraphicsGetCurrentContext()
            context?.saveGState()
            context?.setFillColor(color)
            rects.withUnsafeBufferPointer {
                fillBackgroundRectArray($0.baseAddress!, count: $0.count, forCharacterRange: charRange, color: color)
            }
            context?.restoreGState()
        }
        for segment in attributeSegments(found, subrange) {
            let color = DrawingValues.color(segment.attributes[uiKitFirst: .backgroundColor])
            if let current = group, let color, current.color == color, current.glyphs.upperBound == segment.glyphs.lowerBound {
                group = (current.glyphs.lowerBound..<segment.glyphs.upperBound, color)
                continue
            }
            flush()
            if let color { group = (segment.glyphs, color) }
        }
        flush()
    }

    func _fillBackgroundRectArray(_ rectArray: UnsafePointer<CGRect>, count rectCount: Int,
                                  forCharacterRange charRange: NSRange, color: UIColor) {
        guard let context = UIGraphicsGetCurrentContext(), rectCount > 0 else { return }
        context.saveGState()
        context.setFillColor(color)
        context.fill(Array(UnsafeBufferPointer(start: rectArray, count: rectCount)))
        context.restoreGState()
    }

    // MARK: Glyphs

    func _drawGlyphs(forGlyphRange glyphsToShow: NSRange, at origin: CGPoint) {
        guard let context = UIGraphicsGetCurrentContext(),
              let range = checkedDrawingRange(glyphsToShow, "drawGlyphs(forGlyphRange:at:)") else { return }
        // Positions cached for a line are good for this call only (an edit may keep a line's
        // glyph range and move its glyphs).
        drawingLineCache = nil
        defer { drawingLineCache = nil }
        forEachLineToDraw(in: range) { found, subrange, text in
            drawLineGlyphs(found, subrange, text: text, origin: origin, context: context)
            if showsInvisibleCharacters || showsControlCharacters {
                drawLineInvisibles(found, subrange, text: text, origin: origin, context: context)
            }
            if mayDraw([.underlineStyle, .strikethroughStyle, .link], in: found) {
                drawLineDecorations(found, subrange, origin: origin)
            }
            if found.analysis.styles.contains(where: { $0.attributes[.link] != nil }) {
                drawLineLinks(found, subrange, origin: origin, context: context)
            }
        }
    }

    /// Draws the glyph pieces of one line (and its attachments, hyphen and ellipsis).
    private func drawLineGlyphs(_ found: LocatedFragment, _ subrange: Range<Int>, text: UnsafeBufferPointer<UInt16>,
                                origin: CGPoint, context: CGContext) {
        let line = found.fragment.line
        let analysis = found.analysis
        let baselineOrigin = CGPoint(x: origin.x + found.fragment.textOriginX,
                                     y: origin.y + found.rect.minY + found.fragment.baselineOffset)
        // Temporary attributes may change drawing inside a run: draw the line in stretches they
        // do not cross (usually just one).
        var bounds = [subrange.lowerBound, subrange.upperBound]
        let hasTemporary = temporaryBoundaries(found, subrange, into: &bounds)
        bounds = Array(Set(bounds)).sorted()
        let truncation = line.truncation
        var ellipsisDrawn = false
        for i in 0..<(bounds.count - 1) where bounds[i] < bounds[i + 1] {
            let stretch = bounds[i]..<bounds[i + 1]
            var pieces = line.drawablePieces(glyphs: analysis.glyphs, styles: analysis.styles, text: text,
                                             origin: baselineOrigin, subrange: stretch)
            // The ellipsis comes last from the typesetter; draw it in its visual place (so that
            // text extracted in drawing order reads "…tail" for head truncation).
            if truncation != nil, pieces.count > 1 {
                pieces = pieces.enumerated().sorted {
                    let (a, b) = ($0.element.positions.first?.x ?? 0, $1.element.positions.first?.x ?? 0)
                    return a != b ? a < b : $0.offset < $1.offset
                }.map(\.element)
            }
            for piece in pieces {
                if let truncation, !truncation.hiddenGlyphs.isEmpty, piece.glyphRange == truncation.hiddenGlyphs,
                   piece.text == "\u{2026}" {
                    if ellipsisDrawn { continue }
                    ellipsisDrawn = true
                }
                let at = min(piece.characterRange.lowerBound, max(0, analysis.length - 1))
                let temporary = hasTemporary ? temporaryDrawingAttributes(at: found.character(at).rawValue) : [:]
                let attributes = drawingAttributes(piece.style.attributes, temporary: temporary)
                if let attachment = piece.style.attachment {
                    drawAttachmentPiece(piece, attachment: attachment, attributes: attributes, found: found, context: context)
                } else {
                    drawPiece(piece, attributes: attributes, context: context, withText: true)
                }
            }
        }
    }

    /// Paints the glyphs of `piece` with `attributes` in TextKit's reading: ``GlyphRunPainter``
    /// sets the context up (colour, outline, shadow, synthetic bold, letterpress) and the glyphs
    /// go down through ``showCGGlyphs(_:positions:count:font:textMatrix:attributes:in:)``.
    private func drawPiece(_ piece: GlyphRunPiece, attributes: [NSAttributedString.Key: Any], context: CGContext,
                           withText: Bool) {
        guard !piece.glyphs.isEmpty else { return }
        let font = piece.font
        let matrix = GlyphPaint.glyphMatrix(font: font, obliqueness: attributes[.obliqueness],
                                            horizontalScale: CGFloat(piece.style.horizontalScale) * piece.lineGlyphScale)
        // Container coordinates are y down: the y-up glyph space is flipped after the matrix.
        let run = GlyphRunPainter.Run(font: font, glyphs: piece.glyphs, positions: piece.positions,
                                      glyphTransform: matrix.linearPart.concatenating(CGAffineTransform(scaleX: 1, y: -1)))
        GlyphRunPainter.paint(run, with: GlyphPaint(textKit: attributes), in: context) { context in
            pendingGlyphText = withText ? PendingGlyphText(text: piece.text, clusters: piece.clusters,
                                                           isRightToLeft: piece.isRightToLeft, glyphCount: piece.glyphs.count) : nil
            piece.glyphs.withUnsafeBufferPointer { glyphs in
                piece.positions.withUnsafeBufferPointer { positions in
                    showCGGlyphs(glyphs.baseAddress!, positions: positions.baseAddress!, count: glyphs.count, font: font,
                                 textMatrix: matrix, attributes: attributes, in: context)
                }
            }
            pendingGlyphText = nil
        }
    }

    func _showCGGlyphs(_ glyphs: UnsafePointer<CGGlyph>, positions: UnsafePointer<CGPoint>, count glyphCount: Int,
                       font: UIFont, textMatrix: CGAffineTransform, attributes: [NSAttributedString.Key: Any],
                       in context: CGContext) {
        guard glyphCount > 0 else { return }
        let ids = Array(UnsafeBufferPointer(start: glyphs, count: glyphCount))
        let points = Array(UnsafeBufferPointer(start: positions, count: glyphCount))
        context.setFont(font.cgFont)
        context.setFontSize(font.pointSize)
        let saved = context.textMatrix
        context.textMatrix = textMatrix
        defer { context.textMatrix = saved }
        if let pending = pendingGlyphText, pending.glyphCount == glyphCount {
            pendingGlyphText = nil
            context.showGlyphsUpright(ids, at: points, text: pending.text, clusters: pending.clusters, isRightToLeft: pending.isRightToLeft)
        } else {
            context.showGlyphsUpright(ids, at: points)
        }
    }

    // MARK: Attachments

    /// Draws the attachment glyphs of `piece` as their images, and any other glyph as text.
    private func drawAttachmentPiece(_ piece: GlyphRunPiece, attachment: NSTextAttachment,
                                     attributes: [NSAttributedString.Key: Any], found: LocatedFragment, context: CGContext) {
        let glyphs = found.analysis.glyphs
        let order = logicalOrder(of: piece, line: found.fragment.line, glyphs: glyphs)
        guard !order.isEmpty else { return drawPiece(piece, attributes: attributes, context: context, withText: true) }
        var rest = piece
        rest.glyphs = []
        rest.positions = []
        for (i, g) in order.enumerated() {
            if glyphs.flags[g].contains(.attachment) {
                drawAttachment(attachment, glyph: g, at: piece.positions[i], found: found)
            } else {
                rest.glyphs.append(piece.glyphs[i])
                rest.positions.append(piece.positions[i])
            }
        }
        drawPiece(rest, attributes: attributes, context: context, withText: false)
    }

    /// Draws `attachment`'s image in the bounds it asks for, relative to the glyph's baseline
    /// position `position` (drawing coordinates).
    private func drawAttachment(_ attachment: NSTextAttachment, glyph g: Int, at position: CGPoint, found: LocatedFragment) {
        let glyphs = found.analysis.glyphs
        let characterIndex = found.character(Int(glyphs.clusters[g])).rawValue
        let container = textContainers[found.container]
        let (xs, _) = linePositions(found)
        let lower = found.fragment.line.glyphRange.lowerBound
        let glyphPosition = CGPoint(x: found.fragment.textOriginX + CGFloat(xs[g - lower]) - found.rect.minX,
                                    y: found.fragment.baselineOffset)
        let bounds = attachment.attachmentBounds(for: container, proposedLineFragment: found.rect,
                                                 glyphPosition: glyphPosition, characterIndex: characterIndex)
        var size = bounds.size
        if let set = found.record.attachmentSizes[g] { size = set }  // setAttachmentSize
        guard size.width > 0, size.height > 0, bounds.minX.isFinite, bounds.minY.isFinite else { return }
        // Attachment bounds are y-up from the baseline.
        let rect = CGRect(x: position.x + bounds.minX, y: position.y - bounds.minY - size.height, width: size.width, height: size.height)
        attachment.image(forBounds: bounds, textContainer: container, characterIndex: characterIndex)?.draw(in: rect)
    }

    // MARK: Links

    /// Makes each line's part of each `.link` run a link area (`CGContext.setURL(_:for:)`): a
    /// clickable annotation in PDF output, over the link's glyphs and the line's used height. A
    /// link that is only a fragment (`#name`) goes to the destination `name`
    /// (`CGContext.setDestination(_:for:)`), which the drawing code names with `addDestination`.
    private func drawLineLinks(_ found: LocatedFragment, _ subrange: Range<Int>, origin: CGPoint, context: CGContext) {
        let glyphs = found.analysis.glyphs
        var group: (glyphs: Range<Int>, url: URL)?
        func flush() {
            guard let (range, url) = group else { return }
            group = nil
            let (xs, advances) = linePositions(found)
            let lower = found.fragment.line.glyphRange.lowerBound
            var extents = XExtents()
            for g in range where !glyphs.flags[g].contains(.lineBreak) {
                extents.add(CGFloat(xs[g - lower]), CGFloat(xs[g - lower] + advances[g - lower]))
            }
            for interval in extents.merged where interval.upperBound > interval.lowerBound {
                let rect = CGRect(x: origin.x + found.fragment.textOriginX + interval.lowerBound, y: origin.y + found.usedRect.minY,
                                  width: interval.upperBound - interval.lowerBound, height: found.usedRect.height)
                // "#name" (a fragment alone) links within the document: to the destination `name`.
                if url.scheme == nil, url.host == nil, url.path.isEmpty, let fragment = url.fragment, !fragment.isEmpty {
                    context.setDestination(fragment.removingPercentEncoding ?? fragment, for: rect)
                } else {
                    context.setURL(url, for: rect)
                }
            }
        }
        var r = glyphs.runIndex(containingGlyph: subrange.lowerBound)
        while r < glyphs.runs.count, glyphs.runs[r].glyphRange.lowerBound < subrange.upperBound {
            let run = glyphs.runs[r]
            r += 1
            let span = run.glyphRange.clamped(to: subrange)
            guard !span.isEmpty else { continue }
            let url = DrawingValues.url(found.analysis.styles[Int(run.style)].attributes[.link])
            if let current = group, let url, current.url == url, current.glyphs.upperBound == span.lowerBound {
                group = (current.glyphs.lowerBound..<span.upperBound, url)
                continue
            }
            flush()
            if let url { group = (span, url) }
        }
        flush()
    }

    // MARK: Invisible and control characters

    /// Draws visible symbols for white space (`showsInvisibleCharacters`: · for spaces, ° for
    /// no-break spaces, → for tabs, ¶ for paragraph ends, ↵ for line separators) and control
    /// characters (`showsControlCharacters`: Unicode's control pictures, ␇ for U+0007), in light
    /// grey, as outlines (so they never become PDF text). They take no room: the layout is the
    /// same with and without them.
    private func drawLineInvisibles(_ found: LocatedFragment, _ subrange: Range<Int>, text: UnsafeBufferPointer<UInt16>,
                                    origin: CGPoint, context: CGContext) {
        let glyphs = found.analysis.glyphs
        let (xs, advances) = linePositions(found)
        let lower = found.fragment.line.glyphRange.lowerBound
        let hidden = found.fragment.line.truncation?.hiddenGlyphs ?? 0..<0
        let baseline = origin.y + found.rect.minY + found.fragment.baselineOffset
        let x0 = origin.x + found.fragment.textOriginX
        let path = CGMutablePath()
        for g in subrange where !hidden.contains(g) {
            let flags = glyphs.flags[g]
            guard flags.contains(.whitespace) || flags.contains(.control), Int(glyphs.clusters[g]) < text.count else { continue }
            guard let symbol = Self.invisibleSymbol(for: text[Int(glyphs.clusters[g])], flags: flags,
                                                    invisibles: showsInvisibleCharacters, controls: showsControlCharacters) else { continue }
            let font = glyphs.fonts[Int(glyphs.runs[glyphs.runIndex(containingGlyph: g)].font)]
            let (drawFont, glyph): (UIFont, CGGlyph)
            if let own = font.glyph(for: symbol) {
                (drawFont, glyph) = (font, own)
            } else if let fallback = font.fallbackFont(for: symbol, presentation: .text), let other = fallback.glyph(for: symbol) {
                (drawFont, glyph) = (fallback, other)
            } else {
                continue
            }
            guard let outline = drawFont.cgPath(forGlyph: glyph) else { continue }
            var x = x0 + CGFloat(xs[g - lower])
            if flags.contains(.whitespace) && !flags.contains(.control) {
                x += (CGFloat(advances[g - lower]) - drawFont.advance(forGlyph: glyph)) / 2  // centred in the space
            }
            path.addPath(outline, transform: CGAffineTransform(translationX: x, y: baseline))
        }
        guard !path.isEmpty else { return }
        context.saveGState()
        context.beginPath()
        context.addPath(path)
        context.setFillColor(UIColor.lightGray)
        context.fillPath()
        context.restoreGState()
    }

    /// The symbol shown for an invisible or control character, or nil.
    static func invisibleSymbol(for unit: UInt16, flags: GlyphFlags, invisibles: Bool, controls: Bool) -> Unicode.Scalar? {
        if invisibles {
            switch unit {
            case 0x09: return "\u{2192}"
            case 0x0A, 0x0D, 0x85, 0x2029: return "\u{00B6}"
            case 0x2028: return "\u{21B5}"
            case 0xA0, 0x202F: return "\u{00B0}"
            default: if flags.contains(.whitespace) && !flags.contains(.control) { return "\u{00B7}" }
            }
        }
        if controls, flags.contains(.control), !flags.contains(.tab), !flags.contains(.lineBreak) {
            if unit < 0x20 { return Unicode.Scalar(0x2400 + UInt32(unit)) }
            if unit == 0x7F { return "\u{2421}" }
            return "\u{25C6}"
        }
        return nil
    }
}
