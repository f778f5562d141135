// FirstKeystroke: where the first keystrokes after loading a highlighted 1 MB source file go.
// Loads the file (DejaVu Serif 12, 400 pt, one thread), highlights it with a storage delegate,
// lays it all out, then types and erases a character in the middle of the first page six times,
// printing each keystroke's edit (with the highlighter's parts), relayout time and page faults.
// Arguments after the file:
//   probe     first times attributedSubstring(from:) on untouched paragraphs;
//   subclass  runs the highlighter in an NSTextStorage subclass's processEditing() instead of the
//             storage's delegate;
//   backed    the same, in a subclass written as Apple requires (primitives over a backing
//             NSMutableAttributedString);
//   once      makes one keystroke and exits, for valgrind --tool=callgrind
//             --toggle-collect='$s14FirstKeystroke9keystrokeySd_S2dtSiF';
//   warm      (with once) makes ten unmeasured keystrokes first, so callgrind sees a steady one;
//   identifiers instead: colours the first page's identifiers that have no colour (bench's
//             identifiers-code-1MB row), timing the edits and the relayout; with once, for
//             callgrind --toggle-collect='$s14FirstKeystroke6colourySd_S2dtSaySo8_NSRangeVGF';
//   screen    instead: the first screen of a large plain text, then three keystrokes in it, each
//             followed by counting the page's lines as bench does.
//
// Usage: swift build -c release --product FirstKeystroke &&
//        .build/release/FirstKeystroke corpus/out/code-1MB.txt [probe] [subclass | backed] [once [warm]]
//        .build/release/FirstKeystroke corpus/out/W4-10MB.txt screen
import Foundation
import OpenTextKit
import BackedStorage

func now() -> Double { var t = timespec(); clock_gettime(CLOCK_MONOTONIC, &t); return Double(t.tv_sec) * 1e6 + Double(t.tv_nsec) / 1e3 }

