import TextKitFonts
import TextKitGraphics
import TextKitModel

/// What a run knows about itself (Core Text's `CTRunStatus`).
public struct CTRunStatus: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Nothing special: left to right, string indices increasing, identity text matrix.
    public static let noStatus = CTRunStatus([])
    /// The run is right to left: its glyphs are stored left to right (visual order), so its
    /// string indices decrease.
    public static let rightToLeft = CTRunStatus(rawValue: 1 << 0)
    /// The string indices are not strictly monotonic in the run's direction (reordered marks,
    /// a split vowel).
    public static let nonMonotonic = CTRunStatus(rawValue: 1 << 1)
    /// The run must be drawn with ``CTRun/textMatrix`` (horizontal expansion or obliqueness).
    public static let hasNonIdentityMatrix = CTRunStatus(rawValue: 1 << 2)
}

/// Glyphs of one font, attributes and direction, in a line (Core Text's `CTRun`).
///
/// Glyphs are stored in visual order, left to right, for right-to-left runs too. Every array is
/// indexed the same way and ``CFRange``s passed to the run's functions index it (a zero length
/// means "to the end of the run").
///
/// Coordinates are Core Text's line space: points from the line's origin (the left end of the
/// line on its baseline), **y up**. A glyph lowered by a mark offset has a negative y. To draw in
/// the graphics layer's y-down user space at baseline origin `o`, put a glyph at
/// `(o.x + p.x, o.y - p.y)`; ``CTRunDraw(_:_:_:)`` does this.
///
/// Immutable and safe to share between threads.
public final class CTRun: @unchecked Sendable {  // immutable; attribute values are immutable objects
    /// The attributes the run was made from (for a truncation token run, the token's).
    public let attributes: [NSAttributedString.Key: Any]
    /// The font the glyphs are drawn with (the attribute's font, or a fallback font for characters
    /// it lacks).
    public let font: UIFont
    /// The glyphs of the run in visual order (left to right, even in a right-to-left run).
    public let glyphs: [CGGlyph]
    /// Glyph origins in line space (y up).
    public let positions: [CGPoint]
    /// Glyph advances (height 0).
    public let advances: [CGSize]
    /// The UTF-16 offset, in the string the line was made from, of the character each glyph
    /// draws (the first character of its cluster).
    public let stringIndices: [CFIndex]
    /// The characters the glyphs draw, in the line's string.
    public let stringRange: CFRange
    /// Whether the run is right to left, has decreasing string indices or a non-identity text matrix.
    public let status: CTRunStatus
    /// The transform, in Core Graphics' y-up glyph space, the glyphs are drawn with: horizontal
    /// expansion (`.expansion`), obliqueness (`.obliqueness`) and synthetic italic.
    public let textMatrix: CGAffineTransform
    /// How far the run's baseline is raised (`.baselineOffset`, y up): where its underline and
    /// strikethrough follow it.
    let baselineShift: CGFloat
    /// Typographic extent of the run's font above and below the baseline (baseline offset
    /// included) and its leading.
    let ascent: CGFloat
    let descent: CGFloat
    let leading: CGFloat
    /// Where the text the glyphs draw comes from, for searchable PDF output.
    let source: Source
    /// Glyphs that draw nothing (controls, attachments), or nil when all draw.
    let invisible: [Bool]?

    /// What the run shows.
    let kind: Kind

    enum Kind {
        /// Glyphs of the line's own characters.
        case text
        /// The ellipsis of a line truncated by its paragraph style.
        case ellipsis
        /// A run of a truncation token line.
        case token
        /// The hyphen at the end of a hyphenated line.
        case hyphen
    }

    enum Source {
        /// Paragraph glyph indices, one per glyph.
        case paragraph(TypesetParagraph, glyphIndices: [Int32])
        /// A literal (ellipsis, hyphen) drawn by all the glyphs.
        case literal(String)
    }

