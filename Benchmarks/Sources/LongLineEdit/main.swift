// LongLineEdit: what the window benchmark's single-line file costs in the text view, without a
// window. A UITextView as TextKitDemo makes it (TextKit 2, the system font at 16 pt, insets of
// 12, 1000×700) opens the file as the demo does (its first 64 KB shown, then the rest appended
// in chunks of 2 MB) and draws its first screen into a bitmap (one surface, kept); then, each followed by
// the drawing of the screen as the window draws it after a key: keystrokes at the start, the
// middle and the end of the text, Page Downs, an undo of the typing, select all, delete and the
// undo of that. Prints milliseconds per
// step (median and maximum).
//
// Usage: swift build -c release --product LongLineEdit &&
//        .build/release/LongLineEdit corpus/out/json-50MB-line.json [keys]
import Foundation
import OpenTextKit

func now() -> Double { var t = timespec(); clock_gettime(CLOCK_MONOTONIC, &t); return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6 }

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    print("usage: LongLineEdit FILE [keys]")
    exit(2)
}
let keys = arguments.count > 2 ? Int(arguments[2]) ?? 20 : 20
let size = CGSize(width: 1000, height: 700)

/// One surface for every frame, as a window keeps its own.
let surface = try! CGContext(imageSize: size)

/// What the window does for a frame: lays out, fills the background, draws the view.
@MainActor func draw(_ view: UITextView) {
    view.layoutIfNeeded()
    UIGraphicsPushContext(surface)
    surface.saveGState()
    surface.setFillColor(UIColor.white.cgColor)
    surface.fill(CGRect(origin: .zero, size: size))
    _ = view.drawHierarchy(in: CGRect(origin: .zero, size: size), afterScreenUpdates: false)
    surface.restoreGState()
    UIGraphicsPopContext()
}

@MainActor func report(_ name: String, _ samples: [Double]) {
    let sorted = samples.sorted()
    let median = sorted[sorted.count / 2]
    print(String(format: "%-28@ median %9.2f ms   max %9.2f ms   (%d)", name as NSString, median, sorted.last!, samples.count))
}

@MainActor func run() {
    var t = now()
    // As TextKitDemo opens a file: its first 64 KB shown, then the rest in chunks of 2 MB.
    let loader = try! TextFileLoader(contentsOf: URL(fileURLWithPath: arguments[1]))
    let head = try! loader.readNextChunk(byteCount: 64 << 10) ?? ""
    print(String(format: "read first 64 KB  %9.1f ms", now() - t))
    t = now()
    let view = UITextView(frame: CGRect(origin: .zero, size: size))
    view.font = UIFont.systemFont(ofSize: 16)
    view.textContainerInset = UIEdgeInsets(top: 12, left: 12, bottom: 12, right: 12)
    view.text = head
    view.selectedRange = NSRange(location: 0, length: 0)
    _ = view.becomeFirstResponder()
    print(String(format: "text set          %9.1f ms  (TextKit %@)", now() - t, view.textLayoutManager == nil ? "1" : "2"))
    t = now()
    draw(view)
    print(String(format: "first frame       %9.1f ms", now() - t))
    t = now()
    var chunks: [Double] = []
    while true {
        let c = now()
        let more = try! loader.appendNextChunk(to: view.textStorage)
        chunks.append(now() - c)
        if !more { break }
    }
    print(String(format: "rest loaded       %9.1f ms", now() - t))
    report("  a chunk of 2 MB", chunks)

    let length = view.textStorage.length
    for (name, location) in [("type@start", 100), ("type@middle", length / 2), ("type@end", length - 100)] {
        view.selectedRange = NSRange(location: location, length: 0)
        view.scrollRangeToVisible(view.selectedRange)
        draw(view)
        var samples: [Double] = [], edits: [Double] = [], layouts: [Double] = []
        for k in 0..<keys {
            t = now()
            if k % 4 == 3 { view.deleteBackward() } else { view.insertTextFromKeyboard("x") }
            let edited = now()
            view.layoutIfNeeded()
            let laidOut = now()
            draw(view)
            samples.append(now() - t)
            edits.append(edited - t)
            layouts.append(laidOut - edited)
        }
        report(name, samples)
        print(String(format: "  the first key  %9.2f ms", samples[0]))
        report("  the edit", edits)
        report("  layoutIfNeeded", layouts)
    }
    var samples: [Double] = []
    for _ in 0..<keys {
        t = now()
        view.pageDown(nil)
        draw(view)
        samples.append(now() - t)
    }
    report("page down", samples)
    t = now()
    view.undoManager?.undo()
    draw(view)
    print(String(format: "undo typing       %9.1f ms", now() - t))
    t = now()
    view.selectAll(nil)
    draw(view)
    print(String(format: "select all        %9.1f ms", now() - t))
    t = now()
    view.deleteBackward()
    draw(view)
    print(String(format: "delete all        %9.1f ms", now() - t))
    t = now()
    view.undoManager?.undo()
    draw(view)
    print(String(format: "undo that         %9.1f ms", now() - t))
}

MainActor.assumeIsolated { run() }
