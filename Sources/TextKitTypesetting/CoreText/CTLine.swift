import TextKitFonts
import TextKitGraphics
import TextKitModel

/// One line of typeset text (Core Text's `CTLine`): glyph runs in visual order, with the line's
/// metrics and caret geometry.
///
/// ## Coordinates
/// Everything a line reports is in Core Text's *line space*: points from the line's origin, which
/// is the left end of the line on its baseline, with **y up** (run positions, image bounds).
/// Offsets along the line (``CTLineGetOffsetForStringIndex(_:_:_:)``, caret offsets, pen offsets)
/// are x distances from the origin. Line space is Core Graphics' text space:
/// ``CTLineDraw(_:_:)`` maps it to user space through the context's text matrix (whose
/// translation is the `textPosition`), so in a flipped, y-up context a point `(x, y)` of line
/// space lands at `(textPosition.x + x, textPosition.y + y)`, as on Apple platforms.
///
/// ## Width
/// The typographic width includes trailing white space (which hangs past the line's end when it
/// is broken), as in Core Text; ``CTLineGetTrailingWhitespaceWidth(_:)`` tells how much of it that is.
///
/// Immutable and safe to share between threads. Making a line costs time proportional to its
/// glyphs (its runs are built at once).
public final class CTLine: @unchecked Sendable {  // immutable but for the caret cache, which is `Locked`
    let paragraph: TypesetParagraph
    let placed: PlacedLine
    /// The truncation token drawn in place of hidden glyphs, if any.
    let token: CTLine?
    /// The runs, in visual order (left to right).
    public let glyphRuns: [CTRun]
    /// The typographic width (trailing white space included).
    public let width: Double
    /// The advance of the trailing white space.
    public let trailingWhitespaceWidth: Double
    /// Points added after each glyph cluster by justification of a line without spaces.
    let clusterSpacing: Float
    /// The caret geometry, made by the first caret query and kept (under its lock).
    private let caretCache = Locked<LineCarets?>(nil)

    /// The line's caret geometry (``LineCarets``, the model NSLayoutManager answers from too),
    /// x in the placed line's text coordinates: subtract `placed.originX` for line space.
    ///
    /// Made once, on the first caret query, and kept: a line is immutable, and a caret query is
    /// often one of many on the same line (a drag, arrow keys, `CTLineEnumerateCaretOffsets`
    /// after `CTLineGetStringIndexForPosition`). Not made eagerly because it costs
    /// O(n log n) in the line's characters plus an ICU grapheme iterator, and most lines of a
    /// frame are only drawn. It is built while holding the lock, so threads that race to the first
    /// query build it once and all see the same value.
    var carets: LineCarets {
        caretCache.withLock { caretCache in
            if let caretCache { return caretCache }
            let positions = Self.glyphPositions(placed: placed, glyphs: paragraph.glyphs, clusterSpacing: clusterSpacing)
            let made = placed.carets(in: paragraph.analysis, text: paragraph.text, positions: positions)
            caretCache = made
            return made
        }
    }
    /// The characters of the line in its string (UTF-16 offsets), the paragraph separator included
    /// when the line ends a paragraph.
    public let stringRange: CFRange

    /// A line of `fitted` as it stands: no alignment, no justification; tab stops measured from
    /// `lineStartX`.
    convenience init(paragraph: TypesetParagraph, fitted: FittedLine, lineStartX: Float) {
        let placed = paragraph.placer().place(fitted, lineStartX: lineStartX, lineEndX: lineStartX + fitted.width,
                                              isLastLineOfParagraph: true)
        self.init(paragraph: paragraph, placed: placed, token: nil)
    }

