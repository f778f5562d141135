import Foundation
import Testing
import TextKitGraphics

/// The tests that run TextKitDemo in a window, one at a time: each starts an X server and the
/// demo, and several at once on a loaded two-core machine made GTK's first frames late enough
/// for input to arrive before the window was laid out. (Other tests still run beside them.)
@Suite("GTK host: real windows, one at a time", .serialized)
struct WindowTests {}

/// TextKitDemo running on a private Xvfb server of its own, focused, with xdotool to drive it:
/// what each window test starts from. Xvfb picks a free display itself (so tests may run side by
/// side); the demo writes its snapshots (on SIGUSR1 and at quit) and outputs into a scratch
/// directory. ``close()`` stops both processes and removes the directory (kept with
/// `OTK_GTK_TEST_KEEP=1`); call it in a `defer`.
final class DemoSession {
    let scratch: URL
    let display: String
    let window: String
    private let xdotool: URL
    private let server: Child
    let app: Child

    /// Starts Xvfb and the demo with `settings` added to its environment, and focuses its window.
    init(_ settings: [String: String]) throws {
        let xvfb = try #require(Tools.find("Xvfb"), "Xvfb is not installed: run scripts/setup.sh")
        let xdotool = try #require(Tools.find("xdotool"), "xdotool is not installed: run scripts/setup.sh")
        let demo = try #require(Tools.demoExecutable, "TextKitDemo was not found beside the test bundle: build it (swift build)")
        let scratch = URL(fileURLWithPath: "/tmp/otk-gtk-tests/\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        // Xvfb writes the display it chose to the descriptor we give it.
        let server = try Child(xvfb, ["-displayfd", "1", "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                               log: scratch.appendingPathComponent("xvfb.log"), captureStdout: true)
        var app: Child?
        var started = false
        defer { if !started { app?.stop(); server.stop() } }
        let display = ":" + (try #require(server.firstStdoutLine(within: 10), "Xvfb did not start"))

        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["GDK_BACKEND"] = "x11"
        environment["GSK_RENDERER"] = "cairo"
        environment["NO_AT_BRIDGE"] = "1"
        environment["OTK_DEMO_QUIT_AFTER"] = "45"   // a safety net; the tests quit it with SIGTERM
        environment["OTK_DEMO_SNAPSHOT"] = scratch.appendingPathComponent("snapshot").path
        environment["OTK_DEMO_TEXT_OUT"] = scratch.appendingPathComponent("text.txt").path
        environment["OTK_DEMO_REPORT"] = scratch.appendingPathComponent("report.txt").path
        let ready = scratch.appendingPathComponent("ready")
        environment["OTK_DEMO_READY"] = ready.path
        environment.merge(settings) { $1 }
        let running = try Child(demo, [], environment: environment, log: scratch.appendingPathComponent("demo.log"))
        app = running
        let found = try Tools.run(xdotool, ["search", "--sync", "--name", "OpenTextKit Demo"], environment: ["DISPLAY": display], timeout: 15)
        let window = try #require(found.output.split(separator: "\n").first.map(String.init), "the demo's window did not appear")
        self.scratch = scratch
        self.display = display
        self.window = window
        self.xdotool = xdotool
        self.server = server
        self.app = running
        // Input only once the window is laid out and painted (on a loaded machine a click could
        // otherwise land before the views have frames).
        try #require(Tools.waitFor(within: 30) { FileManager.default.fileExists(atPath: ready.path) },
                     "the demo never painted its window; demo log: \(running.log)")
        // A loaded machine may map the window a moment after xdotool finds it: focusing it fails
        // until then, so try for a few seconds.
        var focused = false
        for _ in 0..<20 where !focused {
            let result = try Tools.run(xdotool, ["windowfocus", "--sync", window], environment: ["DISPLAY": display], timeout: 15)
            focused = result.status == 0
            if !focused { Thread.sleep(forTimeInterval: 0.25) }
        }
        try #require(focused, "xdotool could not focus the demo's window; demo log: \(running.log)")
        started = true
    }

    /// Runs xdotool with `arguments` on the session's display.
    @discardableResult
    func xdo(_ arguments: String...) throws -> String { try xdo(arguments) }

    /// Runs xdotool with `arguments` on the session's display.
    @discardableResult
    func xdo(_ arguments: [String]) throws -> String {
        let result = try Tools.run(xdotool, arguments, environment: ["DISPLAY": display], timeout: 15)
        try #require(result.status == 0, "xdotool \(arguments.joined(separator: " ")) failed: \(result.output)")
        return result.output
    }

    // The demo serves each signal once the input sent before it is handled (it syncs with the X
    // server, then dispatches the events received), so a signal may follow xdotool at once.

    /// Asks the demo for snapshot `n` (SIGUSR1) and returns it once written.
    func snapshot(_ n: Int) throws -> CGImage {
        let file = scratch.appendingPathComponent("snapshot-\(n).png")
        kill(app.pid, SIGUSR1)
        // The file appears before the demo has finished writing it: wait until it reads.
        var image: CGImage?
        _ = Tools.waitFor(within: 15) {
            image = UIImage(contentsOfFile: file.path)?.cgImage
            return image != nil
        }
        return try #require(image, "no snapshot after SIGUSR1; demo log: \(app.log)")
    }

    /// Asks the running demo for its text and the shown page's report (SIGUSR2), and returns
    /// them once written; the demo goes on.
    func outputsNow() throws -> (text: String, report: [String: String]) {
        let text = scratch.appendingPathComponent("text.txt"), report = scratch.appendingPathComponent("report.txt")
        try? FileManager.default.removeItem(at: text)
        try? FileManager.default.removeItem(at: report)
        kill(app.pid, SIGUSR2)
        // The report is written first, the text last, each in one step.
        try #require(Tools.waitFor(within: 15) { FileManager.default.fileExists(atPath: text.path) },
                     "no text after SIGUSR2; demo log: \(app.log)")
        return (try textWritten(), try self.report())
    }

    /// Asks the demo for its outputs until its report satisfies `condition` (for state that
    /// follows input a few main-loop turns later, such as another program's clipboard offer
    /// read); the last report, or nil after `seconds`.
    func report(within seconds: Double, where condition: ([String: String]) -> Bool) throws -> [String: String]? {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            let report = try outputsNow().report
            if condition(report) { return report }
        } while Date() < deadline
        return nil
    }

    /// Waits until the demo's pasteboard holds `type`: the demo reads another program's
    /// clipboard offer a few main-loop turns after it takes the clipboard.
    func waitForOffer(of type: String) throws {
        let report = try report(within: 10) { ($0["pasteboardTypes"] ?? "").split(separator: " ").contains(Substring(type)) }
        try #require(report != nil, "the demo's pasteboard never held \(type); demo log: \(app.log)")
    }

    /// Quits the demo (it writes its final snapshot and outputs) and returns the final snapshot.
    func quit() throws -> CGImage {
        kill(app.pid, SIGTERM)
        try #require(app.wait(within: 10), "the demo did not quit on SIGTERM")
        return try #require(UIImage(contentsOfFile: scratch.appendingPathComponent("snapshot-final.png").path)?.cgImage)
    }

    /// The text view's text, written by the demo when it quit.
    func textWritten() throws -> String {
        try String(contentsOf: scratch.appendingPathComponent("text.txt"), encoding: .utf8)
    }

    /// The shown page's state, written by the demo when it quit ("key: value" lines; "\n" in a
    /// value stands for a newline).
    func report() throws -> [String: String] {
        let text = try String(contentsOf: scratch.appendingPathComponent("report.txt"), encoding: .utf8)
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].dropFirst()
            values[String(line[..<colon])] = value.replacingOccurrences(of: "\\n", with: "\n")
        }
        return values
    }

    /// Stops the demo and Xvfb, and removes the scratch directory unless asked to keep it.
    func close() {
        app.stop()
        server.stop()
        if ProcessInfo.processInfo.environment["OTK_GTK_TEST_KEEP"] != "1" { try? FileManager.default.removeItem(at: scratch) }
    }
}
