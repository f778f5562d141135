import CCairo
import Foundation

/// A drop shadow as set by `CGContext.setShadow(offset:blur:color:)`.
public struct CGShadow: Equatable, Sendable {
    /// The shadow's displacement in page units (not scaled by the CTM, as Core Graphics);
    /// positive `height` moves it down in UIKit's y-down space.
    public var offset: CGSize
    /// The blur amount in page units: the Gaussian's standard deviation is `blur / 2`.
    public var blur: CGFloat
    /// The shadow colour; its alpha multiplies the shape's alpha.
    public var color: UIColor

    /// A shadow displaced by `offset`, blurred by `blur`, in `color`.
    public init(offset: CGSize, blur: CGFloat, color: UIColor) {
        self.offset = offset
        self.blur = blur
        self.color = color
    }
}

/// Everything ``CGContext/saveGState()`` saves.
struct GraphicsState {
    /// User space to page space.
    var ctm: CGAffineTransform = .identity
    var fillColor: UIColor = .black
    var strokeColor: UIColor = .black
    var alpha: CGFloat = 1
    var blendMode: CGBlendMode = .normal
    var lineWidth: CGFloat = 1
    var lineCap: CGLineCap = .butt
    var lineJoin: CGLineJoin = .miter
    var miterLimit: CGFloat = 10
    var lineDash: [CGFloat] = []
    var lineDashPhase: CGFloat = 0
    var shadow: CGShadow?
    var font: CGFont?
    var fontSize: CGFloat = 12
    var textDrawingMode: CGTextDrawingMode = .fill
    /// The bounding box of the clip in page space; nil when unclipped.
    var clipBounds: CGRect?
    var shouldAntialias = true
    var interpolationQuality: CGInterpolationQuality = .default
}

extension CGContext {
    // MARK: Graphics state stack

    /// Pushes a copy of the graphics state (CTM, colours, line style, clip, shadow, font).
    public func saveGState() {
        stateStack.append(state)
        if let cr = cairoContext { cairo_save(cr) }
    }

    /// Pops the graphics state saved by the matching ``saveGState()``. An unmatched restore is
    /// ignored (Core Graphics logs and ignores it too).
    public func restoreGState() {
        guard let saved = stateStack.popLast() else { return }
        state = saved
        if let cr = cairoContext { cairo_restore(cr) }
    }

    // MARK: Coordinate system

    /// The current transformation from user space to device space: the user-to-page CTM
    /// followed by the backend's page-to-device scale (for an image context at scale 2,
    /// `ctm` starts as a scale by 2). Device space is y-down here (Cairo's), unlike Core
    /// Graphics' y-up devices.
    public var ctm: CGAffineTransform { state.ctm.concatenating(baseTransform) }

    /// The same as ``ctm``.
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { ctm }

    /// The user-space-to-page transform: how the drawing code has moved away from UIKit's
    /// initial coordinates (identity at the start).
    package var userToPageTransform: CGAffineTransform { state.ctm }