    /// A line of a placed line; its origin is the placed line's `originX`.
    init(paragraph: TypesetParagraph, placed: PlacedLine, token: CTLine? = nil, clusterSpacing: Float = 0) {
        self.paragraph = paragraph
        self.placed = placed
        self.token = token
        self.clusterSpacing = clusterSpacing
        let characters = placed.fitted.characters
        stringRange = CFRange(location: paragraph.start + characters.lowerBound, length: characters.count)
        let runs = Self.makeRuns(paragraph: paragraph, placed: placed, token: token, clusterSpacing: clusterSpacing)
        glyphRuns = runs
        var width: Double = 0
        for run in runs { for a in run.advances { width += Double(a.width) } }
        self.width = width
        trailingWhitespaceWidth = Double(Self.trailingWhitespace(paragraph: paragraph, placed: placed))
    }

    /// The advance of the white space at the line's logical end that is still shown.
    private static func trailingWhitespace(paragraph: TypesetParagraph, placed: PlacedLine) -> Float {
        let glyphs = paragraph.glyphs
        let hidden = placed.truncation?.hiddenGlyphs ?? 0..<0
        var total: Float = 0
        var g = placed.glyphRange.upperBound
        var tabs: [Int32: Float] = [:]
        for tab in placed.fitted.tabAdvances { tabs[tab.glyph] = tab.advance }
        while g > placed.glyphRange.lowerBound, glyphs.flags[g - 1].contains(.whitespace) {
            g -= 1
            if !hidden.contains(g) { total += tabs[Int32(g)] ?? glyphs.advances[g] }
        }
        return total
    }

    /// The number of glyphs in all runs.
    public var glyphCount: Int { glyphRuns.reduce(0) { $0 + $1.glyphs.count } }

    /// The line's height above the baseline: the largest ascent of its fonts (raised by baseline
    /// offsets).
    public var ascent: CGFloat { max(CGFloat(placed.ascent), token.map(\.ascent) ?? 0) }
    /// The line's depth below the baseline (positive).
    public var descent: CGFloat { max(CGFloat(placed.descent), token.map(\.descent) ?? 0) }
    /// The largest leading (line gap) of the line's fonts.
    public var leading: CGFloat { max(CGFloat(placed.leading), token.map(\.leading) ?? 0) }

    /// The typographic bounds: width (trailing white space included), ascent, descent and leading
    /// (Core Text's `CTLineGetTypographicBounds`).
    public var typographicBounds: (width: Double, ascent: CGFloat, descent: CGFloat, leading: CGFloat) {
        (width, ascent, descent, leading)
    }

    /// The union of the glyphs' ink bounds in line space, y up (Core Text's `CTLineGetImageBounds`);
    /// `.null` for a line without ink.
    public var imageBounds: CGRect {
        glyphRuns.reduce(CGRect.null) { $0.union($1.imageBounds()) }
    }

    /// Where to put the line's origin to draw it flush in `flushWidth` points (Core Text's
    /// `CTLineGetPenOffsetForFlush`): 0 flush left, 1 flush right, 0.5 centred; values outside 0…1
    /// are clamped. Only the content counts: trailing white space hangs past the line's end (the
    /// right end of a left-to-right line, the left end of a right-to-left one). A line wider than
    /// `flushWidth` gets 0 (minus hanging white space on the left).
    public func penOffset(flushFactor: CGFloat, flushWidth: Double) -> Double {
        let factor = Double(min(max(flushFactor, 0), 1))
        let content = width - trailingWhitespaceWidth
        let hang = paragraph.analysis.baseLevel == 1 ? trailingWhitespaceWidth : 0
        return max(0, flushWidth - content) * factor - hang
    }
}

// MARK: - Core Text functions

/// A line of the whole of `string`, not broken (Core Text's `CTLineCreateWithAttributedString`):
/// `CTTypesetterCreateLine(CTTypesetterCreateWithAttributedString(string), CFRangeMake(0, 0))`.
public func CTLineCreateWithAttributedString(_ string: CFAttributedString) -> CTLine {
    CTTypesetter(attributedString: string).line(stringRange: CFRange())
}

/// The line's runs in visual order, left to right (Core Text's `CTLineGetGlyphRuns`).
public func CTLineGetGlyphRuns(_ line: CTLine) -> [CTRun] { line.glyphRuns }

