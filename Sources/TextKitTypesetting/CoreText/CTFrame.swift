import TextKitGraphics
import TextKitModel

/// Lines laid out in a path (Core Text's `CTFrame`).
///
/// ## Coordinates
/// The path is read in the graphics layer's **y-down** coordinates, the coordinates you draw it
/// in: the first line goes at the path's top (its smallest y), the next ones below. So the frame
/// fills the shape you see when you stroke the same path into the same context, and
/// ``CTFrameDraw(_:_:)`` draws the text inside it.
///
/// ``CTFrameGetLineOrigins(_:_:_:)`` answers as Core Text does, in Core Text's convention: each
/// origin is the left end of a line's baseline relative to the bottom-left corner of the path's
/// bounding box, **y up** (so the first line of a frame `h` points tall has `y ≈ h - ascent`).
/// The numbers are those Core Text gives for the same text in the same shape. To draw a line
/// yourself in a y-down context, convert back:
/// ```swift
/// let box = CTFrameGetPath(frame).boundingBoxOfPath
/// context.textPosition = CGPoint(x: box.minX + origin.x, y: box.maxY - origin.y)
/// CTLineDraw(line, context)
/// ```
/// or use ``lineOriginsInPathCoordinates(_:)``, which gives those points directly.
///
/// Porting note: Core Text code on Apple platforms flips the context (`translateBy(x: 0, y: h)`,
/// `scaleBy(x: 1, y: -1)`) and builds its paths in the flipped, y-up space. Here, drop the flip and
/// build the path in y-down coordinates; for a symmetric shape (a rectangle, an oval) the path is
/// the same either way.
///
/// Immutable and safe to share between threads.
public final class CTFrame: @unchecked Sendable {  // immutable
    /// The path the frame was made in.
    public let path: CGPath
    /// The path's bounding box (without control points): what the origins are relative to.
    public let pathBounds: CGRect
    /// The frame's lines, top to bottom.
    public let lines: [CTLine]
    /// Baseline origins in the path's y-down coordinates.
    let origins: [CGPoint]
    /// The characters the frame was asked to show.
    public let stringRange: CFRange
    /// The characters that fit.
    public let visibleStringRange: CFRange
    /// The attributes the frame was made with.
    public let frameAttributes: CFDictionary?

    init(path: CGPath, bounds: CGRect, lines: [FramedLine], stringRange: CFRange, attributes: CFDictionary?) {
        self.path = path
        pathBounds = bounds
        self.lines = lines.map(\.line)
        origins = lines.map(\.origin)
        self.stringRange = stringRange
        let end = lines.last.map { $0.line.stringRange.end } ?? stringRange.location
        visibleStringRange = CFRange(location: stringRange.location, length: end - stringRange.location)
        frameAttributes = attributes
    }

    private func lineRange(_ range: CFRange, _ what: String) -> Range<Int> {
        range.resolved(toEnd: lines.count, what: what)
    }

    /// Core Text's line origins for the lines of `range` (zero length: to the last line): left
    /// ends of the baselines relative to the bottom-left of ``pathBounds``, y up.
    public func lineOrigins(_ range: CFRange = CFRange()) -> [CGPoint] {
        lineRange(range, "CTFrameGetLineOrigins").map {
            CGPoint(x: origins[$0].x - pathBounds.minX, y: pathBounds.maxY - origins[$0].y)
        }
    }

    /// The same origins in the path's own y-down coordinates: set a context's `textPosition` to
    /// one and ``CTLineDraw(_:_:)`` draws the line where ``CTFrameDraw(_:_:)`` would.
    public func lineOriginsInPathCoordinates(_ range: CFRange = CFRange()) -> [CGPoint] {
        lineRange(range, "lineOriginsInPathCoordinates").map { origins[$0] }
    }

    /// Draws every line at its place in the path's coordinates (the context's user space). The
    /// context's text position is left unchanged.
    public func draw(in context: CGContext) {
        for (line, origin) in zip(lines, origins) { line.draw(in: context, at: origin) }
    }
}

// MARK: - Core Text functions

/// The frame's lines, top to bottom (Core Text's `CTFrameGetLines`).
public func CTFrameGetLines(_ frame: CTFrame) -> [CTLine] { frame.lines }

/// Copies the origins of the lines of `range` (zero length: all from `range.location`) into
/// `origins`, in Core Text's convention: relative to the bottom-left of the path's bounding box,
/// y up (Core Text's `CTFrameGetLineOrigins`). See ``CTFrame`` for drawing with them.
public func CTFrameGetLineOrigins(_ frame: CTFrame, _ range: CFRange, _ origins: UnsafeMutablePointer<CGPoint>) {
    for (k, origin) in frame.lineOrigins(range).enumerated() { origins[k] = origin }
}

/// The characters the frame was asked to show (Core Text's `CTFrameGetStringRange`).
public func CTFrameGetStringRange(_ frame: CTFrame) -> CFRange { frame.stringRange }

/// The characters that fit in the frame (Core Text's `CTFrameGetVisibleStringRange`).
public func CTFrameGetVisibleStringRange(_ frame: CTFrame) -> CFRange { frame.visibleStringRange }

/// The frame's path (Core Text's `CTFrameGetPath`).
public func CTFrameGetPath(_ frame: CTFrame) -> CGPath { frame.path }

/// The attributes the frame was made with (Core Text's `CTFrameGetFrameAttributes`).
public func CTFrameGetFrameAttributes(_ frame: CTFrame) -> CFDictionary? { frame.frameAttributes }

/// Draws the frame's lines in the path's coordinates, which are the context's y-down user space
/// (Core Text's `CTFrameDraw`). Each line is drawn as ``CTLineDraw(_:_:)`` draws it. Unlike on
/// Apple platforms the context must not be flipped first (see ``CTFrame``).
public func CTFrameDraw(_ frame: CTFrame, _ context: CGContext) {
    frame.draw(in: context)
}
