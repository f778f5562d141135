import TextKit
import TextKitGraphics
import TextKitModel

/// What a tokenizer reads from a text-input object: its text in UTF-16 pieces, its paragraphs,
/// and its laid-out lines. ``UITextView`` answers from its storage and layout manager directly;
/// any other ``UITextInput`` is read through the protocol (``ProtocolTokenizerText``).
@MainActor
protocol TokenizerText: AnyObject {
    /// The text's length in UTF-16 units.
    var utf16Length: Int { get }
    /// The UTF-16 units of `range`.
    func utf16(in range: Range<Int>) -> [UInt16]
    /// The paragraph that holds the character at `offset` (its separator included); at the end,
    /// the last paragraph (an empty one after a final separator).
    func paragraphRange(containingCharacterAt offset: Int) -> Range<Int>
    /// The laid-out line that holds the character at `offset` (its line break included); nil
    /// when the object has no layout to ask.
    func lineRange(containingCharacterAt offset: Int) -> Range<Int>?
    /// Whether the paragraph at `offset` runs right to left.
    func isRightToLeft(at offset: Int) -> Bool
    /// The UTF-16 offset of `position`; nil when it is not one of this text's positions.
    func offset(of position: UITextPosition) -> Int?
    /// The position at `offset` (`0...utf16Length`).
    func position(at offset: Int) -> UITextPosition
    /// The range `range`.
    func textRange(_ range: Range<Int>) -> UITextRange?
}

extension TokenizerText {
    /// The paragraph ranges scanned from the text itself, in chunks (for sources with no
    /// paragraph index): O(paragraph length).
    func scannedParagraphRange(containingCharacterAt offset: Int) -> Range<Int> {
        let length = utf16Length
        let chunk = 4096
        var offset = min(max(offset, 0), length)
        func unit(_ i: Int) -> UInt16 { utf16(in: i..<(i + 1)).first ?? 0 }
        // The "\n" of a "\r\n" belongs to the paragraph the "\r" ends.
        if offset > 0, offset < length, unit(offset) == 0x0A, unit(offset - 1) == 0x0D { offset -= 1 }
        var start = offset
        while start > 0 {
            let lower = max(0, start - chunk)
            if let i = utf16(in: lower..<start).lastIndex(where: Separators.isParagraphSeparator) {
                start = lower + i + 1
                break
            }
            start = lower
        }
        var end = offset
        while end < length {
            let upper = min(length, end + chunk)
            let units = utf16(in: end..<upper)
            if let i = units.firstIndex(where: Separators.isParagraphSeparator) {
                end += i + 1
                if units[i] == 0x0D, end < length, unit(end) == 0x0A { end += 1 }
                break
            }
            end = upper
        }
        return start..<end
    }
}

/// A tokenizer's view of any ``UITextInput``: text through `text(in:)`, offsets through
/// `offset(from:to:)`, lines through caret rects (two positions are on one line when their
/// carets share a top).
@MainActor
final class ProtocolTokenizerText: TokenizerText {
    unowned let input: any UITextInput

    init(_ input: any UITextInput) {
        self.input = input
    }

    var utf16Length: Int { input.offset(from: input.beginningOfDocument, to: input.endOfDocument) }

    func utf16(in range: Range<Int>) -> [UInt16] {
        guard let r = textRange(range), let text = input.text(in: r) else { return [] }
        return Array(text.utf16)
    }

    func paragraphRange(containingCharacterAt offset: Int) -> Range<Int> {
        scannedParagraphRange(containingCharacterAt: offset)
    }

    func lineRange(containingCharacterAt offset: Int) -> Range<Int>? {
        let paragraph = paragraphRange(containingCharacterAt: offset)
        let top = input.caretRect(for: position(at: offset)).minY
        guard top.isFinite else { return nil }
        var start = offset
        while start > paragraph.lowerBound, input.caretRect(for: position(at: start - 1)).minY == top { start -= 1 }
        var end = offset
        while end < paragraph.upperBound, input.caretRect(for: position(at: end + 1)).minY == top { end += 1 }
        return start..<min(max(end, offset + 1), utf16Length)
    }

    func isRightToLeft(at offset: Int) -> Bool {
        input.baseWritingDirection(for: position(at: offset), in: .forward) == .rightToLeft
    }

    func offset(of position: UITextPosition) -> Int? {
        input.offset(from: input.beginningOfDocument, to: position)
    }

    func position(at offset: Int) -> UITextPosition {
        input.position(from: input.beginningOfDocument, offset: offset) ?? input.endOfDocument
    }

    func textRange(_ range: Range<Int>) -> UITextRange? {
        guard let start = input.position(from: input.beginningOfDocument, offset: range.lowerBound),
              let end = input.position(from: start, offset: range.count) else { return nil }
        return input.textRange(from: start, to: end)
    }
}
