import TextKit
import TextKitGraphics
import TextKitModel

// Changing the selection, and the standard key commands that move and extend it. Names are
// AppKit's responder actions (UIKit's text views answer the same keys); each takes the sender,
// unused, so a host can bind keys to them directly.
extension UITextView {
    // MARK: Setting the selection

    /// Sets the selection. From the input system (``selectedTextRange``) the input delegate is
    /// not told (it made the change); from code or the user it is. A selection outside the
    /// marked text commits it. The delegate hears `textViewDidChangeSelection` when it changed.
    func changeSelection(to range: NSRange, fromInputSystem: Bool, affinity: UITextSelectionAffinity = .forward,
                         keepsGoalX: Bool = false, anchor: Int? = nil) {
        if !fromInputSystem { inputDelegate?.selectionWillChange(self) }
        endTypingRun()
        if let marked = markedRange, range.location < marked.location || range.upperBound > marked.upperBound {
            unmarkText()
        }
        if let marked = markedRange {
            markedSelection = NSRange(location: range.location - marked.location, length: range.length)
        }
        let old = selection, oldAffinity = selectionAffinity
        selection = range
        selectionAnchor = anchor
        selectionAffinity = affinity
        if !keepsGoalX { caretGoalX = nil }
        updateTypingAttributesFromSelection()
        if !fromInputSystem { inputDelegate?.selectionDidChange(self) }
        guard old != range || oldAffinity != affinity else { return }
        if !decorationsDirty.isEmpty { setNeedsLayout() }  // the word left behind is checked now
        setNeedsDisplay()
        if old != range { textDelegate?.textViewDidChangeSelection(self) }
    }

    /// UIKit's rule: the typing attributes follow the selection — the attributes of the
    /// character before the caret (or of the first character, at the start).
    private func updateTypingAttributesFromSelection() {
        let storage = textStorage
        guard storage.length > 0 else { return }
        let at = selection.location > 0 ? selection.location - 1 : 0
        var attributes = storage.attributes(at: at, effectiveRange: nil)
        attributes.removeValue(forKey: .attachment)
        attributes.removeValue(forKey: .link)
        typingAttributes = attributes
    }

    /// Moves the caret to `offset` (a keyboard move: scrolls it into view).
    private func moveCaret(to offset: Int, affinity: UITextSelectionAffinity = .forward, keepsGoalX: Bool = false) {
        guard isSelectable || isEditable else { return }
        changeSelection(to: NSRange(location: offset, length: 0), fromInputSystem: false, affinity: affinity, keepsGoalX: keepsGoalX)
        scrollRangeToVisible(selection)
    }

    /// Moves the selection's moving end (the one away from the anchor) to `offset`.
    private func extendSelection(to offset: Int, affinity: UITextSelectionAffinity = .forward, keepsGoalX: Bool = false) {
        guard isSelectable || isEditable else { return }
        let anchor = selectionAnchor ?? selection.location
        let range = NSRange(location: min(anchor, offset), length: abs(offset - anchor))
        changeSelection(to: range, fromInputSystem: false, affinity: affinity, keepsGoalX: keepsGoalX, anchor: anchor)
        scrollRangeToVisible(NSRange(location: offset, length: 0))
    }

    /// The end of the selection that moves when it is extended.
    private var selectionHead: Int {
        guard let anchor = selectionAnchor else { return selection.upperBound }
        return anchor == selection.location ? selection.upperBound : selection.location
    }

    // MARK: Characters

    /// Moves the caret one insertion point left on the screen (through bidirectional text
    /// visually); a selection collapses to its left end.
    public func moveLeft(_ sender: Any?) {
        if selection.length > 0 { moveCaret(to: visualEnd(ofSelectionRight: false)); return }
        moveCaret(to: visualNeighbour(of: selection.location, movingRight: false) ?? selection.location)
    }

    /// Moves the caret one insertion point right on the screen; a selection collapses to its
    /// right end.
    public func moveRight(_ sender: Any?) {
        if selection.length > 0 { moveCaret(to: visualEnd(ofSelectionRight: true)); return }
        moveCaret(to: visualNeighbour(of: selection.location, movingRight: true) ?? selection.location)
    }

    /// Moves the caret one grapheme cluster towards the end of the text.
    public func moveForward(_ sender: Any?) {
        moveCaret(to: selection.length > 0 ? selection.upperBound : graphemeEnd(after: selection.location))
    }

