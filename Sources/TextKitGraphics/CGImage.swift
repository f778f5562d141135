import CCairo
import Foundation

/// A bitmap image, as Core Graphics' `CGImage`: `width` × `height` pixels of 8-bit
/// premultiplied RGBA held in a Cairo image surface. Immutable and thread-safe: nothing draws
/// into the surface after the image is made.
public final class CGImage: @unchecked Sendable {  // the surface is never written after init
    /// The largest width or height accepted (Cairo's own limit).
    public static let maximumDimension = 32_767
    /// The largest number of pixels accepted (2²⁷, i.e. 512 MiB of pixels); larger images are
    /// refused before any allocation.
    public static let maximumPixelCount = 1 << 27

    /// The `cairo_surface_t *` (an image surface, ARGB32 or RGB24).
    package let surface: OpaquePointer
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// True when the image has no alpha channel (every pixel opaque).
    public let isOpaque: Bool

    /// Bits per colour component: 8.
    public var bitsPerComponent: Int { 8 }
    /// Bits per pixel: 32 (the opaque format leaves 8 bits unused).
    public var bitsPerPixel: Int { 32 }
    /// Bytes per row of the backing store (may include padding).
    public var bytesPerRow: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// Takes ownership of an image surface; nil (and the surface destroyed) when it is in error.
    package init?(surface: OpaquePointer) {
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        isOpaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
    }

    deinit { cairo_surface_destroy(surface) }

    /// An image from unpremultiplied RGBA bytes (4 per pixel, rows top to bottom, no padding).
    /// Nil when the sizes do not match or are out of range.
    public convenience init?(width: Int, height: Int, rgbaBytes: [UInt8]) {
        guard (try? CGImage.validate(width: width, height: height)) != nil,
              rgbaBytes.count == width * height * 4 else { return nil }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              let pixels = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let i = (y * width + x) * 4
                let a = UInt32(rgbaBytes[i + 3])
                func premultiply(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                row[x] = a << 24 | premultiply(rgbaBytes[i]) << 16 | premultiply(rgbaBytes[i + 1]) << 8
                    | premultiply(rgbaBytes[i + 2])
            }
        }
        cairo_surface_mark_dirty(surface)
        self.init(surface: surface)
    }

    /// Throws unless `width` × `height` is a size this library will allocate.
    package static func validate(width: Int, height: Int) throws(GraphicsError) {
        guard width > 0, height > 0 else {
            throw GraphicsError(.invalidSize, "image size \(width)×\(height) pixels is empty")
        }
        guard width <= maximumDimension, height <= maximumDimension,
              width.multipliedReportingOverflow(by: height).partialValue <= maximumPixelCount else {
            throw GraphicsError(.imageTooLarge, "image size \(width)×\(height) pixels is larger than allowed "
                                + "(\(maximumDimension) per side, \(maximumPixelCount) pixels)")
        }
    }

    /// The pixel at (`x`, `y`) (0, 0 is the top-left) as unpremultiplied 8-bit RGBA, or nil
    /// outside the image.
    public func rgba(atX x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)? {
        guard x >= 0, y >= 0, x < width, y < height, let pixels = cairo_image_surface_get_data(surface) else {
            return nil
        }
        let row = UnsafeRawPointer(pixels + y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
        let argb = row[x]
        let a = isOpaque ? 255 : UInt32(argb >> 24)
        func channel(_ shift: UInt32) -> UInt8 {
            let c = (argb >> shift) & 0xFF
            return a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a))
        }
        return (channel(16), channel(8), channel(0), UInt8(a))
    }

    /// All pixels as unpremultiplied RGBA bytes, rows top to bottom, no padding.
    public func rgbaBytes() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = rgba(atX: x, y: y)!
                let i = (y * width + x) * 4
                (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]) = (p.r, p.g, p.b, p.a)
            }
        }
        return bytes
    }

    /// The part of the image inside `rect` (in pixels, rounded outwards and clipped to the
    /// image), or nil when nothing is left.
    public func cropping(to rect: CGRect) -> CGImage? {
        let bounds = CGRect(x: 0, y: 0, width: width, height: height)
        let r = rect.clampedToLayoutLimits.intersection(bounds)  // Foundation traps on NaN
        guard !r.isNull, !r.isEmpty else { return nil }
        let x0 = Int(saturating: r.minX.rounded(.down)), y0 = Int(saturating: r.minY.rounded(.down))
        let x1 = Int(saturating: r.maxX.rounded(.up)), y1 = Int(saturating: r.maxY.rounded(.up))
        return copy(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// A copy of a pixel rectangle (inside the image).
    package func copy(x: Int, y: Int, width w: Int, height h: Int) -> CGImage? {
        let format = isOpaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        guard let target = cairo_image_surface_create(format, Int32(w), Int32(h)) else { return nil }
        let cr = cairo_create(target)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, surface, Double(-x), Double(-y))
        cairo_paint(cr)
        cairo_destroy(cr)
        return CGImage(surface: target)
    }

    /// The image encoded as PNG (nil if Cairo fails to encode it).
    package func pngData() -> Data? {
        let sink = OutputSink()
        let status = cairo_surface_write_to_png_stream(surface, OutputSink.cairoWrite, sink.unretained)
        return status == CAIRO_STATUS_SUCCESS ? sink.data : nil
    }
}
