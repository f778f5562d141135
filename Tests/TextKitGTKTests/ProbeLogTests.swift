import Foundation
import Testing

// The probe log that Benchmarks/window-100MB reads (OTK_DEMO_PROBE_LOG, Sources/TextKitDemo/
// ProbeLog.swift), and SIGHUP, which puts the caret in the middle of the text.

extension WindowTests {
    @Suite("GTK host: the demo's probe log and SIGHUP")
    struct ProbeLogTests {
        @Test("The probe log holds the launcher's start, the moments of opening, the frames and each key with its frame; SIGHUP puts the caret in the middle",
              .timeLimit(.minutes(3)))
        func probeLog() throws {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let start = Int(now.tv_sec) * 1_000_000 + Int(now.tv_nsec) / 1000
            let path = "/tmp/otk-probe-\(UUID().uuidString.prefix(8)).log"
            defer { try? FileManager.default.removeItem(atPath: path) }
            let session = try DemoSession(["OTK_DEMO_TEXT": "abcdefghij", "OTK_DEMO_PROBE_LOG": path, "OTK_DEMO_START_US": "\(start)"])
            defer { session.close() }
            try session.xdo("key", "ctrl+End")
            try session.xdo("key", "x")
            #expect(try session.outputsNow().report["selection"] == "11,0")
            kill(session.app.pid, SIGHUP)
            let middle = try session.report(within: 10) { $0["selection"] == "5,0" }
            #expect(middle != nil, "SIGHUP did not put the caret at 5")
            try session.xdo("key", "ctrl+a")
            _ = try session.quit()

            let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ") }
            #expect(lines.first == ["start", Substring("\(start)")])
            let marks = lines.filter { $0.first == "mark" }
            #expect(marks.map { String($0[2]) } == ["activate", "file-read", "text-set", "presented"])
            let markTimes = marks.compactMap { Int($0[1]) }
            #expect(markTimes == markTimes.sorted() && (markTimes.first ?? 0) > start)
            let frames = lines.filter { $0.first == "frame" }.map { (Int($0[1])!, Int($0[2])!) }
            #expect(!frames.isEmpty && frames.allSatisfy { $0.0 <= $0.1 })
            #expect((frames.first?.1 ?? 0) > (markTimes.last ?? .max), "the first frame after the window was presented")
            // The keys, each with the frame that showed it; the ctrl pressed alone is not one.
            let keys = lines.filter { $0.first == "key" }
            #expect(keys.map { String($0[4]) } == ["ctrl+End", "x", "ctrl+a"], "\(keys)")
            #expect(keys.allSatisfy { Int($0[3])! >= Int($0[1])! })
        }
    }
}
