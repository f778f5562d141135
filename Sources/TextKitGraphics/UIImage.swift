import Foundation

/// A bitmap image, as UIKit's `UIImage`. Sizes are in points; `scale` pixels per point.
///
/// PNG files and data are decoded with Cairo (libpng). JPEG is not supported (Cairo 1.16 has no
/// JPEG decoder): `init?(data:)` returns nil for it, as for any damaged or unknown data, and
/// images larger than ``CGImage/maximumPixelCount`` are refused before decoding. Immutable and
/// thread-safe.
open class UIImage: @unchecked Sendable {  // immutable
    /// The size in points: the pixel size divided by ``scale``.
    public let size: CGSize
    /// Pixels per point (1 unless the image was made with another scale).
    public let scale: CGFloat
    /// The pixels (nil only for an image made without pixels).
    public let cgImage: CGImage?

    /// An image without pixels (draws nothing); used for placeholders.
    package init(size: CGSize, scale: CGFloat) {
        self.size = size
        self.scale = scale
        cgImage = nil
    }

    /// An image of `cgImage`'s pixels at `scale` pixels per point (non-positive scales mean 1).
    public init(cgImage: CGImage, scale: CGFloat) {
        let scale = scale > 0 && scale.isFinite ? scale : 1
        self.cgImage = cgImage
        self.scale = scale
        size = CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    }

    /// An image of `cgImage`'s pixels at scale 1.
    public convenience init(cgImage: CGImage) { self.init(cgImage: cgImage, scale: 1) }

    /// Decodes PNG `data` at `scale`; nil for data that is not a decodable PNG.
    public convenience init?(data: Data, scale: CGFloat) {
        guard let image = try? CGImage.decodePNG(data) else { return nil }
        self.init(cgImage: image, scale: scale)
    }

    /// Decodes PNG `data` at scale 1; nil for data that is not a decodable PNG.
    public convenience init?(data: Data) { self.init(data: data, scale: 1) }

    /// Loads a PNG file; nil when it cannot be read or decoded. A name ending in "@2x" or "@3x"
    /// (before the extension) gets that scale, as UIKit does.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let stem = (path as NSString).deletingPathExtension
        let scale: CGFloat = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
        self.init(data: data, scale: scale)
    }

    /// Loads an image by file path (there is no app bundle here): `name` as given, then with
    /// ".png" appended.
    public convenience init?(named name: String) {
        let candidates = name.hasSuffix(".png") ? [name] : [name, name + ".png"]
        guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else { return nil }
        self.init(contentsOfFile: path)
    }

    /// The image encoded as PNG (nil for an image without pixels).
    open func pngData() -> Data? { cgImage?.pngData() }

    // MARK: Drawing into the current context

    /// Draws the image upright with its top-left corner at `point` at its natural size, into
    /// the current context (``UIGraphicsGetCurrentContext()``; nothing happens without one).
    open func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }

    /// Draws the image upright scaled into `rect`, into the current context.
    open func draw(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), let cgImage else { return }
        context.drawUpright(cgImage, in: rect)
    }

    /// Draws at `point` with a blend mode and an opacity.
    open func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }

    /// Draws into `rect` with a blend mode and an opacity.
    open func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext(), let cgImage else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        context.drawUpright(cgImage, in: rect)
        context.restoreGState()
    }
}