    /// Moves the caret one grapheme cluster towards the start of the text.
    public func moveBackward(_ sender: Any?) {
        moveCaret(to: selection.length > 0 ? selection.location : graphemeStart(before: selection.location))
    }

    /// Extends the selection one insertion point left on the screen.
    public func moveLeftAndModifySelection(_ sender: Any?) {
        extendSelection(to: visualNeighbour(of: selectionHead, movingRight: false) ?? selectionHead)
    }

    /// Extends the selection one insertion point right on the screen.
    public func moveRightAndModifySelection(_ sender: Any?) {
        extendSelection(to: visualNeighbour(of: selectionHead, movingRight: true) ?? selectionHead)
    }

    /// Extends the selection one grapheme cluster forward.
    public func moveForwardAndModifySelection(_ sender: Any?) {
        extendSelection(to: graphemeEnd(after: selectionHead))
    }

    /// Extends the selection one grapheme cluster backward.
    public func moveBackwardAndModifySelection(_ sender: Any?) {
        extendSelection(to: graphemeStart(before: selectionHead))
    }

    // MARK: Words

    /// Moves the caret to the end of the word after it (left-to-right text) or the start of
    /// the word before it (right-to-left text).
    public func moveWordRight(_ sender: Any?) {
        let from = selection.length > 0 ? visualEnd(ofSelectionRight: true) : selection.location
        moveCaret(to: wordBoundary(from: from, forward: !paragraphIsRightToLeft(at: from)))
    }

    /// Moves the caret to the start of the word before it (left-to-right text).
    public func moveWordLeft(_ sender: Any?) {
        let from = selection.length > 0 ? visualEnd(ofSelectionRight: false) : selection.location
        moveCaret(to: wordBoundary(from: from, forward: paragraphIsRightToLeft(at: from)))
    }

    /// Moves the caret to the end of the next word.
    public func moveWordForward(_ sender: Any?) {
        moveCaret(to: wordBoundary(from: selection.upperBound, forward: true))
    }

    /// Moves the caret to the start of the previous word.
    public func moveWordBackward(_ sender: Any?) {
        moveCaret(to: wordBoundary(from: selection.location, forward: false))
    }

    /// Extends the selection by a word to the right.
    public func moveWordRightAndModifySelection(_ sender: Any?) {
        extendSelection(to: wordBoundary(from: selectionHead, forward: !paragraphIsRightToLeft(at: selectionHead)))
    }

    /// Extends the selection by a word to the left.
    public func moveWordLeftAndModifySelection(_ sender: Any?) {
        extendSelection(to: wordBoundary(from: selectionHead, forward: paragraphIsRightToLeft(at: selectionHead)))
    }

    /// Extends the selection to the end of the next word.
    public func moveWordForwardAndModifySelection(_ sender: Any?) {
        extendSelection(to: wordBoundary(from: selectionHead, forward: true))
    }

    /// Extends the selection to the start of the previous word.
    public func moveWordBackwardAndModifySelection(_ sender: Any?) {
        extendSelection(to: wordBoundary(from: selectionHead, forward: false))
    }

    // MARK: Lines

    /// Moves the caret to the start of its line.
    public func moveToBeginningOfLine(_ sender: Any?) {
        moveCaret(to: lineBounds(of: selection.location).start)
    }

    /// Moves the caret to the end of its line (before a hard line break; at a soft wrap, the
    /// caret stays at the end of this line).
    public func moveToEndOfLine(_ sender: Any?) {
        let end = lineBounds(of: selection.upperBound).end
        moveCaret(to: end.offset, affinity: end.upstream ? .backward : .forward)
    }

    /// Moves the caret to the left end of its line.
    public func moveToLeftEndOfLine(_ sender: Any?) {
        paragraphIsRightToLeft(at: selection.location) ? moveToEndOfLine(sender) : moveToBeginningOfLine(sender)
    }

    /// Moves the caret to the right end of its line.
    public func moveToRightEndOfLine(_ sender: Any?) {
        paragraphIsRightToLeft(at: selection.location) ? moveToBeginningOfLine(sender) : moveToEndOfLine(sender)
    }

    /// Extends the selection to the start of the line.
    public func moveToBeginningOfLineAndModifySelection(_ sender: Any?) {
        extendSelection(to: lineBounds(of: selectionHead).start)
    }

    /// Extends the selection to the end of the line.
    public func moveToEndOfLineAndModifySelection(_ sender: Any?) {
        let end = lineBounds(of: selectionHead).end
        extendSelection(to: end.offset, affinity: end.upstream ? .backward : .forward)
    }

