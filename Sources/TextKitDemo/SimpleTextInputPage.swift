import Foundation
import OpenTextKit

/// The seeds' SimpleTextInput: a view that is not a text view at all. It keeps its own string,
/// lays it out with Core Text, draws its own selection, caret and marked text, and adopts
/// `UITextInput` with position and range classes of its own. The window host types into it
/// through the protocol alone (key commands, the input method, clicks), as UIKit's text
/// interaction does with Apple's sample.
@MainActor
final class SimpleTextInputPage: UIView, ReportingPage {
    let editor = SimpleTextInputView(frame: .zero)
    let caption = UILabel(frame: .zero)

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .white
        caption.numberOfLines = 2
        caption.font = UIFont.systemFont(ofSize: 13)
        caption.textColor = .darkGray
        caption.text = "A custom view adopting UITextInput on its own string, laid out by a CTFramesetter and typed into through the protocol."
        editor.text = environment["OTK_DEMO_SIMPLE_TEXT"] ?? "Type here: this view keeps a plain String and draws it with Core Text."
        editor.selectedRange = NSRange(location: editor.length, length: 0)
        addSubview(caption)
        addSubview(editor)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        caption.frame = CGRect(x: 16, y: 8, width: bounds.width - 32, height: 36)
        editor.frame = CGRect(x: 16, y: 52, width: min(bounds.width - 32, 420), height: max(bounds.height - 68, 0))
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.setStrokeColor(UIColor.systemGray)
        context.setLineWidth(1)
        context.stroke(editor.frame.insetBy(dx: -0.5, dy: -0.5))
    }

    var report: [String: String] {
        ["text": editor.text,
         "selection": "\(editor.selectedRange.location),\(editor.selectedRange.length)",
         "marked": editor.markedRange.location == NSNotFound ? "none" : "\(editor.markedRange.location),\(editor.markedRange.length)"]
    }
}

/// A position in ``SimpleTextInputView``: an index into its UTF-16 text.
final class IndexedPosition: UITextPosition {
    let index: Int
    init(_ index: Int) { self.index = index }
}

/// A range of ``SimpleTextInputView``'s text.
final class IndexedRange: UITextRange {
    let range: NSRange
    init(_ range: NSRange) { self.range = range }
    override var start: UITextPosition { IndexedPosition(range.location) }
    override var end: UITextPosition { IndexedPosition(range.location + range.length) }
    override var isEmpty: Bool { range.length == 0 }
}

/// Apple's SimpleTextInput editor, ported: its own `String`, selection and marked range, a
/// Core Text frame for layout, and `UITextInput` over them.
@MainActor
final class SimpleTextInputView: UIView, UITextInput {
    var text = "" { didSet { setNeedsDisplay() } }
    var selectedRange = NSRange(location: 0, length: 0) { didSet { setNeedsDisplay() } }
    var markedRange = NSRange(location: NSNotFound, length: 0)
    var markedTextStyle: [NSAttributedString.Key: Any]?
    weak var inputDelegate: (any UITextInputDelegate)?
    lazy var tokenizer: any UITextInputTokenizer = UITextInputStringTokenizer(textInput: self)
    let font = UIFont(name: "DejaVu Sans", size: 17) ?? UIFont.systemFont(ofSize: 17)
    let inset: CGFloat = 8

    override var canBecomeFirstResponder: Bool { true }
    var length: Int { text.utf16.count }

    private func index(_ p: UITextPosition) -> Int { min(max((p as? IndexedPosition)?.index ?? 0, 0), length) }
    private func nsRange(_ r: UITextRange) -> NSRange {
        let range = (r as? IndexedRange)?.range ?? NSRange(location: 0, length: 0)
        let start = min(max(range.location, 0), length)
        return NSRange(location: start, length: min(max(range.length, 0), length - start))
    }

    private func replace(_ range: NSRange, _ string: String) {
        let units = Array(text.utf16)
        text = String(decoding: units[..<range.location] + Array(string.utf16) + units[(range.location + range.length)...], as: UTF16.self)
    }

    // MARK: Core Text layout

