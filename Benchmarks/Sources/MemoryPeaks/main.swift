// Transient memory peaks of shapes of work `otk measure` does not make: an edit of a large
// document, one text laid out at two widths, and a plain layout of any file. Run one shape per
// process, under `/usr/bin/time -f %M` (what `scripts/memory-check.sh` does), so that each peak is
// the shape's own:
//
//   MemoryPeaks edit FILE INSERT        lay FILE out, delete its first MiB (UTF-16 units), insert
//                                       INSERT at the start, lay out again; then lay the result
//                                       out afresh in a second layout manager of the same storage
//                                       and compare the two layouts' line and glyph counts
//   MemoryPeaks widths FILE             one storage, two layout managers (600 and 300 points)
//   MemoryPeaks layout FILE             one storage, one layout manager, 600 points
//
// Each prints what it laid out and its own peak resident size (getrusage) on standard output, and
// exits 1 when the layouts it compares disagree.
import Foundation
import OpenTextKit

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("MemoryPeaks: \(message)\n".utf8))
    exit(2)
}

func readText(_ path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    return String(decoding: data, as: UTF8.self)
}

func peakMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024   // Linux reports kilobytes
}

/// A layout manager with one container of `width` points and unbounded height, on `storage`.
func attachLayout(to storage: NSTextStorage, width: CGFloat) -> NSLayoutManager {
    let layoutManager = NSLayoutManager()
    let container = NSTextContainer(size: CGSize(width: width, height: .greatestFiniteMagnitude))
    layoutManager.addTextContainer(container)
    storage.addLayoutManager(layoutManager)
    return layoutManager
}

/// Lays the whole text out and counts its line fragments.
func layOutAll(_ layoutManager: NSLayoutManager) -> (lines: Int, glyphs: Int) {
    let container = layoutManager.textContainers[0]
    layoutManager.ensureLayout(for: container)
    var lines = 0
    layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs)) { _, _, _, _, _ in
        lines += 1
    }
    return (lines, layoutManager.numberOfGlyphs)
}

let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 12)]
let arguments = Array(CommandLine.arguments.dropFirst())
guard let shape = arguments.first else {
    fail("usage: MemoryPeaks edit FILE INSERT | widths FILE | layout FILE")
}

switch (shape, arguments.count) {
case ("edit", 3):
    let storage = NSTextStorage(string: readText(arguments[1]), attributes: attributes)
    let layoutManager = attachLayout(to: storage, width: 600)
    let before = layOutAll(layoutManager)
    let deleted = min(1 << 20, storage.length)
    storage.replaceCharacters(in: NSRange(location: 0, length: deleted), with: "")
    storage.replaceCharacters(in: NSRange(location: 0, length: 0), with: readText(arguments[2]))
    let edited = layOutAll(layoutManager)
    let freshLayout = layOutAll(attachLayout(to: storage, width: 600))
    print("edit: \(before.lines) lines before; after deleting \(deleted) units and inserting: \(edited.lines) lines, \(edited.glyphs) glyphs; afresh: \(freshLayout.lines) lines, \(freshLayout.glyphs) glyphs; peak \(String(format: "%.1f", peakMiB())) MiB")
    if edited != freshLayout { print("edit: the edited layout and the fresh one differ"); exit(1) }
case ("widths", 2):
    let storage = NSTextStorage(string: readText(arguments[1]), attributes: attributes)
    let wide = attachLayout(to: storage, width: 600)
    let narrow = attachLayout(to: storage, width: 300)
    let wideLines = layOutAll(wide), narrowLines = layOutAll(narrow)
    print("widths: \(storage.length) units; 600 pt: \(wideLines.lines) lines; 300 pt: \(narrowLines.lines) lines; peak \(String(format: "%.1f", peakMiB())) MiB")
    if narrowLines.lines < wideLines.lines { print("widths: fewer lines at 300 pt than at 600"); exit(1) }
case ("layout", 2):
    let storage = NSTextStorage(string: readText(arguments[1]), attributes: attributes)
    let laidOut = layOutAll(attachLayout(to: storage, width: 600))
    print("layout: \(storage.length) units, \(laidOut.lines) lines, \(laidOut.glyphs) glyphs; peak \(String(format: "%.1f", peakMiB())) MiB")
default:
    fail("usage: MemoryPeaks edit FILE INSERT | widths FILE | layout FILE")
}
