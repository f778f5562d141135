import ModelTestSupport
import Testing
import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

/// The text a user's edits should produce, by the plain rules: typing and pasting replace the
/// marked text or the selection, deleting removes the selection or one `Character`.
private struct ReferenceText {
    var units: [UInt16] = []
    var selection = NSRange(location: 0, length: 0)
    var marked: NSRange?

    var string: String { String(decoding: units, as: UTF16.self) }

    /// The UTF-16 offsets where Swift's `Character`s begin and end.
    var boundaries: [Int] {
        let s = string
        return s.indices.map { $0.utf16Offset(in: s) } + [units.count]
    }

    mutating func replace(_ range: NSRange, with text: String) {
        units.replaceSubrange(range.location..<(range.location + range.length), with: Array(text.utf16))
    }

    mutating func insert(_ text: String) {
        let range = marked ?? selection
        replace(range, with: text)
        marked = nil
        selection = NSRange(location: range.location + text.utf16.count, length: 0)
    }

    mutating func deleteBackward() {
        guard selection.length == 0 else { insert(""); return }
        guard selection.location > 0 else { return }
        let start = boundaries.last { $0 < selection.location } ?? 0
        replace(NSRange(location: start, length: selection.location - start), with: "")
        selection = NSRange(location: start, length: 0)
    }

    mutating func deleteForward() {
        guard selection.length == 0 else { insert(""); return }
        guard let end = boundaries.first(where: { $0 > selection.location }) else { return }
        replace(NSRange(location: selection.location, length: end - selection.location), with: "")
    }

    mutating func setMarked(_ text: String, selected: NSRange) {
        let range = marked ?? selection
        replace(range, with: text)
        marked = text.isEmpty ? nil : NSRange(location: range.location, length: text.utf16.count)
        selection = text.isEmpty ? NSRange(location: range.location, length: 0)
            : NSRange(location: range.location + selected.location, length: selected.length)
    }

    /// The view keeps the marked text while the selection stays inside it.
    mutating func select(_ range: NSRange) {
        if let marked, range.location < marked.location || range.location + range.length > marked.location + marked.length {
            unmark()
        }
        selection = range
    }

    mutating func unmark() {
        guard let marked else { return }
        self.marked = nil
        if selection.location >= marked.location, selection.location + selection.length <= marked.location + marked.length {
            selection = NSRange(location: marked.location + marked.length, length: 0)
        }
    }
}

@Suite("UITextView: randomized editing against a reference")
@MainActor
struct RandomizedEditingTests {
    static let pieces = ["a", "b", "c", " ", "word ", "\n", "é", "e\u{301}", "👍🏽", "א", "בג", "中文", "\r\n", "x\u{301}\u{323}", "🇫🇷"]

    @Test("Thousands of edits keep text, selection and layout consistent, and undo retraces them", arguments: [1, 2, 3])
    func randomizedSession(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed &* 0x2545_F491_4F6C_DD1D)
        let view = makeTextView("", width: 180, height: 200)
        view.allowsEditingTextAttributes = true
        let undo = try #require(view.undoManager)
        var reference = ReferenceText()
        var states: Set<String> = [""]
        var redoExpectations: [String] = []
        var log: [String] = []