    /// The frame's lines with their origins in the view's coordinates (y down, at the baseline).
    private var frameLines: [(line: CTLine, origin: CGPoint)] {
        let attributed = NSAttributedString(string: text, attributes: [.font: font])
        let framesetter = CTFramesetterCreateWithAttributedString(attributed)
        let box = bounds.insetBy(dx: inset, dy: inset)
        guard box.width > 0, box.height > 0 else { return [] }
        // The path is unbounded below, so that a long text keeps its lines.
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: box.width, height: 100_000), transform: nil)
        let frame = CTFramesetterCreateFrame(framesetter, CFRange(location: 0, length: 0), path, nil)
        let lines = CTFrameGetLines(frame)
        var origins = [CGPoint](repeating: .zero, count: lines.count)
        CTFrameGetLineOrigins(frame, CFRange(location: 0, length: 0), &origins)
        return zip(lines, origins).map { ($0, CGPoint(x: box.minX + $1.x, y: box.minY + 100_000 - $1.y)) }
    }

    private func line(holding index: Int, in lines: [(line: CTLine, origin: CGPoint)]) -> (line: CTLine, origin: CGPoint)? {
        lines.last(where: { CTLineGetStringRange($0.line).location <= index }) ?? lines.first
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let lines = frameLines
        // The selection, behind the text.
        if selectedRange.length > 0 {
            context.setFillColor(UIColor(red: 0.7, green: 0.82, blue: 1, alpha: 1))
            for (line, origin) in lines {
                let range = CTLineGetStringRange(line)
                let start = max(selectedRange.location, range.location)
                let end = min(selectedRange.location + selectedRange.length, range.location + range.length)
                guard start < end else { continue }
                let x0 = CTLineGetOffsetForStringIndex(line, start, nil), x1 = CTLineGetOffsetForStringIndex(line, end, nil)
                context.fill(CGRect(x: origin.x + min(x0, x1), y: origin.y - font.ascender,
                                    width: abs(x1 - x0), height: font.lineHeight))
            }
        }
        // The text: Core Text draws y up, so flip each line about its baseline.
        for (line, origin) in lines {
            context.saveGState()
            context.textMatrix = .identity
            context.translateBy(x: origin.x, y: origin.y)
            context.scaleBy(x: 1, y: -1)
            context.textPosition = .zero
            CTLineDraw(line, context)
            context.restoreGState()
        }
        // The marked text's underline, and the caret.
        if markedRange.location != NSNotFound, markedRange.length > 0 {
            let start = caretRect(for: IndexedPosition(markedRange.location))
            let end = caretRect(for: IndexedPosition(markedRange.location + markedRange.length))
            context.setFillColor(UIColor.black)
            context.fill(CGRect(x: start.minX, y: start.maxY - 2, width: max(end.minX - start.minX, 1), height: 1))
        }
        if selectedRange.length == 0, isFirstResponder {
            context.setFillColor(UIColor.systemBlue)
            context.fill(caretRect(for: IndexedPosition(selectedRange.location)))
        }
    }

    // MARK: UIKeyInput

    var hasText: Bool { !text.isEmpty }

    func insertText(_ string: String) {
        let range = markedRange.location != NSNotFound ? markedRange : selectedRange
        replace(range, string)
        markedRange = NSRange(location: NSNotFound, length: 0)
        selectedRange = NSRange(location: range.location + string.utf16.count, length: 0)
    }

    /// Deletes the selection, or the grapheme cluster before the caret.
    func deleteBackward() {
        var range = selectedRange
        if range.length == 0 {
            guard range.location > 0 else { return }
            let prefix = String(decoding: Array(text.utf16)[..<range.location], as: UTF16.self)
            let last = prefix.last.map { String($0).utf16.count } ?? 1
            range = NSRange(location: range.location - last, length: last)
        }
        replace(range, "")
        markedRange = NSRange(location: NSNotFound, length: 0)
        selectedRange = NSRange(location: range.location, length: 0)
    }

    // MARK: UITextInput: text, selection, marked text

    func text(in range: UITextRange) -> String? {
        let r = nsRange(range)
        return String(decoding: Array(text.utf16)[r.location..<(r.location + r.length)], as: UTF16.self)
    }

    func replace(_ range: UITextRange, withText text: String) {
        let r = nsRange(range)
        replace(r, text)
        selectedRange = NSRange(location: r.location + text.utf16.count, length: 0)
    }

    var selectedTextRange: UITextRange? {
        get { IndexedRange(selectedRange) }
        set { if let newValue { selectedRange = nsRange(newValue) } }
    }

    var markedTextRange: UITextRange? { markedRange.location == NSNotFound ? nil : IndexedRange(markedRange) }

    func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        let string = markedText ?? ""
        let range = markedRange.location != NSNotFound ? markedRange : self.selectedRange
        replace(range, string)
        markedRange = string.isEmpty ? NSRange(location: NSNotFound, length: 0) : NSRange(location: range.location, length: string.utf16.count)
        let inside = min(max(selectedRange.location, 0), string.utf16.count)
        self.selectedRange = NSRange(location: range.location + inside, length: 0)
    }

    func unmarkText() {
        markedRange = NSRange(location: NSNotFound, length: 0)
        setNeedsDisplay()
    }

    // MARK: Positions

    var beginningOfDocument: UITextPosition { IndexedPosition(0) }
    var endOfDocument: UITextPosition { IndexedPosition(length) }

    func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        let a = index(fromPosition), b = index(toPosition)
        return IndexedRange(NSRange(location: min(a, b), length: abs(a - b)))
    }

    func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        let target = index(position) + offset
        return (0...length).contains(target) ? IndexedPosition(target) : nil
    }

    func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
        self.position(from: position, offset: direction == .left || direction == .up ? -offset : offset)
    }

    func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        let a = index(position), b = index(other)
        return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
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

    // MARK: Geometry, from Core Text

    func caretRect(for position: UITextPosition) -> CGRect {
        let i = index(position)
        guard let found = line(holding: i, in: frameLines) else {
            return CGRect(x: inset, y: inset, width: 2, height: font.lineHeight)
        }
        let x = CTLineGetOffsetForStringIndex(found.line, i, nil)
        return CGRect(x: found.origin.x + x, y: found.origin.y - font.ascender, width: 2, height: font.lineHeight)
    }

    func firstRect(for range: UITextRange) -> CGRect { caretRect(for: range.start).union(caretRect(for: range.end)) }
    func selectionRects(for range: UITextRange) -> [UITextSelectionRect] { [] }

    func closestPosition(to point: CGPoint) -> UITextPosition? {
        let lines = frameLines
        guard let found = lines.min(by: { abs($0.origin.y - font.ascender / 2 - point.y) < abs($1.origin.y - font.ascender / 2 - point.y) }) else {
            return IndexedPosition(0)
        }
        let index = CTLineGetStringIndexForPosition(found.line, CGPoint(x: point.x - found.origin.x, y: 0))
        return IndexedPosition(min(max(index, 0), length))
    }

    func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? {
        let p = index(closestPosition(to: point)!)
        let r = nsRange(range)
        return IndexedPosition(min(max(p, r.location), r.location + r.length))
    }

    func characterRange(at point: CGPoint) -> UITextRange? {
        let p = index(closestPosition(to: point)!)
        return p < length ? IndexedRange(NSRange(location: p, length: 1)) : nil
    }
}
