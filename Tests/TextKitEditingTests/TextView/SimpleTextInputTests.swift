import Testing
import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting
@testable import TextKitEditing

// A custom view that adopts UITextInput on its own text, as Apple's SimpleTextInput sample does:
// its own position and range subclasses, its own string, laid out with the Core Text API.

/// A position: an index into the view's UTF-16 text.
@MainActor
final class APLIndexedPosition: UITextPosition {
    let index: Int
    init(_ index: Int) { self.index = index }
}

/// A range of the view's text.
@MainActor
final class APLIndexedRange: UITextRange {
    let range: NSRange
    init(_ range: NSRange) { self.range = range }
    override var start: UITextPosition { APLIndexedPosition(range.location) }
    override var end: UITextPosition { APLIndexedPosition(range.location + range.length) }
    override var isEmpty: Bool { range.length == 0 }
}

@MainActor
final class SimpleEditorView: UIView, UITextInput {
    var text = ""
    var selectedRange = NSRange(location: 0, length: 0)
    var markedRange = NSRange(location: NSNotFound, length: 0)
    var markedTextStyle: [NSAttributedString.Key: Any]?
    weak var inputDelegate: (any UITextInputDelegate)?
    lazy var tokenizer: any UITextInputTokenizer = UITextInputStringTokenizer(textInput: self)
    let font = UIFont(name: "DejaVu Sans", size: 14) ?? UIFont.systemFont(ofSize: 14)

    var length: Int { text.utf16.count }
    private func index(_ p: UITextPosition) -> Int { (p as! APLIndexedPosition).index }
    private func nsRange(_ r: UITextRange) -> NSRange { (r as! APLIndexedRange).range }
    private func replace(_ range: NSRange, _ string: String) {
        let units = Array(text.utf16)
        text = String(decoding: units[..<range.location] + Array(string.utf16) + units[(range.location + range.length)...], as: UTF16.self)
    }

    // Core Text layout of the whole text in the view's bounds (y flipped to the view's).
    private var frameLines: [(line: CTLine, origin: CGPoint)] {
        let attributed = NSAttributedString(string: text, attributes: [.font: font])
        let framesetter = CTFramesetterCreateWithAttributedString(attributed)
        let path = CGPath(rect: bounds, transform: nil)
        let frame = CTFramesetterCreateFrame(framesetter, CFRange(location: 0, length: 0), path, nil)
        let lines = CTFrameGetLines(frame) as! [CTLine]
        var origins = [CGPoint](repeating: .zero, count: lines.count)
        CTFrameGetLineOrigins(frame, CFRange(location: 0, length: 0), &origins)
        return zip(lines, origins).map { ($0, CGPoint(x: $1.x, y: bounds.height - $1.y)) }
    }

    // UIKeyInput
    var hasText: Bool { !text.isEmpty }
    func insertText(_ string: String) {
        let range = markedRange.location != NSNotFound ? markedRange : selectedRange
        replace(range, string)
        markedRange = NSRange(location: NSNotFound, length: 0)
        selectedRange = NSRange(location: range.location + string.utf16.count, length: 0)
    }
    func deleteBackward() {
        var range = selectedRange
        if range.length == 0 {
            guard range.location > 0 else { return }
            let prefix = String(decoding: Array(text.utf16)[..<range.location], as: UTF16.self)
            let last = prefix.last.map { String($0).utf16.count } ?? 1
            range = NSRange(location: range.location - last, length: last)
        }
        replace(range, "")
        selectedRange = NSRange(location: range.location, length: 0)
    }

