// The text view's rows: UITextView editing a 10 MB document shown in a 600×800 view. Each timed
// body is what one user action costs: the edit, the text view's relayout of what it shows, and
// the new caret rect. Pango has no text view; its "edit-10MB" row (insert + relayout of the
// first page) is the nearest peer figure.
import OpenTextKit

/// The text-view actions measured.
enum TextViewAction: Sendable, Equatable {
    /// `insertText("x")` in the middle of the visible text.
    case insert
    /// `deleteBackward()` there.
    case deleteBackward
    /// `insertText(" ")` there, then what comes before drawing: the view lays out and checks the
    /// spelling of the edited paragraph (the words typed before the space are finished).
    case insertAndCheckSpelling
    /// `selectAll` then `deleteBackward()`: the whole document deleted.
    case deleteAll
    /// Undo of the whole document's deletion.
    case undoDeleteAll
    /// `pageDown`, then what comes before drawing: the view lays out what came into view and checks
    /// its spelling (the window's Page Down, without GTK).
    case pageDown
}

extension OpenTextKitEngine {
    /// How many keystrokes a keystroke row times (medians of single keystrokes are noisy).
    static let keystrokeRuns = 200

    /// A text view over the file's text, scrolled to the top, its caret in the middle of the screen.
    @MainActor
    static func textView(_ text: String, _ setup: BenchSetup, size: CGSize) -> UITextView {
        let view = UITextView(frame: CGRect(origin: .zero, size: size))
        view.font = try! UIFont(url: URL(fileURLWithPath: setup.fontFile), size: CGFloat(setup.fontSize))
        view.text = text
        view.undoManager?.removeAllActions()
        view.becomeFirstResponder()
        view.contentOffset = .zero
        if let middle = view.closestPosition(to: CGPoint(x: size.width / 2, y: size.height / 2)) {
            view.selectedTextRange = view.textRange(from: middle, to: middle)
        }
        return view
    }

    func textViewEdit(_ path: String, action: TextViewAction, size: CGSize, _ setup: BenchSetup) -> Outcome {
        MainActor.assumeIsolated {
            let text = Self.corpusText(path)
            let view = Self.textView(text, setup, size: size)
            let runs = action == .deleteAll || action == .undoDeleteAll ? setup.runs : Self.keystrokeRuns
            view.spellCheckingLanguage = "en_US"
            view.layoutIfNeeded()  // the first screen's spelling checked (untimed)
            var caretHeights = 0.0
            let samples = timedRuns(runs: runs, prepare: { () -> UITextView in
                switch action {
                case .insert, .insertAndCheckSpelling:
                    if view.textStorage.length > text.utf16.count { view.deleteBackward() }  // back to the file's text
                    // Settled before the next keystroke, as the run loop leaves a view between two
                    // key events: the edit above would otherwise be laid out in the timed one.
                    view.layoutIfNeeded()
                case .deleteBackward:
                    if view.textStorage.length == text.utf16.count { view.insertText("x") }
                    view.layoutIfNeeded()
                case .deleteAll:
                    if view.textStorage.length == 0 { view.undoManager?.undo() }
                    view.selectAll(nil)
                case .undoDeleteAll:
                    if view.textStorage.length > 0 { view.selectAll(nil); view.deleteBackward() }
                case .pageDown:
                    break  // each run goes a page further down (200 pages of 10 MB's 7,000)
                }
                return view
            }, body: { view in
                switch action {
                case .insert: view.insertText("x")
                case .insertAndCheckSpelling:
                    view.insertText(" ")
                    view.layoutIfNeeded()
                case .deleteBackward, .deleteAll: view.deleteBackward()
                case .undoDeleteAll: view.undoManager?.undo()
                case .pageDown:
                    view.pageDown(nil)
                    view.layoutIfNeeded()
                }
                // What a host asks after every edit: where the caret (or the selection's start) is now.
                caretHeights += Double(view.caretRect(for: view.selectedTextRange!.start).height)
                let visible = view.layoutManager.glyphRange(forBoundingRectWithoutAdditionalLayout:
                    CGRect(x: 0, y: view.contentOffset.y, width: size.width, height: size.height), in: view.textContainer)
                var lines = 0
                view.layoutManager.enumerateLineFragments(forGlyphRange: visible) { _, _, _, _, _ in lines += 1 }
                return lines
            })
            precondition(caretHeights > 0, "the caret has no height")
            return .samples(samples)
        }
    }
}
