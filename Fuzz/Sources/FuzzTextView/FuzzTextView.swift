#if canImport(FuzzReplay)  // (the main package's FuzzRegressionTests compile this file with FuzzReplay's)
import FuzzReplay
#endif
import Foundation
import OpenTextKit

// libFuzzer's entry point (fuzzing builds only; replay and the regression tests call the function below).
#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzTextView(bytes, size) }
#endif

/// Drives a UITextView the way a user and an input method would, in a sequence the input chooses
/// (typing hostile text, deleting, moving, selecting, composing, pasting, styling, clicking,
/// undoing, resizing, editing the storage behind the view's back), and after each step checks
/// that the selection and marked text lie inside the text on whole UTF-16 units, that the view's
/// layout equals a fresh layout of the same text, and that geometry queries answer.
public func fuzzTextView(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    nonisolated(unsafe) let bytes = bytes  // libFuzzer calls on the main thread and keeps the bytes alive
    return MainActor.assumeIsolated {
        var input = FuzzInput(bytes, size)
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 40 + Double(input.int(below: 400)), height: 200))
        view.font = UIFont(name: "DejaVu Sans", size: 14)
        view.allowsEditingTextAttributes = true
        view.spellCheckingLanguage = "en_US"
        view.becomeFirstResponder()
        var steps = 0
        let trace = ProcessInfo.processInfo.environment["OTK_FUZZ_TRACE"] != nil
        while !input.isExhausted && steps < 60 {
            steps += 1
            let action = step(view, &input)
            if trace { traceStep(view, "step \(steps): action \(action)") }
            check(view)
        }
        while view.undoManager?.canUndo == true {
            view.undoManager?.undo()
            if trace { traceStep(view, "undo") }
            check(view)
        }
        return 0
    }
}

/// Text nobody would type but an input method, a paste or a file may bring.
let hostilePieces = ["a", "word ", " ", "\n", "\r\n", "\t", "é", "e\u{301}", "\u{301}", "שלום ", "مرحبا", "日本語",
                     "👨‍👩‍👧‍👦", "🇫🇷", "\u{200F}", "\u{202E}", "\u{FFFC}", "\u{2028}", "ffi", "x\u{301}\u{323}\u{302}",
                     String(decoding: [0xD800], as: UTF16.self), String(utf16CodeUnits: [0xDC00, 0x61], count: 2),
                     String(repeating: "\u{300}", count: 40), "https://swift.org/ ", "teh "]

/// With `OTK_FUZZ_TRACE` set: what a step did and the view's text and selection after it.
@MainActor
func traceStep(_ view: UITextView, _ what: String) {
    let marked = view.markedTextRange.map { "\(view.offset(from: view.beginningOfDocument, to: $0.start))+\(view.offset(from: $0.start, to: $0.end))" } ?? "none"
    FileHandle.standardError.write(Data("\(what): \(view.textStorage.string.debugDescription) selection \(view.selectedRange) marked \(marked)\n".utf8))
}

/// Does one thing a user, an input method or the app would do; returns which (0–15).
@MainActor
func step(_ view: UITextView, _ input: inout FuzzInput) -> Int {
    let length = view.textStorage.length
    let action = Int(input.byte() % 16)
    switch action {
    case 0, 1, 2: view.insertText(input.pick(hostilePieces))
    case 3: view.deleteBackward()
    case 4: view.deleteForward(nil)
    case 5:
        let moves: [(UITextView) -> (Any?) -> Void] = [
            UITextView.moveLeft, UITextView.moveRight, UITextView.moveUp, UITextView.moveDown, UITextView.moveWordLeft,
            UITextView.moveWordRightAndModifySelection, UITextView.moveToEndOfLine, UITextView.moveToBeginningOfParagraph,
            UITextView.pageDown, UITextView.moveDownAndModifySelection, UITextView.deleteWordBackward,
            UITextView.deleteToEndOfLine, UITextView.selectAll, UITextView.select,
        ]
        input.pick(moves)(view)(nil)
    case 6:
        let start = input.int(below: length + 1)
        view.selectedRange = NSRange(location: start, length: input.int(below: length - start + 1))
    case 7:
        let text = input.pick(hostilePieces)
        view.setMarkedText(text, selectedRange: NSRange(location: input.int(below: text.utf16.count + 1), length: 0))
    case 8: view.unmarkText()
    case 9:
        UIPasteboard.general.string = input.pick(hostilePieces) + input.pick(hostilePieces)
        view.paste(nil)
    case 10: view.cut(nil)
    case 11: input.pick([UITextView.toggleBoldface, UITextView.toggleItalics, UITextView.toggleUnderline])(view)(nil)
    case 12:
        let point = CGPoint(x: Double(input.int(below: 500)) - 50, y: Double(input.int(below: 400)) - 50)
        if input.bool() {
            view.selectText(at: point, clickCount: 1 + input.int(below: 3), extending: input.bool())
        } else {
            view.dragSelection(to: point)
        }
    case 13: if input.bool() { view.undoManager?.undo() } else { view.undoManager?.redo() }
    case 14: view.frame.size.width = Double(input.int(below: 500))
    default:
        // Someone else edits the storage: a highlighter, a collaborator, code.
        let start = input.int(below: length + 1)
        let range = NSRange(location: start, length: input.int(below: length - start + 1))
        view.textStorage.replaceCharacters(in: range, with: input.pick(hostilePieces))
    }
    return action
}

@MainActor
func check(_ view: UITextView) {
    let storage = view.textStorage
    let length = storage.length
    let selection = view.selectedRange
    require(selection.location >= 0 && selection.location + selection.length <= length,
            "selection \(selection) outside the text of length \(length)")
    if let marked = view.markedTextRange, let markedText = view.text(in: marked) {
        require(markedText.utf16.count <= length, "marked text longer than the text")
    }
    _ = view.caretRect(for: view.selectedTextRange!.start)
    _ = view.selectionRects(for: view.selectedTextRange!)
    _ = view.closestPosition(to: CGPoint(x: 30, y: 30))
    view.layoutIfNeeded()
    let image = UIGraphicsImageRenderer(size: CGSize(width: 60, height: 40)).image { _ in
        view.drawHierarchy(in: CGRect(x: 0, y: 0, width: 60, height: 40), afterScreenUpdates: true)
    }
    require(image.size.width == 60, "drawing failed")

    // The layout the view kept equals a fresh one.
    let manager = view.layoutManager
    manager.ensureLayout(for: view.textContainer)
    let fresh = NSTextStorage(attributedString: storage)
    let freshManager = NSLayoutManager()
    let container = NSTextContainer(size: view.textContainer.size)
    freshManager.addTextContainer(container)
    fresh.addLayoutManager(freshManager)
    freshManager.ensureLayout(for: container)
    func fragments(_ m: NSLayoutManager) -> [NSRange] {
        var result: [NSRange] = []
        m.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: m.numberOfGlyphs)) { _, _, _, range, _ in result.append(range) }
        return result
    }
    let kept = fragments(manager), again = fragments(freshManager)
    require(kept == again, "the view's layout \(kept) differs from a fresh one \(again) for \(storage.string.debugDescription)")
    require(abs(manager.usedRect(for: view.textContainer).height - freshManager.usedRect(for: container).height) < 0.01,
            "the view's used height differs from a fresh layout's")
    withExtendedLifetime(fresh) {}
}

#if !FUZZING && !FUZZ_REGRESSION_TESTS
@main
enum ReplayTextView {
    static func main() { Replay.run(CommandLine.arguments.dropFirst(), fuzzTextView) }
}
#endif
