import TextKitFonts
import TextKitModel

/// Places fitted lines: vertical metrics from the fonts and attachments on the line, the
/// paragraph style's line-height rules, alignment and justification, bidi reordering (UAX #9 L1
/// and L2) and truncation.
package struct LinePlacer {
    package let analysis: ParagraphAnalysis
    package let text: UnsafeBufferPointer<UInt16>
    /// Whether the fonts' leading is part of the line height (`NSLayoutManager.usesFontLeading`).
    package var usesFontLeading = true

    /// Each glyph run's extent above and below the baseline and its fonts' leading (baseline
    /// offsets and attachments applied), worked out once per paragraph rather than once per line.
    private let runMetrics: [(ascent: Float, descent: Float, leading: Float)]
    /// The paragraph style's line-height rules, read once.
    private let lineHeightMultiple: Float, minimumLineHeight: Float, maximumLineHeight: Float
    private let alignment: NSTextAlignment
    /// Whether every run is left to right at level 0 (no reordering to do).
    private let isPlainLeftToRight: Bool

    package init(analysis: ParagraphAnalysis, text: UnsafeBufferPointer<UInt16>) {
        self.analysis = analysis
        self.text = text
        let glyphs = analysis.glyphs
        runMetrics = glyphs.runs.map { run in
            let style = analysis.styles[Int(run.style)]
            let font = glyphs.fonts[Int(run.font)]
            let shift = style.baselineOffset
            var ascent = Float(font.ascender) + shift
            var descent = -Float(font.descender) - shift
            if style.attachment != nil {
                for c in run.characterRange {
                    guard let bounds = glyphs.attachmentBounds[Int32(c)] else { continue }
                    let bottom = Float(bounds.origin.y)
                    ascent = max(ascent, bottom + Float(bounds.height) + shift)
                    descent = max(descent, -bottom - shift)
                }
            }
            return (ascent, descent, Float(font.leading))
        }
        let style = analysis.paragraphStyle
        lineHeightMultiple = Float(style.lineHeightMultiple)
        minimumLineHeight = Float(style.minimumLineHeight)
        maximumLineHeight = Float(style.maximumLineHeight)
        alignment = style.alignment
        isPlainLeftToRight = analysis.baseLevel == 0 && glyphs.runs.allSatisfy { $0.level == 0 }
    }

    /// Vertical metrics of the glyphs in `range` (or, for an empty line, of the font at
    /// `offset`): the largest ascent, descent and leading of their fonts, raised or lowered by
    /// `.baselineOffset`, and of attachments by their bounds.
    package func metrics(glyphs range: Range<Int>, offset: Int) -> (ascent: Float, descent: Float, leading: Float) {
        let glyphs = analysis.glyphs
        var ascent: Float = 0, descent: Float = 0, leading: Float = 0
        var any = false
        if !range.isEmpty {
            var r = glyphs.runIndex(containingGlyph: range.lowerBound)
            while r < glyphs.runs.count && glyphs.runs[r].glyphRange.lowerBound < range.upperBound {
                let m = runMetrics[r]
                ascent = max(ascent, m.ascent)
                descent = max(descent, m.descent)
                leading = max(leading, m.leading)
                any = true
                r += 1
            }
        }
        if !any {
            let style = analysis.styles.isEmpty ? nil : analysis.styles[min(styleIndex(at: offset), analysis.styles.count - 1)]
            let font = style?.font ?? RunStyle.defaultFont
            ascent = Float(font.ascender)
            descent = -Float(font.descender)
            leading = Float(font.leading)
        }
        return (ascent, descent, leading)
    }

    private func styleIndex(at offset: Int) -> Int {
        let runs = analysis.glyphs.runs
        guard !runs.isEmpty else { return 0 }
        for run in runs where run.characterRange.contains(offset) { return Int(run.style) }
        return Int(runs[runs.count - 1].style)
    }

    /// The natural height of a line at `offset` before it is broken, for proposing a line
    /// fragment rect: the metrics of the font there, with the paragraph style's rules.
    package func estimatedHeight(at offset: Int) -> Float {
        let g = analysis.glyphs.glyph(forCharacterAt: min(offset, max(0, analysis.length - 1)))
        let m = metrics(glyphs: g..<min(g + 1, analysis.glyphs.count), offset: offset)
        return lineHeight(ascent: m.ascent, descent: m.descent, leading: m.leading).height
    }

    /// UIKit's line-height rules: the natural height (ascent + descent, plus the fonts' leading
    /// below the descent when the layout manager uses font leading) times `lineHeightMultiple`
    /// when set, then clamped to `minimumLineHeight`/`maximumLineHeight` when set. The extra room
    /// (or the cut) is taken above the ascent, as TextKit 1 does, so with no rules the baseline
    /// sits `ascent` below the line's top.
    package func lineHeight(ascent: Float, descent: Float, leading: Float) -> (height: Float, baseline: Float) {
        let natural = ascent + descent + (usesFontLeading ? leading : 0)
        var height = natural
        if lineHeightMultiple > 0 { height *= lineHeightMultiple }
        if minimumLineHeight > 0 { height = max(height, minimumLineHeight) }
        if maximumLineHeight > 0 { height = min(height, maximumLineHeight) }
        return (height, ascent + (height - natural))
    }

    /// Places `fitted`, a line whose text area spans `lineStartX…lineEndX` (x from the text
    /// area's leading edge, as given to the fitter).
    ///
    /// `hiddenRestEnd`, with a truncation mode, makes the line stand for the paragraph's text up
    /// to that offset although `fitted` stops earlier, at a line separator: the last line a
    /// container allows. The rest joins the line's characters and glyphs, hidden behind an
    /// ellipsis at the line's end, so that every character of the paragraph is in a line.
    package func place(_ fitted: FittedLine, lineStartX: Float, lineEndX: Float, isLastLineOfParagraph: Bool,
                       truncationMode: NSLineBreakMode? = nil, hiddenRestEnd: Int? = nil) -> PlacedLine {
        let glyphs = analysis.glyphs
        let glyphRange = glyphs.glyphRange(forCharacters: fitted.characters)
        let m = metrics(glyphs: glyphRange, offset: fitted.characters.lowerBound)
        let (height, baseline) = lineHeight(ascent: m.ascent, descent: m.descent, leading: m.leading)
        var line = PlacedLine(fitted: fitted, glyphRange: glyphRange, ascent: m.ascent, descent: m.descent,
                              leading: m.leading, height: height, baseline: baseline, originX: lineStartX,
                              justification: 0, visualRuns: [], truncation: nil)
        var available = lineEndX - lineStartX
        var hangs = fitted.hangs
        if truncationMode != nil, let restEnd = hiddenRestEnd, restEnd > fitted.characters.upperBound {
            let shownEnd = line.glyphRange.upperBound
            line.fitted.characters = fitted.characters.lowerBound..<restEnd
            line.fitted.endsWithHardBreak = true
            line.glyphRange = line.glyphRange.lowerBound..<glyphs.glyphRange(forCharacters: line.fitted.characters).upperBound
            truncate(&line, mode: .byTruncatingTail, available: available, shownEnd: shownEnd)
            hangs = .none
        } else if let mode = truncationMode, fitted.width > available + hangs.start + hangs.end + 0.001 {
            truncate(&line, mode: mode, available: available)
            hangs = .none  // the ellipsis ends the line
        }
        line.visualRuns = visualRuns(for: line)
        // Alignment: natural follows the paragraph's direction.
        let isRTL = analysis.baseLevel == 1
        // Hanging punctuation widens the line's room into the margins (both zero when the
        // paragraph does not hang it): the line is aligned and justified in the wider room.
        (line.leftHang, line.rightHang) = hangs.visual(isRightToLeft: isRTL)
        let roomStartX = lineStartX - line.leftHang
        available += line.leftHang + line.rightHang
        var alignment = self.alignment
        if alignment == .natural { alignment = isRTL ? .right : .left }
        let used = line.fitted.width
        let slack = max(0, available - used)
        switch alignment {
        case .right: line.originX = roomStartX + slack
        case .center: line.originX = roomStartX + slack / 2
        case .justified:
            line.originX = roomStartX
            if !isLastLineOfParagraph && !fitted.endsWithHardBreak && line.truncation == nil {
                let (spaces, spaceAdvance, glyphAdvance) = stretchableSpaces(in: line)
                let adjustment = fitted.shrinksToFit ? available - used : slack
                // Glyph expansion takes its share first (nothing unless the paragraph allows it).
                let step = spaces > 0 ? expansionStep(adjustment: adjustment, spaceAdvance: spaceAdvance, glyphAdvance: glyphAdvance) : 0
                let spacesAdjustment = adjustment - Float(step) / 1000 * glyphAdvance
                if spaces > 0, isTooLooseToJustify(adjustment: spacesAdjustment, spaceAdvance: spaceAdvance) {
                    line.fitted.isSetRagged = true
                } else if spaces > 0 {
                    // A total-fit line may be wider than its room: its spaces shrink (at most by
                    // a third, as the breaker allowed).
                    line.fitted.expansionStep = step
                    line.justification = spacesAdjustment / Float(spaces)
                    line.fitted.width = available
                }
            }
            if isRTL && line.justification == 0 { line.originX = roomStartX + slack }
        default: line.originX = roomStartX
        }
        // The alignment above places the content. Right to left, the
        // trailing white space stands visually first, left of the content, and hangs past the
        // line's end there, so the line (whose `originX` is its leftmost glyph) starts that much
        // further left. `PlacedLine.contentOriginX` gives the content's start back.
        if isRTL, let last = line.glyphRange.last, line.truncation?.hiddenGlyphs.contains(last) != true {
            line.originX -= fitted.trailingWhitespace
        }
        return line
    }

    /// The adjustment ratio past which a line of a total-fit justified paragraph is set ragged
    /// rather than stretched: 4, spaces three times their natural width. The breaker has already tried
    /// every break and an emergency stretch; a line still this loose holds an unbreakable word
    /// (a long URL or code span) with few spaces, and gaps of several spaces read worse than one
    /// short line. TextKit's greedy justification (and so any paragraph not broken by total fit)
    /// stretches every line, as Apple's does.
    package static let raggedRatioLimit: Float = 4

    /// Whether stretching the line's spaces (`spaceAdvance` wide in all) by `adjustment` passes
    /// ``raggedRatioLimit`` in a total-fit paragraph.
    private func isTooLooseToJustify(adjustment: Float, spaceAdvance: Float) -> Bool {
        guard analysis.paragraphStyle.lineBreakStrategy.contains(.optimal), adjustment > 0, spaceAdvance > 0 else { return false }
        return adjustment / (spaceAdvance * Float(AdjustmentRatio.stretchFraction)) > Self.raggedRatioLimit
    }

    /// Spaces inside the line (trailing white space excluded) that justification widens, their
    /// advance, and the advance of the glyphs glyph expansion scales (neither white space, nor
    /// controls, nor attachments; the breaker's ``Breakpoint/glyphWidth``).
    private func stretchableSpaces(in line: PlacedLine) -> (count: Int, advance: Float, glyphAdvance: Float) {
        let glyphs = analysis.glyphs
        var end = line.glyphRange.upperBound
        while end > line.glyphRange.lowerBound, glyphs.flags[end - 1].contains(.whitespace) { end -= 1 }
        var count = 0
        var advance: Float = 0
        var glyphAdvance: Float = 0
        for g in line.glyphRange.lowerBound..<end {
            let flags = glyphs.flags[g]
            if flags.contains(.control) { continue }
            if flags.contains(.whitespace) {
                count += 1
                advance += glyphs.advances[g]
            } else if !flags.contains(.attachment) {
                glyphAdvance += glyphs.advances[g]
            }
        }
        return (count, advance, glyphAdvance)
    }

    /// The glyph expansion of a justified line whose spaces (`spaceAdvance` wide) and glyphs
    /// (`glyphAdvance`) share `adjustment`, in thousandths (``FittedLine/expansionStep``): the
    /// split the total-fit breaker judged the line by
    /// (``AdjustmentRatio/glyphShare(target:natural:stretch:shrink:glyphGive:)``), rounded to a
    /// step; the spaces take what the rounding leaves. 0 unless the paragraph is broken by total
    /// fit with a ``NSParagraphStyle/glyphExpansionLimit``.
    private func expansionStep(adjustment: Float, spaceAdvance: Float, glyphAdvance: Float) -> Int8 {
        let style = analysis.paragraphStyle
        let limit = Double(style.glyphExpansionLimit)
        guard limit > 0, style.lineBreakStrategy.contains(.optimal), glyphAdvance > 0 else { return 0 }
        let share = AdjustmentRatio.glyphShare(target: Double(adjustment), natural: 0,
                                               stretch: Double(spaceAdvance) * AdjustmentRatio.stretchFraction,
                                               shrink: Double(spaceAdvance) * AdjustmentRatio.shrinkFraction,
                                               glyphGive: limit * Double(glyphAdvance))
        let steps = (limit * 1000).rounded(.down)
        return Int8(max(-steps, min(steps, (share * limit * 1000).rounded())))
    }

    /// The line's runs in visual order (UAX #9 L1: trailing white space takes the paragraph
    /// level; L2: reverse from the highest level down).
    private func visualRuns(for line: PlacedLine) -> [PlacedLine.VisualRun] {
        let glyphs = analysis.glyphs
        guard !line.glyphRange.isEmpty, !isPlainLeftToRight else { return [] }
        var pieces: [(range: Range<Int>, level: UInt8)] = []
        var r = glyphs.runIndex(containingGlyph: line.glyphRange.lowerBound)
        var trailingStart = line.glyphRange.upperBound
        while trailingStart > line.glyphRange.lowerBound, glyphs.flags[trailingStart - 1].contains(.whitespace) { trailingStart -= 1 }
        while r < glyphs.runs.count && glyphs.runs[r].glyphRange.lowerBound < line.glyphRange.upperBound {
            let run = glyphs.runs[r]
            let lower = max(run.glyphRange.lowerBound, line.glyphRange.lowerBound)
            let upper = min(run.glyphRange.upperBound, trailingStart)
            if lower < upper { Self.append(lower..<upper, level: run.level, to: &pieces) }
            r += 1
        }
        if trailingStart < line.glyphRange.upperBound {
            Self.append(trailingStart..<line.glyphRange.upperBound, level: analysis.baseLevel, to: &pieces)
        }
        if pieces.allSatisfy({ $0.level == 0 }) { return [] }
        let order = BidiReordering.visualOrder(levels: pieces.map(\.level))
        return order.map { PlacedLine.VisualRun(glyphs: pieces[$0].range, isRightToLeft: pieces[$0].level & 1 == 1) }
    }

    /// Appends a piece of a line, joined to the previous one when it continues it at the same
    /// level: a visual run is a maximal stretch of one level (UAX #9 L2 reverses such a stretch as
    /// a whole), whatever font runs it spans (``PlacedLine/visualPieces`` cuts it at those again).
    /// A line of Latin, Cyrillic and Greek words beside one Arabic word is three runs, not one per
    /// font run, which every line keeps for the life of the layout.
    private static func append(_ range: Range<Int>, level: UInt8, to pieces: inout [(range: Range<Int>, level: UInt8)]) {
        if let last = pieces.last, last.level == level, last.range.upperBound == range.lowerBound {
            pieces[pieces.count - 1].range = last.range.lowerBound..<range.upperBound
        } else {
            pieces.append((range, level))
        }
    }

    /// Hides glyphs so that the line, with an ellipsis, fits `available` points; glyphs from
    /// `shownEnd` on (a tail truncation's hidden rest) are hidden whatever the room.
    private func truncate(_ line: inout PlacedLine, mode: NSLineBreakMode, available: Float, shownEnd: Int? = nil) {
        let glyphs = analysis.glyphs
        guard !line.glyphRange.isEmpty else { return }
        let lastShown = max(line.glyphRange.lowerBound, min(line.glyphRange.upperBound, shownEnd ?? line.glyphRange.upperBound) - 1)
        let runIndex = glyphs.runIndex(containingGlyph: mode == .byTruncatingHead ? line.glyphRange.lowerBound : lastShown)
        let fontIndex = glyphs.runs[runIndex].font
        let font = glyphs.fonts[Int(fontIndex)]
        let scale = Float(font.pointSize) / Float(font.face.unitsPerEm)
        let ellipsisGlyph = font.face.ellipsisGlyph ?? 0
        let ellipsisWidth = Float(font.face.advance(of: ellipsisGlyph)) * scale
        let room = max(0, available - ellipsisWidth)
        var visible = line.glyphRange
        // Content glyphs, trailing white space and controls excluded.
        var end = min(visible.upperBound, shownEnd ?? visible.upperBound)
        while end > visible.lowerBound, glyphs.flags[end - 1].contains(.whitespace) || shownEnd != nil && glyphs.flags[end - 1].contains(.control) {
            end -= 1
        }
        let content = visible.lowerBound..<end
        // Whole grapheme clusters are hidden or kept: the ellipsis never goes inside one.
        let groups = glyphs.graphemeGroups(in: content, text: text)
        let widths = groups.map { $0.reduce(Float(0)) { $0 + glyphs.advances[$1] } }
        var hidden: Range<Int>
        switch mode {
        case .byTruncatingHead:
            var width: Float = 0
            var k = groups.count
            while k > 0, width + widths[k - 1] <= room { k -= 1; width += widths[k] }
            hidden = content.lowerBound..<(k < groups.count ? groups[k].lowerBound : content.upperBound)
            line.truncation = .init(hiddenGlyphs: hidden, ellipsisX: 0, ellipsisWidth: ellipsisWidth, font: fontIndex, glyph: ellipsisGlyph)
            line.fitted.width = width + ellipsisWidth
        case .byTruncatingMiddle:
            var left = 0, right = groups.count
            var width: Float = 0
            var takeLeft = true
            while left < right {
                let advance = takeLeft ? widths[left] : widths[right - 1]
                if width + advance > room { break }
                width += advance
                if takeLeft { left += 1 } else { right -= 1 }
                takeLeft.toggle()
            }
            let x = widths[0..<left].reduce(0, +)
            hidden = (left < groups.count ? groups[left].lowerBound : content.upperBound)
                ..< (right < groups.count ? groups[right].lowerBound : content.upperBound)
            line.truncation = .init(hiddenGlyphs: hidden, ellipsisX: x, ellipsisWidth: ellipsisWidth, font: fontIndex, glyph: ellipsisGlyph)
            line.fitted.width = width + ellipsisWidth
        default:  // tail
            var width: Float = 0
            var k = 0
            while k < groups.count, width + widths[k] <= room { width += widths[k]; k += 1 }
            hidden = (k < groups.count ? groups[k].lowerBound : content.upperBound)..<visible.upperBound
            line.truncation = .init(hiddenGlyphs: hidden, ellipsisX: width, ellipsisWidth: ellipsisWidth, font: fontIndex, glyph: ellipsisGlyph)
            line.fitted.width = width + ellipsisWidth
        }
        visible = line.glyphRange
        _ = visible
    }
}