    /// Moves the caret up a line, keeping its x across lines of different lengths.
    public func moveUp(_ sender: Any?) {
        let target = verticalTarget(from: selection.location, up: true)
        moveCaret(to: target.offset, affinity: target.upstream ? .backward : .forward, keepsGoalX: true)
    }

    /// Moves the caret down a line, keeping its x.
    public func moveDown(_ sender: Any?) {
        let target = verticalTarget(from: selection.upperBound, up: false)
        moveCaret(to: target.offset, affinity: target.upstream ? .backward : .forward, keepsGoalX: true)
    }

    /// Extends the selection up a line.
    public func moveUpAndModifySelection(_ sender: Any?) {
        let target = verticalTarget(from: selectionHead, up: true)
        extendSelection(to: target.offset, affinity: target.upstream ? .backward : .forward, keepsGoalX: true)
    }

    /// Extends the selection down a line.
    public func moveDownAndModifySelection(_ sender: Any?) {
        let target = verticalTarget(from: selectionHead, up: false)
        extendSelection(to: target.offset, affinity: target.upstream ? .backward : .forward, keepsGoalX: true)
    }

    /// Scrolls up a page and moves the caret with it, keeping its x.
    public func pageUp(_ sender: Any?) {
        let target = verticalTarget(from: selection.location, up: true, distance: max(bounds.height - lineHeightEstimate, lineHeightEstimate))
        contentOffset.y = max(contentOffset.y - bounds.height, -contentInset.top)
        moveCaret(to: target.offset, affinity: target.upstream ? .backward : .forward, keepsGoalX: true)
    }

    /// Scrolls down a page and moves the caret with it, keeping its x.
    public func pageDown(_ sender: Any?) {
        let target = verticalTarget(from: selection.upperBound, up: false, distance: max(bounds.height - lineHeightEstimate, lineHeightEstimate))
        contentOffset.y = max(min(contentOffset.y + bounds.height, maximumContentOffset.y), -contentInset.top)
        moveCaret(to: target.offset, affinity: target.upstream ? .backward : .forward, keepsGoalX: true)
    }

    /// Extends the selection up a page.
    public func pageUpAndModifySelection(_ sender: Any?) {
        let target = verticalTarget(from: selectionHead, up: true, distance: max(bounds.height - lineHeightEstimate, lineHeightEstimate))
        extendSelection(to: target.offset, affinity: target.upstream ? .backward : .forward, keepsGoalX: true)
    }

    /// Extends the selection down a page.
    public func pageDownAndModifySelection(_ sender: Any?) {
        let target = verticalTarget(from: selectionHead, up: false, distance: max(bounds.height - lineHeightEstimate, lineHeightEstimate))
        extendSelection(to: target.offset, affinity: target.upstream ? .backward : .forward, keepsGoalX: true)
    }

    // MARK: Paragraphs and the document

    /// Moves the caret to the start of its paragraph.
    public func moveToBeginningOfParagraph(_ sender: Any?) {
        moveCaret(to: paragraphBounds(of: selection.location).lowerBound)
    }

    /// Moves the caret to the end of its paragraph (before the separator).
    public func moveToEndOfParagraph(_ sender: Any?) {
        moveCaret(to: paragraphBounds(of: selection.upperBound).upperBound)
    }

    /// Extends the selection to the start of the paragraph.
    public func moveToBeginningOfParagraphAndModifySelection(_ sender: Any?) {
        extendSelection(to: paragraphBounds(of: selectionHead).lowerBound)
    }

    /// Extends the selection to the end of the paragraph.
    public func moveToEndOfParagraphAndModifySelection(_ sender: Any?) {
        extendSelection(to: paragraphBounds(of: selectionHead).upperBound)
    }

    /// Moves the caret to the start of the text.
    public func moveToBeginningOfDocument(_ sender: Any?) { moveCaret(to: 0) }

    /// Moves the caret to the end of the text.
    public func moveToEndOfDocument(_ sender: Any?) { moveCaret(to: textStorage.length) }

    /// Extends the selection to the start of the text.
    public func moveToBeginningOfDocumentAndModifySelection(_ sender: Any?) { extendSelection(to: 0) }

    /// Extends the selection to the end of the text.
    public func moveToEndOfDocumentAndModifySelection(_ sender: Any?) { extendSelection(to: textStorage.length) }

