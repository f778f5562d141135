import TextKitGraphics
import TextKitModel

/// Lines laid out in a path (Core Text's `CTFrame`).
///
/// ## Coordinates
/// As in Core Text, the path is in **y-up** coordinates: the first line goes at the path's top,
/// its greatest y, the next ones below. ``CTFrameDraw(_:_:)`` draws in the context's current user
/// space, so Core Text code written for iOS works unchanged: it flips the context first,
/// ```swift
/// context.textMatrix = .identity
/// context.translateBy(x: 0, y: bounds.height)
/// context.scaleBy(x: 1, y: -1)
/// CTFrameDraw(frame, context)
/// ```
/// and the text lands upright in the shape the path describes in that flipped space. Code that
/// forgets the flip sees mirrored, upside-down text, as it would on iOS.
///
/// ``CTFrameGetLineOrigins(_:_:_:)`` gives each line's origin (the left end of its baseline)
/// relative to the bottom-left corner of the path's bounding box, y up, as Core Text does; to
/// draw a line yourself, set the text position to the box's origin plus the line's origin and
/// call ``CTLineDraw(_:_:)``.
///
/// Immutable and safe to share between threads.
public final class CTFrame: @unchecked Sendable {  // immutable
    /// The path the frame was made in.
    public let path: CGPath
    /// The path's bounding box (without control points): what the origins are relative to.
    public let pathBounds: CGRect
    /// The frame's lines, top to bottom.
    public let lines: [CTLine]
    /// Baseline origins in the path's y-up coordinates.
    let origins: [CGPoint]
    /// The characters the frame was asked to show.
    public let stringRange: CFRange
    /// The characters that fit.
    public let visibleStringRange: CFRange
    /// The attributes the frame was made with.
    public let frameAttributes: CFDictionary?

    init(path: CGPath, lines: [FramedLine], stringRange: CFRange, attributes: CFDictionary?) {
        self.path = path
        pathBounds = path.boundingBoxOfPath
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
            CGPoint(x: origins[$0].x - pathBounds.minX, y: origins[$0].y - pathBounds.minY)
        }
    }

    /// The same origins in the path's own coordinates (y up): set a context's `textPosition` to
    /// one and ``CTLineDraw(_:_:)`` draws the line where ``CTFrameDraw(_:_:)`` would.
    public func lineOriginsInPathCoordinates(_ range: CFRange = CFRange()) -> [CGPoint] {
        lineRange(range, "lineOriginsInPathCoordinates").map { origins[$0] }
    }

    /// Draws every line at its place in the path's coordinates, taken as the context's user space
    /// (see ``CTFrame`` for the flip). The context's text position is left unchanged.
    public func draw(in context: CGContext) {
        let saved = context.textPosition
        defer { context.textPosition = saved }
        for (line, origin) in zip(lines, origins) {
            context.textPosition = origin
            line.draw(in: context)
        }
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

/// Draws the frame's lines in the path's coordinates, taken as the context's current user space,
/// y up as in Core Text (Core Text's `CTFrameDraw`): flip a UIKit context first, as on iOS (see
/// ``CTFrame``). Each line is drawn as ``CTLineDraw(_:_:)`` draws it.
public func CTFrameDraw(_ frame: CTFrame, _ context: CGContext) {
    frame.draw(in: context)
}
