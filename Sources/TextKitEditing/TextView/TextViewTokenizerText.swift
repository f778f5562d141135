import TextKit
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// A tokenizer's view of a ``UITextView``: text and paragraphs from its storage (O(log n) per
/// access), lines from its layout manager.
@MainActor
final class TextViewTokenizerText: TokenizerText {
    unowned let view: UITextView

    init(_ view: UITextView) {
        self.view = view
    }

    var utf16Length: Int { view.textStorage.length }

    func utf16(in range: Range<Int>) -> [UInt16] {
        let length = utf16Length
        let clamped = min(max(range.lowerBound, 0), length)..<min(max(range.upperBound, 0), length)
        return view.textStorage._utf16(in: NSRange(location: clamped.lowerBound, length: clamped.count))
    }

    func paragraphRange(containingCharacterAt offset: Int) -> Range<Int> {
        let storage = view.textStorage
        let at = min(max(offset, 0), storage.length)
        let r = storage.paragraphRange(for: NSRange(location: at, length: 0))
        return r.location..<(r.location + r.length)
    }

    func lineRange(containingCharacterAt offset: Int) -> Range<Int>? {
        let length = utf16Length
        let at = min(max(offset, 0), length)
        guard let caret = view.engine.caretGeometry(forCharacterAt: at) else { return nil }
        if caret.isExtraLineFragment { return length..<length }
        let r = caret.lineCharacterRange
        return r.location..<(r.location + r.length)
    }

    func isRightToLeft(at offset: Int) -> Bool {
        view.paragraphIsRightToLeft(at: offset)
    }

    func offset(of position: UITextPosition) -> Int? {
        guard let indexed = position as? IndexedPosition else { return nil }
        return min(max(indexed.offset, 0), utf16Length)
    }

    func position(at offset: Int) -> UITextPosition { IndexedPosition(offset) }

    func textRange(_ range: Range<Int>) -> UITextRange? {
        IndexedRange(NSRange(location: range.lowerBound, length: range.count))
    }
}

extension UITextView {
    var tokenizerText: any TokenizerText { tokenizerSource }

    /// Whether the paragraph at `offset` runs right to left: its style's base writing direction,
    /// or, when natural, its first strong character (UAX #9). Lays nothing out.
    func paragraphIsRightToLeft(at offset: Int) -> Bool {
        engine.paragraphRunsRightToLeft(at: offset)
    }
}