    /// Moves the origin of user space.
    public func translateBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(translationX: x, y: y)) }

    /// Scales user space.
    public func scaleBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(scaleX: x, y: y)) }

    /// Rotates user space by `angle` radians (clockwise on a y-down page).
    public func rotate(by angle: CGFloat) { concatenate(CGAffineTransform(rotationAngle: angle)) }

    /// Applies `transform` to user space: points are mapped by `transform` first, then by the
    /// previous CTM. Non-finite transforms are ignored.
    public func concatenate(_ transform: CGAffineTransform) {
        let all = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
        guard all.allSatisfy(\.isFinite) else { return }
        state.ctm = transform.concatenating(state.ctm)
    }

    /// Maps a point from user space to device space.
    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(ctm) }

    /// Maps a point from device space to user space.
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(ctm.inverted()) }

    /// Maps a rectangle from user space to device space (its bounding box).
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect { rect.applying(ctm) }

    /// Maps a rectangle from device space to user space (its bounding box).
    public func convertToUserSpace(_ rect: CGRect) -> CGRect { rect.applying(ctm.inverted()) }

    // MARK: Colour and compositing

    /// Sets the colour used by fills and by glyphs.
    public func setFillColor(_ color: CGColor) { state.fillColor = UIColor(cgColor: color) }
    /// Sets the fill colour from a ``UIColor``.
    @_disfavoredOverload  // `setFillColor(.black)` means CGColor.black, as on iOS
    public func setFillColor(_ color: UIColor) { state.fillColor = color }
    /// Sets the fill colour from RGBA components.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// Sets the fill colour to a grey.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { state.fillColor = UIColor(white: gray, alpha: alpha) }

    /// Sets the colour used by strokes.
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = UIColor(cgColor: color) }
    /// Sets the stroke colour from a ``UIColor``.
    @_disfavoredOverload
    public func setStrokeColor(_ color: UIColor) { state.strokeColor = color }
    /// Sets the stroke colour from RGBA components.
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// Sets the stroke colour to a grey.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { state.strokeColor = UIColor(white: gray, alpha: alpha) }

    /// The current fill colour.
    package var fillColor: UIColor { state.fillColor }

    /// Sets a global opacity (0...1) multiplied into everything drawn afterwards.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = alpha.isFinite ? min(max(alpha, 0), 1) : 1 }

    /// Sets how drawing combines with what is already there.
    public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode }

    /// Draws a blurred shadow under everything drawn while it is set, `offset` away (page units,
    /// positive height down) with the given `blur` (the Gaussian's standard deviation is
    /// `blur / 2`) in `color` (nil or a clear colour turns shadows off).
    ///
    /// On the image backend the shadow is blurred at pixel resolution. On PDF and SVG it is
    /// rasterised at 2 pixels per point and embedded as an image mask under the vector
    /// drawing: faithful in look, but not vector (and the text stays searchable).
    ///
    /// Values from data are made usable: a NaN or negative blur is 0 (a sharp shadow), a blur
    /// above 10,000 is 10,000; a NaN offset is 0 and infinite ones clamp to ±10¹².
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, color.alpha > 0 else { state.shadow = nil; return }
        let blur = blur.isNaN ? 0 : min(max(blur, 0), 10_000)
        let offset = CGSize(width: LayoutLimits.clamp(offset.width), height: LayoutLimits.clamp(offset.height))
        state.shadow = CGShadow(offset: offset, blur: blur, color: UIColor(cgColor: color))
    }

    /// ``setShadow(offset:blur:color:)`` with a ``UIColor``.
    @_disfavoredOverload
    public func setShadow(offset: CGSize, blur: CGFloat, color: UIColor?) {
        setShadow(offset: offset, blur: blur, color: color?.cgColor)
    }

    /// A shadow in black at one third opacity, as Core Graphics' default.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3.0))
    }

    // MARK: Line style

    /// Sets the stroke width in user-space units (negative values are treated as 0).
    public func setLineWidth(_ width: CGFloat) { state.lineWidth = width.isFinite ? max(width, 0) : 1 }
    /// Sets the shape of line ends.
    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }
    /// Sets the shape of corners.
    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }
    /// Sets the miter limit (a multiple of the line width).
    public func setMiterLimit(_ limit: CGFloat) { state.miterLimit = limit.isFinite ? max(limit, 1) : 10 }

    /// Sets a dash pattern of alternating on/off `lengths` in user-space units starting `phase`
    /// into the pattern. An empty array (or all zeros, or any negative length) means solid.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        let valid = !lengths.isEmpty && lengths.allSatisfy { $0 >= 0 && $0.isFinite } && lengths.contains { $0 > 0 }
        state.lineDash = valid ? lengths : []
        state.lineDashPhase = valid && phase.isFinite ? phase : 0
    }

    /// Turns antialiasing on or off for later drawing.
    public func setShouldAntialias(_ shouldAntialias: Bool) { state.shouldAntialias = shouldAntialias }
    /// Accepted for compatibility; antialiasing is always allowed.
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {}

    /// The image resampling quality for ``draw(_:in:)``.
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

    // MARK: Text state

    /// Sets the font used by `showGlyphs`.
    public func setFont(_ font: CGFont) { state.font = font }
    /// Sets the font size in user-space units (points at identity CTM). The default is 12.
    public func setFontSize(_ size: CGFloat) { state.fontSize = size.isFinite ? size : 12 }
    /// Sets how glyphs are painted (fill by default).
    public func setTextDrawingMode(_ mode: CGTextDrawingMode) { state.textDrawingMode = mode }

    /// The text matrix's translation (Core Graphics' text position). ``showGlyphs(_:at:)``
    /// positions glyphs explicitly and does not use it.
    public var textPosition: CGPoint {
        get { CGPoint(x: textMatrix.tx, y: textMatrix.ty) }
        set { (textMatrix.tx, textMatrix.ty) = (newValue.x, newValue.y) }
    }
}
