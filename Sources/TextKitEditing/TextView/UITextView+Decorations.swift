import TextKit
import TextKitGraphics
import TextKitModel

// Decorations: what the view lays over its text before drawing, paragraph by paragraph — links
// detected by `dataDetectorTypes`, `linkTextAttributes`, spelling marks. Edits make their
// paragraphs dirty (`decorationsDirty` follows the text); only dirty paragraphs in view are
// decorated again, so the cost of a keystroke does not grow with the document. A paragraph longer
// than `longParagraphDecorationLimit` (a 50 MB JSON file on one line) is decorated in pieces: what
// is in view, widened to white space, so that neither a frame nor a keystroke costs the paragraph.
extension UITextView {
    /// Forgets every decoration (spelling marks, link attributes) and makes them again as the text
    /// comes into view.
    func redecorateAll() {
        let whole = NSRange(location: 0, length: textStorage.length)
        removeDecorations(in: whole)
        decorationsDirty.removeAll()
        decorationsDirty.insert(0..<whole.length)
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Decorates the dirty paragraphs that are in view (called before drawing): link attributes,
    /// then spelling marks.
    func updateDecorationsIfNeeded() {
        guard !decorationsDirty.isEmpty, textStorage.length > 0 else { return }
        let manager = engine
        let glyphs = manager.glyphRange(forBoundingRectWithoutAdditionalLayout: visibleContainerRect, in: textContainer)
        let characters = manager.characterRange(forGlyphRange: glyphs, actualGlyphRange: nil)
        guard characters.length > 0 else { return }
        let visible = decorationRange(for: characters)
        // The word being typed is not checked until it is finished (the caret leaves it).
        let typing = typingRun != nil && selection.length == 0 ? wordRange(around: max(selection.location - 1, 0)) : nil
        for dirty in decorationsDirty.take(meeting: visible.location..<visible.upperBound) {
            let paragraphs = decorationRange(for: NSRange(location: dirty.lowerBound, length: dirty.count))
            removeDecorations(in: paragraphs)
            if !detectorTypes.isEmpty || hasDetectedLinks { detectData(inParagraphs: paragraphs) }
            decorateLinks(inParagraphs: paragraphs)
            if checksSpelling { checkSpelling(inParagraphs: paragraphs, skipping: typing) }
            if let marked = markedRange, NSIntersectionRange(marked, paragraphs).length > 0 { applyMarkedTextStyle(old: nil) }
        }
        if let typing { decorationsDirty.insert(typing.location..<typing.upperBound) }
    }

    /// Paragraphs longer than this (in UTF-16 units) are decorated piece by piece
    /// (``decorationRange(for:)``).
    static let longParagraphDecorationLimit = 16_384
    /// How far a piece of a long paragraph reaches out for white space on each side.
    static let decorationPieceMargin = 256

    /// What is decorated together for `range`: its paragraphs, or, within a paragraph longer than
    /// ``longParagraphDecorationLimit``, `range` itself widened to the nearest white space on each
    /// side (at most ``decorationPieceMargin`` units out, not across the paragraph's ends or into
    /// a surrogate pair), so that a word or a link at its edge is seen whole.
    func decorationRange(for range: NSRange) -> NSRange {
        let storage = textStorage
        let paragraphs = storage.paragraphRange(for: range)
        guard paragraphs.length > Self.longParagraphDecorationLimit else { return paragraphs }
        let text = storage.mutableString
        let isSpace = UnicodeText.isWhiteSpace
        var lower = max(range.location, paragraphs.location)
        let lowest = max(paragraphs.location, lower - Self.decorationPieceMargin)
        while lower > lowest, !isSpace(text.character(at: lower - 1)) { lower -= 1 }
        if lower > paragraphs.location, UTF16.isTrailSurrogate(text.character(at: lower)) { lower -= 1 }
        var upper = min(max(range.upperBound, lower), paragraphs.upperBound)
        let highest = min(paragraphs.upperBound, upper + Self.decorationPieceMargin)
        while upper < highest, !isSpace(text.character(at: upper)) { upper += 1 }
        if upper < paragraphs.upperBound, upper > lower, UTF16.isTrailSurrogate(text.character(at: upper)) { upper += 1 }
        return NSRange(location: lower, length: upper - lower)
    }

    /// Removes spelling marks and link attributes from `range`.
    func removeDecorations(in range: NSRange) {
        guard range.length > 0 else { return }
        let keys = Set(Self.misspellingAttributes.keys).union((linkTextAttributes ?? [:]).keys)
        for key in keys { engine.removeTemporaryAttribute(key, forCharacterRange: range) }
    }

    /// Keeps the decorations' bookkeeping on the text after an edit (`location` and the old and
    /// new lengths of what changed).
    func decorationsFollowEdit(at location: Int, oldLength: Int, newLength: Int) {
        decorationsDirty.followEdit(at: location, oldLength: oldLength, newLength: newLength)
        // A deletion leaves nothing new to check, but the paragraph it joined may now be misspelled.
        if newLength == 0 { decorationsDirty.insert(max(location - 1, 0)..<min(location + 1, textStorage.length)) }
        setNeedsLayout()
    }

}
