import Foundation

extension CGContext {
    /// What a recording context (``CGContext/init(recordingSize:)``) was asked to draw, in
    /// order, for tests of the layers above.
    ///
    /// **All geometry is in page coordinates**: the context's initial user space (UIKit's:
    /// origin top-left, y down, points), with the CTM in effect at the time already applied. A
    /// glyph drawn at (10, 20) after `translateBy(x: 100, y: 0)` is recorded at (110, 20); the
    /// CTM itself is kept in each operation's ``DrawState/ctm``.
    ///
    /// ```swift
    /// let context = CGContext(recordingSize: CGSize(width: 200, height: 100))
    /// // … draw …
    /// let runs = context.recording!.glyphRuns
    /// #expect(context.recording!.text == "Hello")
    /// #expect(runs[0].positions[0] == CGPoint(x: 10, y: 20) && runs[0].color == .red)
    /// #expect(context.recording!.fills.first?.rect == CGRect(x: 0, y: 0, width: 50, height: 10))
    /// ```
    public final class Recording {
        /// Every recorded operation in drawing order.
        public private(set) var operations: [Operation] = []

        init() {}

        /// One recorded operation.
        public enum Operation {
            /// A path filled with a colour (rectangles, paths, backgrounds, underlines).
            case fill(Fill)
            /// A path stroked with a colour.
            case stroke(Stroke)
            /// Glyphs drawn with one font and colour.
            case glyphs(GlyphRun)
            /// An image drawn into a rectangle.
            case image(Image)
            /// A clear of the given path (page coordinates; a rectangle for `clear(_:)`).
            case clear(CGPath)
            /// A link area (PDF only in real output).
            case link(Link)
            /// A PDF-style page began with this media box (page coordinates of the new page).
            case beginPage(CGRect)
            /// The current page ended.
            case endPage
        }

        /// The graphics state an operation was drawn with.
        public struct DrawState: Sendable {
            /// User space to page coordinates at the time of drawing.
            public var ctm: CGAffineTransform
            /// The global alpha (``CGContext/setAlpha(_:)``).
            public var alpha: CGFloat
            /// The blend mode (``CGContext/setBlendMode(_:)``).
            public var blendMode: CGBlendMode
            /// The shadow, if one was set.
            public var shadow: CGShadow?
            /// The bounding box of the clip in page coordinates; nil when unclipped.
            public var clipBoundingBox: CGRect?
        }

        /// A filled path.
        public struct Fill: Sendable {
            /// The filled path in page coordinates.
            public var path: CGPath
            /// The rule that decides which points are inside.
            public var fillRule: CGPathFillRule
            /// The fill colour.
            public var color: UIColor
            /// The graphics state at the time.
            public var state: DrawState
            /// The path's bounding box in page coordinates.
            public var bounds: CGRect { path.boundingBoxOfPath }
            /// The rectangle filled, when the path is exactly one axis-aligned rectangle.
            public var rect: CGRect? { path.axisAlignedRect }
        }

        /// A stroked path.
        public struct Stroke: Sendable {
            /// The stroked path in page coordinates.
            public var path: CGPath
            /// The stroke colour.
            public var color: UIColor
            /// The line width in user space (multiply by the CTM's scale for page units).
            public var lineWidth: CGFloat
            /// The line cap.
            public var lineCap: CGLineCap
            /// The line join.
            public var lineJoin: CGLineJoin
            /// The dash lengths in user space; empty for a solid line.
            public var lineDash: [CGFloat]
            /// How far into the dash pattern the line starts.
            public var lineDashPhase: CGFloat
            /// The graphics state at the time.
            public var state: DrawState
            /// The path's bounding box in page coordinates (without the line width).
            public var bounds: CGRect { path.boundingBoxOfPath }
        }

        /// A run of glyphs.
        public struct GlyphRun: Sendable {
            /// The font the glyphs come from.
            public var font: CGFont
            /// The font size in user space.
            public var fontSize: CGFloat
            /// The glyphs, in drawing order.
            public var glyphs: [CGGlyph]
            /// Baseline origins in page coordinates.
            public var positions: [CGPoint]
            /// The text the glyphs draw, when given (``CGContext/showGlyphs(_:at:text:clusters:isRightToLeft:)``).
            public var text: String?
            /// How the glyphs map to ``text``, when given.
            public var clusters: [GlyphCluster]?
            /// True when the run's text reads right to left (its glyphs are still in visual order).
            public var isRightToLeft: Bool
            /// The paint colour: the fill colour, or the stroke colour for `.stroke` mode.
            public var color: UIColor
            /// The text matrix at the time.
            public var textMatrix: CGAffineTransform
            /// Fill, stroke, clip or invisible.
            public var drawingMode: CGTextDrawingMode
            /// The graphics state at the time.
            public var state: DrawState
            /// The font size in page units (scaled by the CTM).
            public var pageFontSize: CGFloat { fontSize * state.ctm.maximumScale }
        }

