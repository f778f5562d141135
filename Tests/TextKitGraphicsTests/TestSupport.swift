import Foundation
@testable import TextKitGraphics

/// Font files used by the tests (installed by scripts/setup.sh), pinned by path.
enum TestFonts {
    static let dejaVuSans = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    static let libertine = URL(fileURLWithPath: "/usr/share/fonts/opentype/linux-libertine/LinLibertine_R.otf")
    static let colorEmoji = URL(fileURLWithPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
}

/// Glyphs and pen positions for `text` in `font` at `size`, one glyph per scalar through the
/// character map, advancing by the glyphs' design advances (no shaping: enough for tests).
func simpleRun(_ text: String, font: CGFont, size: CGFloat, at origin: CGPoint)
    -> (glyphs: [CGGlyph], positions: [CGPoint], width: CGFloat) {
    let glyphs = text.unicodeScalars.map { font.glyph(for: $0) }
    var advances = [Int32](repeating: 0, count: glyphs.count)
    _ = font.getGlyphAdvances(glyphs: glyphs, count: glyphs.count, advances: &advances)
    var x = origin.x
    var positions: [CGPoint] = []
    let perUnit = size / CGFloat(font.unitsPerEm > 0 ? font.unitsPerEm : 2048)  // bitmap faces: 2048
    for advance in advances {
        positions.append(CGPoint(x: x, y: origin.y))
        x += CGFloat(advance) * perUnit
    }
    return (glyphs, positions, x - origin.x)
}

/// One cluster per UTF-16 unit run of each scalar, one glyph each.
func scalarClusters(_ text: String) -> [GlyphCluster] {
    text.unicodeScalars.map { GlyphCluster(utf16Count: $0.utf16.count, glyphCount: 1) }
}

/// A fresh scratch directory under /tmp (outside the repository).
func scratchDirectory(_ name: String) throws -> URL {
    let url = URL(fileURLWithPath: "/tmp/otkg-tests/\(name)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Runs a command and returns its standard output (nil when it cannot run or fails).
func runTool(_ executable: String, _ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
}

extension CGImage {
    /// The pixel at (x, y) as RGBA bytes (the test asserts it exists).
    func px(_ x: Int, _ y: Int) -> [UInt8] {
        guard let p = rgba(atX: x, y: y) else { return [] }
        return [p.r, p.g, p.b, p.a]
    }

    /// How many pixels in `rect` satisfy `predicate`.
    func count(in rect: CGRect, where predicate: ([UInt8]) -> Bool) -> Int {
        var n = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) where predicate(px(x, y)) { n += 1 }
        }
        return n
    }
}
