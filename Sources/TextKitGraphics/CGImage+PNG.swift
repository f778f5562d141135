import CCairo
import Foundation

extension CGImage {
    /// Decodes PNG data with Cairo (libpng). The header's size is checked against
    /// ``maximumDimension`` and ``maximumPixelCount`` before anything is allocated; damaged or
    /// truncated data throws.
    ///
    /// Only PNG is decoded: Cairo 1.16 has no JPEG decoder, and JPEG data throws
    /// `.invalidImageData` with a message saying so.
    package static func decodePNG(_ data: Data) throws(GraphicsError) -> CGImage {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard data.count >= 33, data.prefix(8).elementsEqual(signature) else {
            if data.prefix(3).elementsEqual([0xFF, 0xD8, 0xFF]) {
                throw GraphicsError(.invalidImageData, "JPEG images are not supported (only PNG)")
            }
            throw GraphicsError(.invalidImageData, "not PNG data")
        }
        // The first chunk must be IHDR: length 13, "IHDR", width, height (big-endian).
        let bytes = [UInt8](data.prefix(24))
        guard bytes[12...15].elementsEqual(Array("IHDR".utf8)) else {
            throw GraphicsError(.invalidImageData, "PNG data without an IHDR header")
        }
        func bigEndian(_ at: Int) -> Int {
            bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        try validate(width: bigEndian(16), height: bigEndian(20))

        let reader = PNGReader(data)
        let surface = cairo_image_surface_create_from_png_stream(PNGReader.cairoRead,
                                                                 Unmanaged.passUnretained(reader).toOpaque())!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw GraphicsError(.invalidImageData,
                                "damaged PNG data: \(String(cString: cairo_status_to_string(status)))")
        }
        guard let image = CGImage(surface: surface) else {
            throw GraphicsError(.invalidImageData, "PNG data Cairo could not decode")
        }
        return image
    }
}

/// Feeds bytes of a `Data` to Cairo's PNG reader.
private final class PNGReader {
    let data: Data
    var offset = 0
    init(_ data: Data) { self.data = data }

    static let cairoRead: cairo_read_func_t = { closure, buffer, length in
        guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
        let reader = Unmanaged<PNGReader>.fromOpaque(closure).takeUnretainedValue()
        let count = Int(length)
        guard reader.data.count - reader.offset >= count else { return CAIRO_STATUS_READ_ERROR }
        let start = reader.data.startIndex + reader.offset
        reader.data.copyBytes(to: buffer, from: start..<(start + count))
        reader.offset += count
        return CAIRO_STATUS_SUCCESS
    }
}