    /// Selects the whole text.
    func _selectAll() {
        guard isSelectable || isEditable else { return }
        changeSelection(to: NSRange(location: 0, length: textStorage.length), fromInputSystem: false, anchor: 0)
    }

    func _select(_ sender: Any?) {
        if let word = tokenizer.rangeEnclosingPosition(IndexedPosition(selection.location), with: .word, inDirection: .storage(.forward))
            ?? tokenizer.rangeEnclosingPosition(IndexedPosition(selection.location), with: .word, inDirection: .storage(.backward)),
           let range = nsRange(word) {
            changeSelection(to: range, fromInputSystem: false, anchor: range.location)
        }
    }

    func _scrollRangeToVisible(_ range: NSRange) {
        let range = clamped(range)
        let rect = range.length > 0 ? _firstRect(for: IndexedRange(range)) : _caretRect(for: IndexedPosition(range.location))
        guard !rect.isNull, bounds.height > 0 else { return }
        updateContentSize()  // the text up to the rect is laid out now: the estimate below it is better
        scrollRectToVisible(rect.insetBy(dx: 0, dy: -2), animated: false)
    }

    // MARK: Geometry of moves

    /// The insertion point next to `offset` on the screen, left or right, through bidi text
    /// visually and across line ends; nil at the text's visual edge.
    func visualNeighbour(of offset: Int, movingRight: Bool) -> Int? {
        engine.visualNeighbour(of: offset, movingRight: movingRight, upstream: selectionAffinity == .backward) { offset, forward in
            forward ? graphemeEnd(after: offset) : graphemeStart(before: offset)
        }
    }

    /// The left or right end of the selection on the screen (logical start or end by direction).
    private func visualEnd(ofSelectionRight right: Bool) -> Int {
        right != paragraphIsRightToLeft(at: selection.location) ? selection.upperBound : selection.location
    }

    /// The next word end (forward) or previous word start (backward); the text's end or start
    /// when there is none.
    private func wordBoundary(from offset: Int, forward: Bool) -> Int {
        let position = tokenizer.position(from: IndexedPosition(offset), toBoundary: .word,
                                          inDirection: .storage(forward ? .forward : .backward))
        return position.flatMap { self.offset(of: $0) } ?? (forward ? textStorage.length : 0)
    }

    /// The start of the line `offset` is on, and its end (before a hard break; upstream at a soft wrap).
    func lineBounds(of offset: Int) -> (start: Int, end: (offset: Int, upstream: Bool)) {
        let line = engine.lineBounds(of: offset, upstream: selectionAffinity == .backward)
        return (line.start, (line.end, line.endIsSoftWrap))
    }

    /// The paragraph around `offset`, without its separator.
    private func paragraphBounds(of offset: Int) -> Range<Int> {
        let storage = textStorage
        let paragraph = storage.paragraphRange(for: NSRange(location: min(offset, storage.length), length: 0))
        let range = paragraph.location..<paragraph.upperBound
        return range.lowerBound..<Separators.contentEnd(of: range, units: storageUnits)
    }

    /// The storage's UTF-16 units of `range`.
    private func storageUnits(_ range: Range<Int>) -> [UInt16] {
        textStorage._utf16(in: NSRange(location: range.lowerBound, length: range.count))
    }

    /// A line's height for paging.
    private var lineHeightEstimate: CGFloat { engine.defaultLineHeight(for: typingFont) }

    /// The insertion point a line (or `distance`) above or below `offset`, at the caret's goal x;
    /// the text's start above the first line, its end below the last.
    func verticalTarget(from offset: Int, up: Bool, distance: CGFloat? = nil) -> (offset: Int, upstream: Bool) {
        let origin = textContainerOrigin
        let moved = engine.verticalTarget(from: offset, up: up, goalX: caretGoalX.map { $0 - origin.x },
                                          upstream: selectionAffinity == .backward, distance: distance, in: textContainer) {
            graphemeRange(containing: $0, reusingWindow: true).upperBound
        }
        if let x = moved.goalX { caretGoalX = x + origin.x }
        return (moved.offset, moved.upstream)
    }

    /// Kept for ``position(from:in:offset:)``: the neighbour a line up or down.
    func verticalNeighbour(of offset: Int, up: Bool, goalX: CGFloat?) -> (offset: Int, upstream: Bool)? {
        let saved = caretGoalX
        caretGoalX = goalX
        defer { caretGoalX = saved }
        let target = verticalTarget(from: offset, up: up)
        return target.offset == offset ? nil : target
    }
}