        for step in 0..<1000 {
            let before = view.text!
            let roll = Int.random(in: 0..<100, using: &random)
            let long = reference.units.count > 300
            let piece = Self.pieces.randomElement(using: &random)!
            var isUndoOperation = false
            switch roll {
            case 0..<30 where !long:
                view.insertText(piece); reference.insert(piece)
            case 0..<45:
                if reference.marked != nil { view.unmarkText(); reference.unmark() }
                view.deleteBackward(); reference.deleteBackward()
            case 45..<50:
                if reference.marked != nil { view.unmarkText(); reference.unmark() }
                view.deleteForward(nil); reference.deleteForward()
            case 50..<60:
                let moves: [(UITextView) -> (Any?) -> Void] = [
                    UITextView.moveLeft, UITextView.moveRight, UITextView.moveUp, UITextView.moveDown,
                    UITextView.moveWordLeft, UITextView.moveWordRight, UITextView.moveToEndOfLine,
                    UITextView.moveToBeginningOfLine, UITextView.moveRightAndModifySelection,
                    UITextView.moveWordLeftAndModifySelection, UITextView.moveDownAndModifySelection,
                    UITextView.moveToEndOfParagraph, UITextView.pageDown, UITextView.pageUp,
                ]
                moves.randomElement(using: &random)!(view)(nil)
                reference.select(view.selectedRange)
            case 60..<65:
                let b = reference.boundaries
                let x = b.randomElement(using: &random)!, y = b.randomElement(using: &random)!
                view.selectedRange = NSRange(location: min(x, y), length: abs(x - y))
                reference.select(view.selectedRange)
            case 65..<70 where !long:
                UIPasteboard.general.string = piece + piece
                view.paste(nil); reference.insert(piece + piece)
            case 70..<73:
                if reference.selection.length > 0 {
                    view.cut(nil); reference.insert("")
                }
            case 73..<77:
                [UITextView.toggleBoldface, UITextView.toggleItalics, UITextView.toggleUnderline]
                    .randomElement(using: &random)!(view)(nil)
            case 77..<84 where !long:
                let selected = NSRange(location: piece.utf16.count, length: 0)
                view.setMarkedText(piece, selectedRange: selected); reference.setMarked(piece, selected: selected)
            case 84..<86:
                view.unmarkText(); reference.unmark()
            case 86..<94:
                isUndoOperation = true
                if undo.canUndo {
                    undo.undo()
                    #expect(states.contains(view.text), "step \(step): undo reached a text never seen: \(view.text.debugDescription)\n\(log.suffix(12).joined(separator: "\n"))")
                    redoExpectations.append(before)
                }
            default:
                isUndoOperation = true
                if undo.canRedo {
                    undo.redo()
                    if let expected = redoExpectations.popLast() {
                        #expect(view.text == expected, "step \(step): redo did not restore the text before the undo")
                    }
                }
            }
            log.append("\(step) op \(roll) piece \(piece.debugDescription) sel \(view.selectedRange) marked \(String(describing: view.markedRange)): \(before.debugDescription) → \(view.text.debugDescription)")
            if isUndoOperation {
                reference = ReferenceText(units: Array(view.text.utf16), selection: view.selectedRange, marked: view.markedRange)
            } else {
                states.insert(view.text)
                if !undo.canRedo { redoExpectations = [] }
            }
            try check(view, against: reference, step: step, operation: roll, before: before)
        }
        // Undo everything: back to the empty document.
        view.unmarkText()
        while undo.canUndo { undo.undo() }
        #expect(view.text == "")
    }

    private func check(_ view: UITextView, against reference: ReferenceText, step: Int, operation: Int, before: String) throws {
        let text = view.text!
        try #require(text == reference.string, "step \(step) op \(operation) from \(before.debugDescription): text \(text.debugDescription) ≠ reference \(reference.string.debugDescription)")
        let selection = view.selectedRange
        try #require(selection.location >= 0 && selection.location + selection.length <= text.utf16.count, "step \(step): selection \(selection) outside the text")
        #expect(selection == reference.selection, "step \(step): selection \(selection) ≠ reference \(reference.selection)")
        let boundaries = Set(reference.boundaries)
        #expect(boundaries.contains(selection.location) && boundaries.contains(selection.location + selection.length),
                "step \(step): selection \(selection) splits a character")
        #expect(view.markedRange == reference.marked, "step \(step) op \(operation): marked text \(String(describing: view.markedRange)) ≠ \(String(describing: reference.marked))")
        #expect(lineFragments(of: view.layoutManager) == freshLineFragments(of: view), "step \(step): layout differs from a fresh layout")
    }

    private struct Fragment: Equatable {
        var rect: CGRect
        var usedRect: CGRect
        var glyphs: NSRange
    }

    private func lineFragments(of manager: NSLayoutManager) -> [Fragment] {
        var result: [Fragment] = []
        manager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: manager.numberOfGlyphs)) { rect, used, _, glyphs, _ in
            result.append(Fragment(rect: rect, usedRect: used, glyphs: glyphs))
        }
        return result
    }

    private func freshLineFragments(of view: UITextView) -> [Fragment] {
        let storage = NSTextStorage(attributedString: view.textStorage)
        let manager = NSLayoutManager()
        let container = NSTextContainer(size: view.textContainer.size)
        container.lineFragmentPadding = view.textContainer.lineFragmentPadding
        manager.addTextContainer(container)
        storage.addLayoutManager(manager)
        return lineFragments(of: manager)
    }
}