        /// An image.
        public struct Image: Sendable {
            /// The image drawn.
            public var image: CGImage
            /// Where the image landed: the bounding box in page coordinates.
            public var rect: CGRect
            /// True for UIKit-style upright drawing (``UIImage/draw(in:)``); false for
            /// ``CGContext/draw(_:in:)``, which puts the image's top row at the rectangle's maxY.
            public var isUpright: Bool
            /// The graphics state at the time.
            public var state: DrawState
        }

        /// A link area (``CGContext/setURL(_:for:)`` and destinations).
        public struct Link: Sendable {
            /// The target URL, for a URL link.
            public var url: URL?
            /// The destination name, for a link to a named destination in the document.
            public var destinationName: String?
            /// The clickable area in page coordinates.
            public var rect: CGRect
        }

        // MARK: Queries

        /// All fills, in order.
        public var fills: [Fill] { operations.compactMap { if case .fill(let f) = $0 { f } else { nil } } }
        /// All strokes, in order.
        public var strokes: [Stroke] { operations.compactMap { if case .stroke(let s) = $0 { s } else { nil } } }
        /// All glyph runs, in order.
        public var glyphRuns: [GlyphRun] { operations.compactMap { if case .glyphs(let g) = $0 { g } else { nil } } }
        /// All images, in order.
        public var images: [Image] { operations.compactMap { if case .image(let i) = $0 { i } else { nil } } }
        /// All links, in order.
        public var links: [Link] { operations.compactMap { if case .link(let l) = $0 { l } else { nil } } }

        /// The text of all glyph runs that carried text, concatenated in drawing order.
        public var text: String { glyphRuns.compactMap(\.text).joined() }

        /// The glyph runs whose text contains `substring`.
        public func glyphRuns(containing substring: String) -> [GlyphRun] {
            glyphRuns.filter { $0.text?.contains(substring) == true }
        }

        /// The glyph runs painted in `color`.
        public func glyphRuns(in color: UIColor) -> [GlyphRun] { glyphRuns.filter { $0.color == color } }

        /// The fills painted in `color`.
        public func fills(in color: UIColor) -> [Fill] { fills.filter { $0.color == color } }

        /// The fills whose path is exactly the axis-aligned rectangle `rect` (page coordinates).
        public func fills(of rect: CGRect) -> [Fill] { fills.filter { $0.rect == rect.standardized } }

        /// Forgets everything recorded so far.
        public func removeAll() { operations.removeAll() }

        // MARK: Recording

        func append(_ operation: Operation) { operations.append(operation) }

        func record(_ command: DrawCommand, in context: CGContext) {
            let s = context.state
            let drawState = DrawState(ctm: s.ctm, alpha: s.alpha, blendMode: s.blendMode, shadow: s.shadow,
                                      clipBoundingBox: s.clipBounds)
            switch command {
            case .fill(let path, let rule):
                append(.fill(Fill(path: path, fillRule: rule, color: s.fillColor, state: drawState)))
            case .stroke(let path):
                append(.stroke(Stroke(path: path, color: s.strokeColor, lineWidth: s.lineWidth, lineCap: s.lineCap,
                                      lineJoin: s.lineJoin, lineDash: s.lineDash, lineDashPhase: s.lineDashPhase,
                                      state: drawState)))
            case .glyphs(let run):
                guard let font = s.font else { return }
                append(.glyphs(GlyphRun(font: font, fontSize: s.fontSize, glyphs: run.glyphs,
                                        positions: run.positions.map { $0.applying(s.ctm) }, text: run.text,
                                        clusters: run.clusters, isRightToLeft: run.isRightToLeft,
                                        color: s.textDrawingMode == .stroke ? s.strokeColor : s.fillColor,
                                        textMatrix: context.textMatrix, drawingMode: s.textDrawingMode,
                                        state: drawState)))
            case .image(let image, let rect, let upright):
                append(.image(Image(image: image, rect: rect.applying(s.ctm), isUpright: upright, state: drawState)))
            case .clear(let path):
                append(.clear(path))
            }
        }
    }
}