final class Highlighter: NSTextStorageDelegate {
    static let tokens = try! NSRegularExpression(pattern: #"(?<keyword>\b(?:def|class|return|if|elif|else|for|while|in|not|and|or|is|None|True|False|import|from|as|with)\b)|(?<string>'[^'\n]*'|"[^"\n]*")|(?<comment>#[^\n]*)|(?<number>\b\d+(?:\.\d+)?\b)"#)
    var spans: [String: Double] = [:]
    func textStorage(_ textStorage: NSTextStorage, willProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange, changeInLength delta: Int) {
        guard editedMask.contains(.editedCharacters) else { return }
        let t0 = now()
        let edited = NSIntersectionRange(editedRange, NSRange(location: 0, length: textStorage.length))
        let range = textStorage.paragraphRange(for: edited)
        let t1 = now()
        highlight(textStorage, in: range)
        spans["paragraphRange"] = t1 - t0
        spans["highlight"] = now() - t1
    }
    func highlight(_ storage: NSTextStorage, in range: NSRange) {
        guard range.length > 0 else { return }
        let t0 = now()
        storage.removeAttribute(.foregroundColor, range: range)
        let t1 = now()
        let paragraphs = storage.attributedSubstring(from: range).string
        let t2 = now()
        Self.tokens.enumerateMatches(in: paragraphs, range: NSRange(location: 0, length: range.length)) { match, _, _ in
            guard let match else { return }
            for group in 0..<4 where match.range(at: group + 1).location != NSNotFound {
                let token = match.range(at: group + 1)
                storage.addAttribute(.foregroundColor, value: UIColor.systemRed, range: NSRange(location: range.location + token.location, length: token.length))
            }
        }
        let t3 = now()
        spans["removeAttribute"] = t1 - t0; spans["substring"] = t2 - t1; spans["regex+add"] = t3 - t2
    }
}

/// Minor page faults of the process so far (a first touch of memory the allocator got from the kernel).
func pageFaults() -> Int { var usage = rusage(); getrusage(RUSAGE_SELF.rawValue, &usage); return usage.ru_minflt }
let path = CommandLine.arguments[1]
if CommandLine.arguments.count > 2, CommandLine.arguments[2] == "screen" {
    // The first screen of a large plain text: storage and layout manager made, then the first
    // 800 points laid out (the bench's firstpage row), timed in parts.
    let text = try! String(contentsOfFile: path, encoding: .utf8)
    let font = UIFont(name: "DejaVu Serif", size: 12)!
    for _ in 0..<3 {
        let t0 = now()
        let storage = NSTextStorage(string: text, attributes: [.font: font])
        let lm = NSLayoutManager()
        storage.addLayoutManager(lm)
        let container = NSTextContainer(size: CGSize(width: 400, height: CGFloat.greatestFiniteMagnitude))
        container.lineFragmentPadding = 0
        lm.addTextContainer(container)
        lm.allowsNonContiguousLayout = true
        let faults = pageFaults()
        let t1 = now()
        screen(lm, container)
        let t2 = now()
        let screenFaults = pageFaults() - faults
        let laidOut = lm.firstUnlaidCharacterIndex()
        // Then keystrokes in the middle of that screen (character 1,500, as bench's
        // firstkeystroke-10MB row), each laid out again: the first keystroke after the first
        // screen, what a user who opens a file and types waits for. No query between the screen
        // and the keystroke: it would warm the caches the keystroke needs.
        let location = text.unicodeScalars.prefix(1_500).reduce(0) { $0 + $1.utf16.count }
        let typed = (0..<3).map { i -> (edit: Double, relayout: Double, faults: Int, counting: Double) in
            let faults = pageFaults()
            let (t, te, t1) = screenKeystroke(storage, lm, container, at: location, erase: i % 2 == 1)
            _ = linesAbove(800, lm, container)
            return (te - t, t1 - te, pageFaults() - faults, now() - t1)
        }
        let keystrokes = typed.map { String(format: "%.0f + %.0f", $0.edit, $0.relayout) }.joined(separator: ", ")
        print(String(format: "storage and layout manager %.0f µs, first screen %.0f µs (%d page faults, %d characters laid out), keystrokes after it (edit + relayout) %@ µs (%d, %d, %d page faults), counting the page's lines after each %.0f, %.0f, %.0f µs",
                     t1 - t0, t2 - t1, screenFaults, laidOut, keystrokes, typed[0].faults, typed[1].faults, typed[2].faults,
                     typed[0].counting, typed[1].counting, typed[2].counting))
    }
    exit(0)
}
/// The lines of the first `height` points, counted as bench's rows count them.
@inline(never) func linesAbove(_ height: Double, _ lm: NSLayoutManager, _ container: NSTextContainer) -> Int {
    let range = lm.glyphRange(forBoundingRectWithoutAdditionalLayout: CGRect(x: 0, y: 0, width: container.size.width, height: CGFloat(height)), in: container)
    var lines = 0
    lm.enumerateLineFragments(forGlyphRange: range) { rect, _, _, _, stop in
        if rect.minY < CGFloat(height) { lines += 1 } else { stop.pointee = true }
    }
    return lines
}
@inline(never) func screen(_ lm: NSLayoutManager, _ container: NSTextContainer) {
    lm.ensureLayout(forBoundingRect: CGRect(x: 0, y: 0, width: 400, height: 800), in: container)
}
/// One keystroke in the screen and its relayout; returns the clock before, between and after.
@inline(never) func screenKeystroke(_ storage: NSTextStorage, _ lm: NSLayoutManager, _ container: NSTextContainer, at location: Int, erase: Bool) -> (Double, Double, Double) {
    let t0 = now()
    storage.replaceCharacters(in: NSRange(location: location, length: erase ? 1 : 0), with: erase ? "" : "x")
    let t1 = now()
    lm.ensureLayout(forBoundingRect: CGRect(x: 0, y: 0, width: 400, height: 800), in: container)
    return (t0, t1, now())
}
/// The subclass way of highlighting: the same highlighter called from `processEditing()`.
final class HighlightingStorage: NSTextStorage {
    let highlighter = Highlighter()
    override func processEditing() {
        highlighter.textStorage(self, willProcessEditing: editedMask, range: editedRange, changeInLength: changeInLength)
        super.processEditing()
    }
}
/// The same, written as Apple requires a subclass to be: primitives over a backing store.
final class BackedHighlightingStorage: BackedTextStorage {
    let highlighter = Highlighter()
    override func processEditing() {
        highlighter.textStorage(self, willProcessEditing: editedMask, range: editedRange, changeInLength: changeInLength)
        super.processEditing()
    }
}
let backed = CommandLine.arguments.dropFirst(2).contains("backed")
let subclass = backed || CommandLine.arguments.dropFirst(2).contains("subclass")
let text = try! String(contentsOfFile: path, encoding: .utf8)
let font = UIFont(name: "DejaVu Serif", size: 12)!
let storage = backed ? BackedHighlightingStorage(text: text, attributes: [.font: font])
    : subclass ? HighlightingStorage(string: text, attributes: [.font: font]) : NSTextStorage(string: text, attributes: [.font: font])
let lm = NSLayoutManager()
lm.maximumLayoutThreads = 1
storage.addLayoutManager(lm)
let container = NSTextContainer(size: CGSize(width: 400, height: CGFloat.greatestFiniteMagnitude))
container.lineFragmentPadding = 0
lm.addTextContainer(container)
let h = (storage as? HighlightingStorage)?.highlighter ?? (storage as? BackedHighlightingStorage)?.highlighter ?? Highlighter()
let highlightStart = now()
storage.beginEditing(); h.highlight(storage, in: NSRange(location: 0, length: storage.length)); storage.endEditing()
if !CommandLine.arguments.dropFirst(2).contains("once") {
    print(String(format: "highlighting the whole file: %.1f ms", (now() - highlightStart) / 1000))
}
if !subclass { storage.delegate = h }
lm.ensureLayout(for: container)
let page = CGRect(x: 0, y: 0, width: 400, height: 800)
if CommandLine.arguments.dropFirst(2).contains("probe") {
    for probe in [NSRange(location: 500_000, length: 60), NSRange(location: 200, length: 60), NSRange(location: 900_000, length: 60)] {
        let t0 = now()
        let s = storage.attributedSubstring(from: probe)
        let t1 = now()
        _ = s.string
        let t2 = now()
        var r = NSRange()
        _ = storage.attributes(at: probe.location + 5, effectiveRange: &r)
        let t3 = now()
        print(String(format: "probe %d: attributedSubstring %.1f µs, .string %.1f µs, attributes(at:) %.1f µs", probe.location, t1 - t0, t2 - t1, t3 - t2))
    }
}
let glyph = lm.glyphIndex(for: CGPoint(x: 0, y: 400), in: container)
let location = lm.characterIndexForGlyph(at: glyph)
@MainActor @inline(never) func keystroke(_ i: Int) -> (Double, Double, Double) {
    let erase = i % 2 == 1
    let t0 = now()
    storage.replaceCharacters(in: NSRange(location: location, length: erase ? 1 : 0), with: erase ? "" : "x")
    let t1 = now()
    lm.ensureLayout(forBoundingRect: page, in: container)
    let t2 = now()
    return (t0, t1, t2)
}
/// Keystrokes before the measured one ("warm": callgrind then sees a steady keystroke, not the first).
/// Not through `keystroke`, which callgrind's --toggle-collect names.
@MainActor @inline(never) func warmUp() {
    for i in 0..<10 {
        storage.replaceCharacters(in: NSRange(location: location, length: i % 2), with: i % 2 == 1 ? "" : "x")
        lm.ensureLayout(forBoundingRect: page, in: container)
    }
}
/// Colours `words` (a semantic highlighter's pass over the page) in one editing group and lays
/// the page out again; returns the clock before, between and after.
@MainActor @inline(never) func colour(_ words: [NSRange]) -> (Double, Double, Double) {
    let t0 = now()
    storage.beginEditing()
    for word in words { storage.addAttribute(.foregroundColor, value: UIColor.systemIndigo, range: word) }
    storage.endEditing()
    let t1 = now()
    lm.ensureLayout(forBoundingRect: page, in: container)
    return (t0, t1, now())
}
if CommandLine.arguments.dropFirst(2).contains("identifiers") {
    // The page's identifiers that have no colour, coloured (bench's identifiers-code-1MB row).
    storage.delegate = nil
    // The page is shown: drawing made its glyphs again (the whole file's layout pushed them out
    // of the layout manager's budget).
    let shown = lm.glyphRange(forBoundingRect: page, in: container)
    for g in shown.location..<NSMaxRange(shown) { _ = lm.cgGlyph(at: g) }
    let visible = lm.characterRange(forGlyphRange: shown, actualGlyphRange: nil)
    let string = storage.attributedSubstring(from: visible).string
    let words = try! NSRegularExpression(pattern: #"\b[A-Za-z_][A-Za-z0-9_]*\b"#)
        .matches(in: string, range: NSRange(location: 0, length: visible.length))
        .map { NSRange(location: visible.location + $0.range.location, length: $0.range.length) }
        .filter { storage.attribute(.foregroundColor, at: $0.location, effectiveRange: nil) == nil }
    let (t0, t1, t2) = colour(words)
    if !CommandLine.arguments.dropFirst(2).contains("once") {
        print(String(format: "%d identifiers coloured: edits %.1f µs, layout %.1f µs", words.count, t1 - t0, t2 - t1))
    }
    exit(0)
}
if CommandLine.arguments.dropFirst(2).contains("once") {
    if CommandLine.arguments.dropFirst(2).contains("warm") { warmUp() }
    _ = keystroke(0)
    exit(0)
}
for i in 0..<6 {
    let faults = pageFaults()
    let (t0, t1, t2) = keystroke(i)
    let faulted = pageFaults() - faults
    let spans = h.spans.sorted { $0.key < $1.key }.map { "\($0.key) \(String(format: "%.1f", $0.value))" }.joined(separator: ", ")
    print(String(format: "keystroke %d: edit %.1f µs (%@), layout %.1f µs, total %.1f, %d page faults", i + 1, t1 - t0, spans, t2 - t1, t2 - t0, faulted))
}
