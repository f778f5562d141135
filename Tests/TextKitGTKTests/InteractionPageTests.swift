import Foundation
import Testing
import TextKitGraphics

// The demo's Interaction page in a real window: the mouse drags the circle (a view that takes the
// mouse itself, `PointerInteractive`), and the text, which flows around the circle as an exclusion
// path, moves with it. Same tools as DemoWindowTests.

@Suite("GTK host: dragging the Interaction page's circle")
struct InteractionPageTests {
    @Test("The circle follows the mouse and the text reflows around it", .timeLimit(.minutes(3)))
    func dragCircle() throws {
        let xvfb = try #require(Tools.find("Xvfb"), "Xvfb is not installed: run scripts/setup.sh")
        let xdotool = try #require(Tools.find("xdotool"), "xdotool is not installed: run scripts/setup.sh")
        let demo = try #require(Tools.demoExecutable, "TextKitDemo was not found beside the test bundle: build it (swift build)")
        let scratch = URL(fileURLWithPath: "/tmp/otk-gtk-tests/\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let keep = ProcessInfo.processInfo.environment["OTK_GTK_TEST_KEEP"] == "1"
        defer { if !keep { try? FileManager.default.removeItem(at: scratch) } }

        let server = try Child(xvfb, ["-displayfd", "1", "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                               log: scratch.appendingPathComponent("xvfb.log"), captureStdout: true)
        defer { server.stop() }
        let display = ":" + (try #require(server.firstStdoutLine(within: 10), "Xvfb did not start"))
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["GDK_BACKEND"] = "x11"
        environment["GSK_RENDERER"] = "cairo"
        environment["NO_AT_BRIDGE"] = "1"
        environment["OTK_DEMO_PAGE"] = "3"            // Interaction
        environment["OTK_DEMO_QUIT_AFTER"] = "45"
        environment["OTK_DEMO_SNAPSHOT"] = scratch.appendingPathComponent("snapshot").path
        let app = try Child(demo, [], environment: environment, log: scratch.appendingPathComponent("demo.log"))
        defer { app.stop() }

        @discardableResult
        func xdo(_ arguments: String...) throws -> String {
            let result = try Tools.run(xdotool, arguments, environment: ["DISPLAY": display], timeout: 15)
            try #require(result.status == 0, "xdotool \(arguments.joined(separator: " ")) failed: \(result.output)")
            return result.output
        }
        let window = try #require(try xdo("search", "--sync", "--name", "OpenTextKit Demo")
            .split(separator: "\n").first.map(String.init), "the demo's window did not appear")
        try xdo("windowfocus", "--sync", window)
        Thread.sleep(forTimeInterval: 0.5)
        let before = scratch.appendingPathComponent("snapshot-1.png")
        kill(app.pid, SIGUSR1)
        try #require(Tools.waitFor(within: 5) { FileManager.default.fileExists(atPath: before.path) }, "no snapshot: \(app.log)")

        // The circle's centre: the page's (295, 165) below the notebook's tabs (about 38 pixels).
        try xdo("mousemove", "--window", window, "295", "203", "mousedown", "1",
                "mousemove", "--window", window, "250", "260", "mousemove", "--window", window, "150", "330", "mouseup", "1")
        Thread.sleep(forTimeInterval: 0.3)
        kill(app.pid, SIGTERM)
        try #require(app.wait(within: 10), "the demo did not quit on SIGTERM")

        let first = try #require(UIImage(contentsOfFile: before.path)?.cgImage)
        let last = try #require(UIImage(contentsOfFile: scratch.appendingPathComponent("snapshot-final.png").path)?.cgImage)
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
        let newCentre = CGRect(x: 130, y: 310, width: 40, height: 40)
        #expect(circlePixels(first, oldCentre) > 800, "the circle is not where it starts")
        #expect(circlePixels(last, newCentre) > 800, "the circle did not follow the mouse: \(app.log)")
        #expect(circlePixels(last, oldCentre) < 100)
        // The text moved: the rows the circle left and entered look different.
        #expect(Tools.differingPixels(first, last, in: CGRect(x: 8, y: 120, width: 700, height: 260)) > 500)
    }
}
