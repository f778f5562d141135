import Foundation
import Testing
import TextKitGraphics

// The host on a display scaled 2× (GDK_SCALE=2): GTK hands the draw function a cairo_t with a
// device scale, and the text view draws its glyphs at device resolution, not at 1× and
// magnified. The demo's snapshots are in device pixels.

extension WindowTests {
    @Suite("GTK host: a display scaled 2×")
    struct HiDPITests {
        /// Ink in `rect` (points; scaled to the image): all pixels darker than light grey, and the
        /// solid ones (nearly black).
        static func ink(_ image: CGImage, _ rect: CGRect, scale: Int) -> (all: Int, solid: Int) {
            var all = 0, solid = 0
            for y in Int(rect.minY) * scale..<min(Int(rect.maxY) * scale, image.height) {
                for x in Int(rect.minX) * scale..<min(Int(rect.maxX) * scale, image.width) {
                    guard let p = image.rgba(atX: x, y: y) else { continue }
                    let luma = (Int(p.r) * 3 + Int(p.g) * 6 + Int(p.b)) / 10
                    if luma < 200 { all += 1 }
                    if luma < 60 { solid += 1 }
                }
            }
            return (all, solid)
        }

        @Test("At scale 2 the text is drawn at device resolution: four times the ink pixels, sharper edges",
              .timeLimit(.minutes(3)))
        func scaledDisplay() throws {
            let text = "Sharp text at twice the scale: Hamburgefonstiv 0123456789"
            // A window that fits the 1024×768 screen twice over, so that scale 2 is not cut.
            let size = "510x380"
            let single = try DemoSession(["OTK_DEMO_TEXT": text, "OTK_DEMO_WINDOW_SIZE": size])
            defer { single.close() }
            let one = try single.quit()
            let double = try DemoSession(["OTK_DEMO_TEXT": text, "GDK_SCALE": "2", "OTK_DEMO_WINDOW_SIZE": size])
            defer { double.close() }
            let two = try double.quit()

            // Twice as wide and as tall.
            #expect(two.width == one.width * 2 && two.height > one.height, "\(one.width)×\(one.height) and \(two.width)×\(two.height)")
            let line = CGRect(x: 8, y: 45, width: 560, height: 30)
            let inkOne = Self.ink(one, line, scale: 1), inkTwo = Self.ink(two, line, scale: 2)
            // The same glyphs cover four times the pixels…
            let area = Double(inkTwo.all) / Double(max(inkOne.all, 1))
            #expect(area > 3.2 && area < 4.8, "ink \(inkOne) at 1×, \(inkTwo) at 2×: demo log \(double.app.log)")
            // …and more of them are solid: edges are a smaller share of a glyph drawn at device
            // resolution (a 1× picture magnified would keep the same share, or less).
            let shareOne = Double(inkOne.solid) / Double(max(inkOne.all, 1)), shareTwo = Double(inkTwo.solid) / Double(max(inkTwo.all, 1))
            #expect(shareTwo > shareOne * 1.15, "solid share \(shareOne) at 1×, \(shareTwo) at 2×")
        }
    }
}
