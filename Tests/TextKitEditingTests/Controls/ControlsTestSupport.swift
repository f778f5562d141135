import Testing
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

/// DejaVu Sans (pinned by the tests' fonts.conf) at `size` points.
func dejaVu(_ size: CGFloat) -> UIFont {
    UIFont(name: "DejaVu Sans", size: size) ?? UIFont.systemFont(ofSize: size)
}

/// Renders `view`'s hierarchy on white into a bitmap of its size times `scale`.
@MainActor
func renderOnWhite(_ view: UIView, scale: CGFloat = 1) -> UIImage {
    let format = UIGraphicsImageRendererFormat()
    format.scale = scale
    return UIGraphicsImageRenderer(size: view.bounds.size, format: format).image { context in
        UIColor.white.setFill()
        context.fill(CGRect(origin: .zero, size: view.bounds.size))
        view.drawHierarchy(in: CGRect(origin: .zero, size: view.bounds.size), afterScreenUpdates: true)
    }
}

/// The pixels of an image, for ink tests.
struct Pixels {
    let width: Int
    let height: Int
    let bytes: [UInt8]

    init(_ image: UIImage) {
        let cg = image.cgImage!
        width = cg.width
        height = cg.height
        bytes = cg.rgbaBytes()
    }

    func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let i = (y * width + x) * 4
        return (Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]))
    }

    /// The bounding box (pixel coordinates) of the pixels that pass `test`; nil when none does.
    func bounds(where test: (Int, Int, Int) -> Bool) -> CGRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width {
                let p = rgb(x, y)
                guard test(p.r, p.g, p.b) else { continue }
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// How many pixels in `rect` (all when nil) pass `test`.
    func count(in rect: CGRect? = nil, where test: (Int, Int, Int) -> Bool) -> Int {
        let r = rect ?? CGRect(x: 0, y: 0, width: width, height: height)
        var n = 0
        for y in max(Int(r.minY), 0)..<min(Int(r.maxY.rounded(.up)), height) {
            for x in max(Int(r.minX), 0)..<min(Int(r.maxX.rounded(.up)), width) {
                let p = rgb(x, y)
                if test(p.r, p.g, p.b) { n += 1 }
            }
        }
        return n
    }

    /// Dark ink (text drawn in black or `UIColor.label`).
    static func dark(_ r: Int, _ g: Int, _ b: Int) -> Bool { r < 140 && g < 140 && b < 140 }
    /// Any ink at all on white.
    static func ink(_ r: Int, _ g: Int, _ b: Int) -> Bool { r < 235 || g < 235 || b < 235 }
    /// Reddish ink.
    static func red(_ r: Int, _ g: Int, _ b: Int) -> Bool { r > 150 && g < 120 && b < 120 }
}

/// Writes `image` as a PNG to `path` (for looking at; failures are ignored).
func writePNG(_ image: UIImage, to path: String) {
    if let data = image.pngData() { try? data.write(to: URL(fileURLWithPath: path)) }
}