/// The number of glyphs in the line (Core Text's `CTLineGetGlyphCount`).
public func CTLineGetGlyphCount(_ line: CTLine) -> CFIndex { line.glyphCount }

/// The characters of the line (Core Text's `CTLineGetStringRange`).
public func CTLineGetStringRange(_ line: CTLine) -> CFRange { line.stringRange }

/// The line's typographic width (trailing white space included), with its ascent, descent
/// (positive) and leading through the optional pointers (Core Text's `CTLineGetTypographicBounds`).
public func CTLineGetTypographicBounds(_ line: CTLine, _ ascent: UnsafeMutablePointer<CGFloat>?,
                                       _ descent: UnsafeMutablePointer<CGFloat>?,
                                       _ leading: UnsafeMutablePointer<CGFloat>?) -> Double {
    ascent?.pointee = line.ascent
    descent?.pointee = line.descent
    leading?.pointee = line.leading
    return line.width
}

/// The advance of the line's trailing white space (Core Text's `CTLineGetTrailingWhitespaceWidth`).
public func CTLineGetTrailingWhitespaceWidth(_ line: CTLine) -> Double { line.trailingWhitespaceWidth }

/// The ink bounds of the line in line space, y up (Core Text's `CTLineGetImageBounds`). The
/// context is accepted for Core Text compatibility and not used: the bounds are relative to the
/// line's origin, not to the context's text position.
public func CTLineGetImageBounds(_ line: CTLine, _ context: CGContext?) -> CGRect { line.imageBounds }

/// See ``CTLine/penOffset(flushFactor:flushWidth:)``.
public func CTLineGetPenOffsetForFlush(_ line: CTLine, _ flushFactor: CGFloat, _ flushWidth: Double) -> Double {
    line.penOffset(flushFactor: flushFactor, flushWidth: flushWidth)
}

/// What ``CTLineGetBoundsWithOptions(_:_:)`` measures (Core Text's `CTLineBoundsOptions`).
public struct CTLineBoundsOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Leave out the fonts' leading (otherwise counted below the descent).
    public static let excludeTypographicLeading = CTLineBoundsOptions(rawValue: 1 << 0)
    /// Accepted; baseline shifts are always part of the line's ascent and descent here.
    public static let excludeTypographicShifts = CTLineBoundsOptions(rawValue: 1 << 1)
    /// Accepted and ignored.
    public static let useHangingPunctuation = CTLineBoundsOptions(rawValue: 1 << 2)
    /// Measure the glyphs' ink instead (``CTLineGetImageBounds(_:_:)``).
    public static let useGlyphPathBounds = CTLineBoundsOptions(rawValue: 1 << 3)
    /// Treated as `.useGlyphPathBounds` (no optical bounds tables are read).
    public static let useOpticalBounds = CTLineBoundsOptions(rawValue: 1 << 4)
    /// Accepted and ignored.
    public static let includeLanguageExtents = CTLineBoundsOptions(rawValue: 1 << 5)
}

/// The line's bounds in line space, y up (Core Text's `CTLineGetBoundsWithOptions`): by default
/// the typographic box, from the origin to the typographic width (trailing white space included),
/// from the descent (and the leading below it) up to the ascent. With `.useGlyphPathBounds` or
/// `.useOpticalBounds`, the ink bounds (`.zero` for a line without ink).
public func CTLineGetBoundsWithOptions(_ line: CTLine, _ options: CTLineBoundsOptions) -> CGRect {
    if !options.isDisjoint(with: [.useGlyphPathBounds, .useOpticalBounds]) {
        let ink = line.imageBounds
        return ink.isNull ? .zero : ink
    }
    let below = line.descent + (options.contains(.excludeTypographicLeading) ? 0 : line.leading)
    return CGRect(x: 0, y: -below, width: CGFloat(line.width), height: line.ascent + below)
}
