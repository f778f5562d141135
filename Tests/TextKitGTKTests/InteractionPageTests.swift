import Foundation
import Testing
import TextKitGraphics

// The demo's Interaction page in a real window: the mouse drags the circle (a view that takes the
// mouse itself, `PointerInteractive`), and the text, which flows around the circle as an exclusion
// path, moves with it. Same tools as DemoWindowTests.

extension WindowTests {
    @Suite("GTK host: dragging the Interaction page's circle")
    struct InteractionPageTests {
        @Test("The circle follows the mouse and the text reflows around it", .timeLimit(.minutes(3)))
        func dragCircle() throws {
            let session = try DemoSession(["OTK_DEMO_PAGE": "Interaction"])
            defer { session.close() }
            let window = session.window
            let first = try session.snapshot(1)
            // The circle's centre: the page's (295, 165) below the notebook's tabs (about 38 pixels).
            try session.xdo("mousemove", "--window", window, "295", "203", "mousedown", "1",
                            "mousemove", "--window", window, "250", "180", "mousemove", "--window", window, "150", "140", "mouseup", "1")
            let last = try session.quit()
            let report = try session.report()

            /// Light-blue pixels (the circle's fill) in `rect`.
            func circlePixels(_ image: CGImage, _ rect: CGRect) -> Int {
                var count = 0
                for y in Int(rect.minY)..<min(Int(rect.maxY), image.height) {
                    for x in Int(rect.minX)..<min(Int(rect.maxX), image.width) {
                        if let p = image.rgba(atX: x, y: y), p.b > 200, p.r < 215, p.r > 120 { count += 1 }
                    }
                }
                return count
            }
            let oldCentre = CGRect(x: 275, y: 183, width: 40, height: 40)
            let newCentre = CGRect(x: 130, y: 120, width: 40, height: 40)
            #expect(circlePixels(first, oldCentre) > 800, "the circle is not where it starts")
            #expect(circlePixels(last, newCentre) > 800, "the circle did not follow the mouse: \(session.app.log)")
            #expect(circlePixels(last, oldCentre) < 100)
            // The layout: the circle moved by the drag (−145, −63) into the middle of the text, no
            // line fragment reaches into it, and no link is broken, across lines or around the circle
            // (a link too long for the piece beside it goes to the piece after).
            let circle = (report["circle"] ?? "").split(separator: ",").compactMap { Int($0) }
            #expect(circle.count == 3 && abs(circle[0] - 75) <= 2 && abs(circle[1] - 27) <= 2, "\(report)")
            #expect(report["fragmentsIntersectingCircle"] == "0", "\(report)")
            #expect(Int(report["lineFragments"] ?? "") ?? 0 > 10)
            #expect(report["links"] == "6" && report["linksBroken"] == "0", "\(report)")
            // The text moved: the rows the circle left and entered look different.
            #expect(Tools.differingPixels(first, last, in: CGRect(x: 8, y: 120, width: 700, height: 260)) > 500)
        }
    }
}