    init(attributes: [NSAttributedString.Key: Any], font: UIFont, glyphs: [CGGlyph], positions: [CGPoint],
         advances: [CGSize], stringIndices: [CFIndex], stringRange: CFRange, isRightToLeft: Bool,
         textMatrix: CGAffineTransform, baselineShift: CGFloat, ascent: CGFloat, descent: CGFloat, leading: CGFloat,
         source: Source, invisible: [Bool]?, kind: Kind) {
        self.attributes = attributes
        self.font = font
        self.glyphs = glyphs
        self.positions = positions
        self.advances = advances
        self.stringIndices = stringIndices
        self.stringRange = stringRange
        var status: CTRunStatus = isRightToLeft ? .rightToLeft : []
        if !textMatrix.isIdentity { status.insert(.hasNonIdentityMatrix) }
        for i in stringIndices.indices.dropFirst() {
            let step = stringIndices[i] - stringIndices[i - 1]
            if isRightToLeft ? step > 0 : step < 0 { status.insert(.nonMonotonic); break }
        }
        self.status = status
        self.textMatrix = textMatrix
        self.baselineShift = baselineShift
        self.ascent = ascent
        self.descent = descent
        self.leading = leading
        self.source = source
        self.invisible = invisible
        self.kind = kind
    }

    /// A copy moved right by `dx` with other string indices (for a truncation token's runs).
    func moved(by dx: CGFloat, stringIndex: CFIndex, stringRange: CFRange) -> CTRun {
        CTRun(attributes: attributes, font: font, glyphs: glyphs,
              positions: positions.map { CGPoint(x: $0.x + dx, y: $0.y) }, advances: advances,
              stringIndices: Array(repeating: stringIndex, count: glyphs.count), stringRange: stringRange,
              isRightToLeft: status.contains(.rightToLeft), textMatrix: textMatrix, baselineShift: baselineShift, ascent: ascent,
              descent: descent, leading: leading, source: source, invisible: invisible, kind: .token)
    }

    /// The number of glyphs.
    public var glyphCount: Int { glyphs.count }

    /// Resolves a run-glyph range whose zero length means "to the end of the run".
    func glyphRange(_ range: CFRange, _ what: String) -> Range<Int> {
        range.resolved(toEnd: glyphs.count, what: what)
    }

    /// The typographic width of the glyphs of `range` (the sum of their advances), with the run's
    /// ascent, descent and leading (Core Text's `CTRunGetTypographicBounds`).
    public func typographicBounds(_ range: CFRange = CFRange())
        -> (width: Double, ascent: CGFloat, descent: CGFloat, leading: CGFloat) {
        var width: Double = 0
        for i in glyphRange(range, "CTRunGetTypographicBounds") { width += Double(advances[i].width) }
        return (width, ascent, descent, leading)
    }

    /// The ink bounds of the glyphs of `range` in line space, y up (Core Text's
    /// `CTRunGetImageBounds`); `.null` when they have no ink.
    public func imageBounds(_ range: CFRange = CFRange()) -> CGRect {
        var bounds = CGRect.null
        for i in glyphRange(range, "CTRunGetImageBounds") where invisible?[i] != true {
            let ink = font.boundingRect(forGlyph: glyphs[i])  // y down from the glyph origin
            guard !ink.isEmpty else { continue }
            var up = CGRect(x: ink.minX, y: -ink.maxY, width: ink.width, height: ink.height)
            if !textMatrix.isIdentity { up = up.applying(textMatrix) }
            bounds = bounds.union(up.offsetBy(dx: positions[i].x, dy: positions[i].y))
        }
        return bounds
    }
}

// MARK: - Core Text functions

/// The number of glyphs in the run (Core Text's `CTRunGetGlyphCount`).
public func CTRunGetGlyphCount(_ run: CTRun) -> CFIndex { run.glyphs.count }

/// The run's attributes (Core Text's `CTRunGetAttributes`).
public func CTRunGetAttributes(_ run: CTRun) -> [NSAttributedString.Key: Any] { run.attributes }

/// The run's status (Core Text's `CTRunGetStatus`).
public func CTRunGetStatus(_ run: CTRun) -> CTRunStatus { run.status }

