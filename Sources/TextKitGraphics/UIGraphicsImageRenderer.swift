import Foundation

/// The drawing context handed to a renderer's actions, as UIKit's `UIGraphicsRendererContext`.
/// Its ``cgContext`` is also the current context (``UIGraphicsGetCurrentContext()``) while the
/// actions run.
open class UIGraphicsRendererContext {
    /// The Core Graphics context to draw into.
    public let cgContext: CGContext

    init(cgContext: CGContext) { self.cgContext = cgContext }

    /// Fills `rect` with the current fill colour.
    public func fill(_ rect: CGRect) { cgContext.fill(rect) }

    /// Fills `rect` with the current fill colour and `blendMode`.
    public func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.fill(rect)
        cgContext.restoreGState()
    }

    /// Strokes a 1-point frame inside `rect` with the current fill colour (UIKit's `UIRectFrame`).
    public func stroke(_ rect: CGRect) {
        UIGraphicsPushContext(cgContext)
        UIRectFrame(rect)
        UIGraphicsPopContext()
    }

    /// ``stroke(_:)`` with a blend mode.
    public func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        stroke(rect)
        cgContext.restoreGState()
    }

    /// Intersects the clip with `rect`.
    public func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// The format of an image renderer, as UIKit's `UIGraphicsImageRendererFormat`.
public final class UIGraphicsImageRendererFormat: @unchecked Sendable {  // a plain settings object, as in UIKit
    /// Pixels per point. The default is 1 (UIKit uses the screen's scale; there is no screen here).
    public var scale: CGFloat = 1
    /// An opaque image has no alpha channel and starts black (UIKit: undefined); fill it first.
    public var opaque = false
    /// The drawing bounds (set by the renderer).
    public internal(set) var bounds: CGRect = .zero

    /// The default format: scale 1, not opaque.
    public init() {}

    /// A new default format (scale 1, not opaque).
    public static func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    /// The same as ``default()``.
    public static func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// The context of an image renderer's actions.
public final class UIGraphicsImageRendererContext: UIGraphicsRendererContext {
    /// The renderer's format.
    public let format: UIGraphicsImageRendererFormat
    private let scale: CGFloat

    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        self.format = format
        scale = format.scale > 0 && format.scale.isFinite ? format.scale : 1
        super.init(cgContext: cgContext)
    }

    /// The pixels drawn so far.
    public var currentImage: UIImage {
        cgContext.makeImage().map { UIImage(cgImage: $0, scale: scale) } ?? UIImage(size: .zero, scale: scale)
    }
}

/// Draws images with a closure, as UIKit's `UIGraphicsImageRenderer`.
///
/// ```swift
/// let image = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 50)).image { context in
///     UIColor.red.setFill()
///     context.fill(CGRect(x: 0, y: 0, width: 50, height: 50))
/// }
/// ```
/// A size that is empty, not finite or absurdly large cannot be drawn: the actions then run
/// against a recording context and the result is an image of size zero (`cgImage` nil).
public final class UIGraphicsImageRenderer {
    /// The format (scale, opacity, bounds).
    public let format: UIGraphicsImageRendererFormat

    /// A renderer for images of `bounds.size` points; user space has `bounds.origin` at the
    /// top-left corner.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.format = format
        format.bounds = bounds.standardized
    }

    /// A renderer for images of `size` points with `format`.
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    /// A renderer for images of `size` points with the default format.
    public convenience init(size: CGSize) { self.init(size: size, format: .default()) }

    /// A renderer for images of `bounds` with the default format.
    public convenience init(bounds: CGRect) { self.init(bounds: bounds, format: .default()) }

    /// Runs `actions` with a fresh image context (current for the duration) and returns the image.
    public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let bounds = format.bounds
        guard let context = try? CGContext(imageSize: bounds.size, scale: format.scale, opaque: format.opaque) else {
            let recorder = CGContext(recordingSize: bounds.size)
            run(actions, in: UIGraphicsImageRendererContext(cgContext: recorder, format: format))
            return UIImage(size: .zero, scale: 1)
        }
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        let rendererContext = UIGraphicsImageRendererContext(cgContext: context, format: format)
        run(actions, in: rendererContext)
        return rendererContext.currentImage
    }

    /// Runs `actions` and returns the image as PNG data (empty when the size was refused).
    public func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }

    private func run(_ actions: (UIGraphicsImageRendererContext) -> Void, in context: UIGraphicsImageRendererContext) {
        UIGraphicsPushContext(context.cgContext)
        defer { UIGraphicsPopContext() }
        actions(context)
    }
}