    // UITextInput: text and selection
    func text(in range: UITextRange) -> String? {
        let r = nsRange(range)
        guard r.location + r.length <= length else { return nil }
        return String(decoding: Array(text.utf16)[r.location..<(r.location + r.length)], as: UTF16.self)
    }
    func replace(_ range: UITextRange, withText text: String) {
        replace(nsRange(range), text)
        selectedRange = NSRange(location: nsRange(range).location + text.utf16.count, length: 0)
    }
    var selectedTextRange: UITextRange? {
        get { APLIndexedRange(selectedRange) }
        set { if let newValue { selectedRange = nsRange(newValue) } }
    }
    var markedTextRange: UITextRange? { markedRange.location == NSNotFound ? nil : APLIndexedRange(markedRange) }
    func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        let string = markedText ?? ""
        let range = markedRange.location != NSNotFound ? markedRange : self.selectedRange
        replace(range, string)
        markedRange = string.isEmpty ? NSRange(location: NSNotFound, length: 0) : NSRange(location: range.location, length: string.utf16.count)
        self.selectedRange = NSRange(location: range.location + selectedRange.location, length: selectedRange.length)
    }
    func unmarkText() { markedRange = NSRange(location: NSNotFound, length: 0) }

    // Positions
    var beginningOfDocument: UITextPosition { APLIndexedPosition(0) }
    var endOfDocument: UITextPosition { APLIndexedPosition(length) }
    func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        let a = index(fromPosition), b = index(toPosition)
        return APLIndexedRange(NSRange(location: min(a, b), length: abs(a - b)))
    }
    func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        let target = index(position) + offset
        return (0...length).contains(target) ? APLIndexedPosition(target) : nil
    }
    func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
        self.position(from: position, offset: direction == .left || direction == .up ? -offset : offset)
    }
    func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        index(position) < index(other) ? .orderedAscending : index(position) > index(other) ? .orderedDescending : .orderedSame
    }
    func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int { index(toPosition) - index(from) }
    func position(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition? {
        direction == .left || direction == .up ? range.start : range.end
    }
    func characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange? {
        self.position(from: position, in: direction, offset: 1).flatMap { textRange(from: position, to: $0) }
    }
    func baseWritingDirection(for position: UITextPosition, in direction: UITextStorageDirection) -> NSWritingDirection { .leftToRight }
    func setBaseWritingDirection(_ writingDirection: NSWritingDirection, for range: UITextRange) {}

    // Geometry, from Core Text
    func caretRect(for position: UITextPosition) -> CGRect {
        let i = index(position)
        let lines = frameLines
        guard let found = lines.last(where: { CTLineGetStringRange($0.line).location <= i }) ?? lines.first else {
            return CGRect(x: 0, y: 0, width: 2, height: font.lineHeight)
        }
        let x = CTLineGetOffsetForStringIndex(found.line, i, nil)
        return CGRect(x: found.origin.x + x, y: found.origin.y - font.ascender, width: 2, height: font.lineHeight)
    }
    func firstRect(for range: UITextRange) -> CGRect { caretRect(for: range.start).union(caretRect(for: range.end)) }
    func selectionRects(for range: UITextRange) -> [UITextSelectionRect] { [] }
    func closestPosition(to point: CGPoint) -> UITextPosition? {
        let lines = frameLines
        guard let found = lines.min(by: { abs($0.origin.y - point.y) < abs($1.origin.y - point.y) }) else { return APLIndexedPosition(0) }
        return APLIndexedPosition(CTLineGetStringIndexForPosition(found.line, CGPoint(x: point.x - found.origin.x, y: 0)))
    }
    func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? {
        let p = index(closestPosition(to: point)!)
        let r = nsRange(range)
        return APLIndexedPosition(min(max(p, r.location), r.location + r.length))
    }
    func characterRange(at point: CGPoint) -> UITextRange? {
        let p = index(closestPosition(to: point)!)
        return p < length ? APLIndexedRange(NSRange(location: p, length: 1)) : nil
    }
}

@Suite("A custom view adopting UITextInput, driven through the protocols alone")
@MainActor
struct SimpleTextInputTests {
    @Test("Typing, composing, deleting and selecting through UITextInput")
    func editing() throws {
        let view = SimpleEditorView(frame: CGRect(x: 0, y: 0, width: 160, height: 300))
        let input: any UITextInput = view
        for character in "Hello wide world. " { input.insertText(String(character)) }
        input.setMarkedText("に", selectedRange: NSRange(location: 1, length: 0))
        input.setMarkedText("日本", selectedRange: NSRange(location: 2, length: 0))
        #expect(input.markedTextRange.flatMap { input.text(in: $0) } == "日本")
        input.unmarkText()
        input.deleteBackward()
        #expect(view.text == "Hello wide world. 日")
        let start = try #require(input.position(from: input.beginningOfDocument, offset: 6))
        let end = try #require(input.position(from: start, offset: 4))
        input.selectedTextRange = input.textRange(from: start, to: end)
        input.insertText("small")
        #expect(view.text == "Hello small world. 日")
        #expect(input.offset(from: input.beginningOfDocument, to: input.selectedTextRange!.start) == 11)
    }

    @Test("The standard tokenizer works on a custom view: words and sentences from its text, lines from its caret rects")
    func tokenizerOnCustomView() throws {
        let view = SimpleEditorView(frame: CGRect(x: 0, y: 0, width: 160, height: 300))
        view.text = "One two three four five six seven. Eight nine."
        let input: any UITextInput = view
        let tokenizer = input.tokenizer
        func at(_ offset: Int) -> UITextPosition { input.position(from: input.beginningOfDocument, offset: offset)! }
        func offset(_ p: UITextPosition?) -> Int? { p.map { input.offset(from: input.beginningOfDocument, to: $0) } }
        func text(_ r: UITextRange?) -> String? { r.flatMap { input.text(in: $0) } }

        #expect(text(tokenizer.rangeEnclosingPosition(at(5), with: .word, inDirection: .storage(.forward))) == "two")
        #expect(offset(tokenizer.position(from: at(5), toBoundary: .word, inDirection: .storage(.forward))) == 7)
        #expect(text(tokenizer.rangeEnclosingPosition(at(40), with: .sentence, inDirection: .storage(.forward))) == "Eight nine.")
        // Lines come from the view's own layout: 160 points wrap this text.
        let firstLine = try #require(tokenizer.rangeEnclosingPosition(at(0), with: .line, inDirection: .storage(.forward)))
        let lineEnd = try #require(offset(firstLine.end))
        #expect(lineEnd > 3 && lineEnd < 30)
        let caretTop = input.caretRect(for: at(0)).minY
        #expect(input.caretRect(for: at(lineEnd - 1)).minY == caretTop)
        #expect(input.caretRect(for: at(lineEnd + 1)).minY > caretTop)
    }
}
