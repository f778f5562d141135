import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Where a line is cut when it is truncated (Core Text's `CTLineTruncationType`).
public enum CTLineTruncationType: UInt32, Sendable {
    /// Keep the end of the line; the token goes first.
    case start = 0
    /// Keep the start of the line; the token goes last.
    case end = 1
    /// Keep both ends; the token goes in the middle.
    case middle = 2
}

extension CTLine {
    /// The line's content (trailing white space excluded) cut to `width` points with `token`
    /// drawn where glyphs were hidden (Core Text's `CTLineCreateTruncatedLine`).
    ///
    /// - Returns: the line itself when its content already fits; nil when the token alone is wider
    ///   than `width`. Otherwise a line whose width without trailing white space is at most
    ///   `width`: whole grapheme clusters are hidden from the end, the start or the middle (taking
    ///   one cluster from each side in turn) until the rest and the token fit. A nil token cuts
    ///   the line without a mark. `.end` truncation also hides the trailing white space.
    /// - The token's runs keep their own attributes; their string indices are the first hidden
    ///   character's. The truncated line's string range is the original line's.
    /// - Lines with both directions are cut in logical order, and the token goes where the first
    ///   hidden glyph was drawn.
    public func truncated(width: Double, type: CTLineTruncationType, token: CTLine?) -> CTLine? {
        if width - self.width + trailingWhitespaceWidth >= -0.001 { return self }
        let tokenWidth = token?.width ?? 0
        guard tokenWidth <= width + 0.001 else { return nil }
        let room = Float(width - tokenWidth) + 0.001
        var line = placed
        line.truncation = nil
        line.fitted.width = placed.fitted.width  // the content width before any earlier truncation
        let glyphs = paragraph.glyphs
        let (xs, drawn) = line.glyphPositions(in: glyphs)
        let lower = line.glyphRange.lowerBound
        // Grapheme clusters of the content, in logical order, with their advances: the token never
        // goes inside one (a space and the combining mark after it stay together).
        var contentEnd = line.glyphRange.upperBound
        while contentEnd > lower, glyphs.flags[contentEnd - 1].contains(.whitespace) { contentEnd -= 1 }
        let clusters: [(range: Range<Int>, width: Float)] = glyphs.graphemeGroups(in: lower..<contentEnd, text: paragraph.text)
            .map { group in (group, group.reduce(Float(0)) { $0 + drawn[$1 - lower] }) }
        // Keep clusters [0, head) and [tail, count).
        var head = 0, tail = clusters.count
        var kept: Float = 0
        switch type {
        case .end:
            while head < tail, kept + clusters[head].width <= room { kept += clusters[head].width; head += 1 }
        case .start:
            while tail > head, kept + clusters[tail - 1].width <= room { kept += clusters[tail - 1].width; tail -= 1 }
        case .middle:
            var takeHead = true
            while head < tail {
                let w = takeHead ? clusters[head].width : clusters[tail - 1].width
                if kept + w > room { break }
                kept += w
                if takeHead { head += 1 } else { tail -= 1 }
                takeHead.toggle()
            }
        }
        let hiddenStart = head < clusters.count ? clusters[head].range.lowerBound : contentEnd
        var hiddenEnd = tail < clusters.count ? clusters[tail].range.lowerBound : contentEnd
        if type == .end { hiddenEnd = line.glyphRange.upperBound }
        guard hiddenStart < hiddenEnd else { return self }
        let hidden = hiddenStart..<hiddenEnd
        // The token stands where the first hidden glyph was drawn (hidden glyphs are contiguous on
        // the screen when the line has one direction).
        let ellipsisX = hidden.map { xs[$0 - lower] }.min()! - line.originX
        line.truncation = PlacedLine.Truncation(hiddenGlyphs: hidden, ellipsisX: ellipsisX, ellipsisWidth: Float(tokenWidth),
                                                font: 0, glyph: 0)
        line.fitted.width = kept + Float(tokenWidth)
        return CTLine(paragraph: paragraph, placed: line, token: token)
    }

    /// The line stretched or squeezed so that its content (trailing white space excluded) is
    /// `width` points wide (Core Text's `CTLineCreateJustifiedLine`).
    ///
    /// `factor` 1 or more justifies fully, between 0 and 1 partly (the content grows by that
    /// fraction of the difference), 0 or less not at all (the line itself is returned). The
    /// difference is shared among the spaces between words; a line without such spaces (Chinese,
    /// Japanese, a single word) shares it among the gaps between its glyph clusters. A width
    /// smaller than the content squeezes it. Returns nil for a line with nothing to share the
    /// difference among (one cluster) or a truncated line.
    public func justified(factor: CGFloat, width: Double) -> CTLine? {
        guard factor > 0 else { return self }
        guard placed.truncation == nil else { return nil }
        let content = self.width - trailingWhitespaceWidth
        let target = content + Double(min(factor, 1)) * (width - content)
        let extra = Float(target - content)
        let glyphs = paragraph.glyphs
        var end = placed.glyphRange.upperBound
        while end > placed.glyphRange.lowerBound, glyphs.flags[end - 1].contains(.whitespace) { end -= 1 }
        var spaces = 0
        var clusters = 0
        var g = placed.glyphRange.lowerBound
        while g < end {
            let flags = glyphs.flags[g]
            if flags.contains(.whitespace) && !flags.contains(.control) { spaces += 1 }
            else if !flags.contains(.control) && (g == placed.glyphRange.lowerBound || glyphs.clusters[g] != glyphs.clusters[g - 1]) { clusters += 1 }
            g += 1
        }
        var line = placed
        if spaces > 0 {
            line.justification += extra / Float(spaces)
            line.fitted.width += extra
            return CTLine(paragraph: paragraph, placed: line, token: token, clusterSpacing: clusterSpacing)
        }
        guard clusters > 1 else { return nil }
        line.fitted.width += extra
        return CTLine(paragraph: paragraph, placed: line, token: token,
                      clusterSpacing: clusterSpacing + extra / Float(clusters - 1))
    }
}

// MARK: - Core Text functions

/// See ``CTLine/truncated(width:type:token:)``.
public func CTLineCreateTruncatedLine(_ line: CTLine, _ width: Double, _ truncationType: CTLineTruncationType,
                                      _ truncationToken: CTLine?) -> CTLine? {
    line.truncated(width: width, type: truncationType, token: truncationToken)
}

/// See ``CTLine/justified(factor:width:)``.
public func CTLineCreateJustifiedLine(_ line: CTLine, _ justificationFactor: CGFloat, _ justificationWidth: Double) -> CTLine? {
    line.justified(factor: justificationFactor, width: justificationWidth)
}