/// The characters the run's glyphs draw (Core Text's `CTRunGetStringRange`).
public func CTRunGetStringRange(_ run: CTRun) -> CFRange { run.stringRange }

/// The transform the run's glyphs are drawn with (Core Text's `CTRunGetTextMatrix`).
public func CTRunGetTextMatrix(_ run: CTRun) -> CGAffineTransform { run.textMatrix }

/// Copies the glyphs of `range` (zero length: to the end of the run) into `buffer`, which has room
/// for them (Core Text's `CTRunGetGlyphs`).
public func CTRunGetGlyphs(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGGlyph>) {
    for (k, i) in run.glyphRange(range, "CTRunGetGlyphs").enumerated() { buffer[k] = run.glyphs[i] }
}

/// Copies the glyph origins of `range` (line space, y up) into `buffer` (Core Text's `CTRunGetPositions`).
public func CTRunGetPositions(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGPoint>) {
    for (k, i) in run.glyphRange(range, "CTRunGetPositions").enumerated() { buffer[k] = run.positions[i] }
}

/// Copies the glyph advances of `range` into `buffer` (Core Text's `CTRunGetAdvances`).
public func CTRunGetAdvances(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGSize>) {
    for (k, i) in run.glyphRange(range, "CTRunGetAdvances").enumerated() { buffer[k] = run.advances[i] }
}

/// Copies the string indices of the glyphs of `range` into `buffer` (Core Text's `CTRunGetStringIndices`).
public func CTRunGetStringIndices(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CFIndex>) {
    for (k, i) in run.glyphRange(range, "CTRunGetStringIndices").enumerated() { buffer[k] = run.stringIndices[i] }
}

/// The typographic width of the glyphs of `range`, and the run's ascent, descent and leading
/// through the optional pointers (Core Text's `CTRunGetTypographicBounds`).
public func CTRunGetTypographicBounds(_ run: CTRun, _ range: CFRange, _ ascent: UnsafeMutablePointer<CGFloat>?,
                                      _ descent: UnsafeMutablePointer<CGFloat>?,
                                      _ leading: UnsafeMutablePointer<CGFloat>?) -> Double {
    let bounds = run.typographicBounds(range)
    ascent?.pointee = bounds.ascent
    descent?.pointee = bounds.descent
    leading?.pointee = bounds.leading
    return bounds.width
}

/// The ink bounds of the glyphs of `range`, in line space (y up). The context is accepted for
/// Core Text compatibility and not used (Core Text's `CTRunGetImageBounds`).
public func CTRunGetImageBounds(_ run: CTRun, _ context: CGContext?, _ range: CFRange) -> CGRect {
    run.imageBounds(range)
}

// The direct-pointer accessors. Core Text may return NULL from them, and code written for it
// falls back to the copying functions; here they always return nil, so that code ports unchanged.

/// Always nil: copy with ``CTRunGetGlyphs(_:_:_:)`` (Core Text's `CTRunGetGlyphsPtr` may be NULL too).
public func CTRunGetGlyphsPtr(_ run: CTRun) -> UnsafePointer<CGGlyph>? { nil }
/// Always nil: copy with ``CTRunGetPositions(_:_:_:)`` (Core Text's `CTRunGetPositionsPtr` may be NULL too).
public func CTRunGetPositionsPtr(_ run: CTRun) -> UnsafePointer<CGPoint>? { nil }
/// Always nil: copy with ``CTRunGetAdvances(_:_:_:)`` (Core Text's `CTRunGetAdvancesPtr` may be NULL too).
public func CTRunGetAdvancesPtr(_ run: CTRun) -> UnsafePointer<CGSize>? { nil }
/// Always nil: copy with ``CTRunGetStringIndices(_:_:_:)`` (Core Text's `CTRunGetStringIndicesPtr` may be NULL too).
public func CTRunGetStringIndicesPtr(_ run: CTRun) -> UnsafePointer<CFIndex>? { nil }
