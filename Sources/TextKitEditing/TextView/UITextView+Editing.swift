import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

// Editing: the text properties, typing, deleting, marked text, and the one path every user edit
// takes (`performUserEdit`), which asks the delegate, registers undo, edits the storage, places
// the selection and tells the delegate.
extension UITextView {
    // MARK: Text properties

    var _text: String! {
        get { textStorage.string }
        set { replaceAllText(with: NSAttributedString(string: newValue ?? "", attributes: typingAttributes)) }
    }

    var _attributedText: NSAttributedString! {
        get { NSAttributedString(attributedString: textStorage) }
        set {
            let value = newValue ?? NSAttributedString()
            replaceAllText(with: value)
            if value.length > 0 { typingAttributes = value.attributes(at: 0, effectiveRange: nil) }
        }
    }

    var _font: UIFont? {
        get { (textStorage.length > 0 ? textStorage.attribute(.font, at: 0, effectiveRange: nil) : typingAttributes[.font]) as? UIFont }
        set {
            let font = newValue ?? UIFont.systemFont(ofSize: 12)
            typingAttributes[.font] = font
            applyToAllText(.font, font)
        }
    }

    var _textColor: UIColor? {
        get { (textStorage.length > 0 ? textStorage.attribute(.foregroundColor, at: 0, effectiveRange: nil) : typingAttributes[.foregroundColor]) as? UIColor }
        set {
            let color = newValue ?? UIColor.label
            typingAttributes[.foregroundColor] = color
            applyToAllText(.foregroundColor, color)
        }
    }

    var _textAlignment: NSTextAlignment {
        get { ((textStorage.length > 0 ? textStorage.attribute(.paragraphStyle, at: 0, effectiveRange: nil) : typingAttributes[.paragraphStyle]) as? NSParagraphStyle)?.alignment ?? .natural }
        set {
            let style = ((typingAttributes[.paragraphStyle] as? NSParagraphStyle) ?? .default).mutableCopy() as! NSMutableParagraphStyle
            style.alignment = newValue
            typingAttributes[.paragraphStyle] = style
            let storage = textStorage
            storage.beginEditing()
            storage.enumerateAttribute(.paragraphStyle, in: NSRange(location: 0, length: storage.length)) { value, run, _ in
                let updated = ((value as? NSParagraphStyle) ?? .default).mutableCopy() as! NSMutableParagraphStyle
                updated.alignment = newValue
                storage.addAttribute(.paragraphStyle, value: updated, range: run)
            }
            storage.endEditing()
        }
    }

    private func applyToAllText(_ key: NSAttributedString.Key, _ value: Any) {
        let storage = textStorage
        guard storage.length > 0 else { return }
        storage.addAttribute(key, value: value, range: NSRange(location: 0, length: storage.length))
        afterEdit()
    }

    /// Replaces all of the text as a programmatic change.
    private func replaceAllText(with replacement: NSAttributedString) {
        endTypingRun()
        dropMarkedText()
        inputDelegate?.textWillChange(self)
        applyEdit(replacing: NSRange(location: 0, length: textStorage.length), with: replacement)
        selection = NSRange(location: replacement.length, length: 0)
        selectionAnchor = nil
        undoManager?.removeAllActions(withTarget: self)
        inputDelegate?.textDidChange(self)
        afterEdit()
    }

    // MARK: Typing

    func _insertText(_ text: String) {
        guard isEditable else { return }
        if let marked = markedRange {
            commitComposition(replacingMarkedRange: marked, with: text)
            return
        }
        var range = selection
        if clearsOnNextInsertion {
            clearsOnNextInsertion = false
            range = NSRange(location: 0, length: textStorage.length)
            endTypingRun()
        }
        let insertedLength = text.utf16.count
        let caret = NSRange(location: range.location + insertedLength, length: 0)
        continueTypingRun(replacing: range, insertedLength: insertedLength)
        applyEdit(replacing: range, with: text, attributes: insertionAttributes)
        finishUserEdit(selection: caret)
    }

    func _deleteBackward() {
        guard isEditable else { return }
        if let marked = markedRange {
            // An input method normally shortens its own preedit; a plain backspace shortens it too.
            let units = textStorage._utf16(in: marked)
            let keep = marked.length > 0 ? graphemeStart(before: marked.upperBound) - marked.location : 0
            setMarkedText(String(decoding: units[..<max(keep, 0)], as: UTF16.self), selectedRange: NSRange(location: max(keep, 0), length: 0))
            return
        }
        guard let range = backwardDeletionRange() else { return }
        continueTypingRun(replacing: range, insertedLength: 0)
        applyEdit(replacing: range, with: NSAttributedString())
        finishUserEdit(selection: NSRange(location: range.location, length: 0))
    }

    /// What deleting backward removes when there is no marked text: the selection, or the
    /// grapheme cluster before the caret; nil at the start of the text.
    func backwardDeletionRange() -> NSRange? {
        if selection.length > 0 { return selection }
        guard selection.location > 0 else { return nil }
        let start = graphemeStart(before: selection.location)
        return NSRange(location: start, length: selection.location - start)
    }

    /// The range typed text replaces: the marked text, or all of the text after the view became
    /// first responder with ``clearsOnInsertion``, or the selection.
    var typingReplacementRange: NSRange {
        markedRange ?? (clearsOnNextInsertion ? NSRange(location: 0, length: textStorage.length) : selection)
    }

    /// `text` with the typing attributes (the view's defaults when they are empty).
    func typedString(_ text: String) -> NSAttributedString {
        NSAttributedString(string: text, attributes: insertionAttributes)
    }

    /// The attributes text typed now gets.
    var insertionAttributes: [NSAttributedString.Key: Any] {
        typingAttributes.isEmpty ? Self.defaultTypingAttributes : typingAttributes
    }

    /// The font typed text gets.
    var typingFont: UIFont { typingAttributes[.font] as? UIFont ?? UIFont.systemFont(ofSize: 12) }

    // MARK: Marked text

    func _setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        guard isEditable else { return }
        let text = markedText ?? ""
        endTypingRun()
        let range = markedRange ?? selection
        guard askDelegate(range, text) else { return }
        if markedRange == nil {
            composition = Composition(location: range.location, original: textStorage.attributedSubstring(from: range),
                                      selectionBefore: selection)
        }
        let replacement = typedString(text)
        if let old = markedRange { removeMarkedTextStyle(old) }
        applyEdit(replacing: range, with: replacement)
        let length = replacement.length
        if length == 0 {
            markedRange = nil
            finishComposition(end: range.location)
            finishUserEdit(selection: NSRange(location: range.location, length: 0))
            return
        }
        let marked = NSRange(location: range.location, length: length)
        markedRange = marked
        let inner = NSRange(location: min(max(selectedRange.location, 0), length), length: 0)
        markedSelection = NSRange(location: inner.location,
                                  length: min(max(selectedRange.length, 0), length - inner.location))
        applyMarkedTextStyle(old: nil)
        finishUserEdit(selection: NSRange(location: marked.location + markedSelection.location, length: markedSelection.length))
    }

    func _unmarkText() {
        guard let marked = markedRange else { return }
        removeMarkedTextStyle(marked)
        markedRange = nil
        finishComposition(end: marked.upperBound)
        // A selection inside the committed text (a clause being converted) collapses to its end.
        if selection.location >= marked.location, selection.upperBound <= marked.upperBound,
           selection != NSRange(location: marked.upperBound, length: 0) {
            changeSelection(to: NSRange(location: marked.upperBound, length: 0), fromInputSystem: true)
        }
        setNeedsDisplay()
    }

    /// Replaces the marked text with `text` and commits it (an input method's commit).
    private func commitComposition(replacingMarkedRange marked: NSRange, with text: String) {
        removeMarkedTextStyle(marked)
        let inserted = typedString(text)
        applyEdit(replacing: marked, with: inserted)
        markedRange = nil
        finishComposition(end: marked.location + inserted.length)
        finishUserEdit(selection: NSRange(location: marked.location + inserted.length, length: 0))
    }

    /// Forgets the marked text without an undo step (the text is being replaced wholesale).
    func dropMarkedText() {
        if let marked = markedRange, marked.upperBound <= textStorage.length { removeMarkedTextStyle(marked) }
        markedRange = nil
        composition = nil
    }

    /// Cancels a composition in progress: the text it replaced comes back, with no undo step
    /// (before an undo, so that the undo steps' ranges meet the text they were recorded on).
    func cancelComposition() {
        guard let marked = markedRange else { return }
        removeMarkedTextStyle(marked)
        markedRange = nil
        if let composition, marked.location == composition.location {
            applyEdit(replacing: marked, with: composition.original)
            selection = composition.selectionBefore
        }
        composition = nil
    }

    /// Registers the undo step of a finished composition: from the text it replaced to what it
    /// left.
    func finishComposition(end: Int) {
        guard let composition else { return }
        self.composition = nil
        let result = NSRange(location: composition.location, length: max(end, composition.location) - composition.location)
        guard result.length > 0 || composition.original.length > 0 else { return }
        registerUndoReplacement(of: result, restoring: composition.original,
                                selection: composition.selectionBefore, actionName: "Typing")
    }

    func applyMarkedTextStyle(old: NSRange?) {
        guard let marked = markedRange, let style = markedTextStyle, !style.isEmpty else { return }
        if let old { removeMarkedTextStyle(old) }
        engine.addTemporaryAttributes(style, forCharacterRange: marked)
    }

    func removeMarkedTextStyle(_ range: NSRange) {
        guard let style = markedTextStyle, range.upperBound <= textStorage.length else { return }
        for key in style.keys { engine.removeTemporaryAttribute(key, forCharacterRange: range) }
    }

    // MARK: The edit path

    /// A user edit of any kind other than typing: asks the delegate, registers one undo step,
    /// edits, places the selection, tells the delegate. False when it did not happen.
    @discardableResult
    /// An edit the user makes (a cut, a paste, a key command), or, with `asksDelegate` false, one
    /// code makes through `UITextInput` (which has already decided, so the delegate is not asked).
    func performUserEdit(replacing range: NSRange, with replacement: NSAttributedString, selectionAfter: NSRange,
                         actionName: String? = nil, asksDelegate: Bool = true) -> Bool {
        guard isEditable, !asksDelegate || askDelegate(range, replacement.string) else { return false }
        endTypingRun()
        if let marked = markedRange { removeMarkedTextStyle(marked); markedRange = nil; finishComposition(end: marked.upperBound) }
        registerUndoReplacement(of: NSRange(location: range.location, length: replacement.length),
                                restoring: textStorage.attributedSubstring(from: range), selection: selection,
                                actionName: actionName)
        applyEdit(replacing: range, with: replacement)
        finishUserEdit(selection: selectionAfter)
        return true
    }

    /// Changes attributes in `range` as a user edit (one undo step restoring the old ones).
    func changeAttributes(in range: NSRange, actionName: String, _ change: (NSTextStorage, NSRange) -> Void) {
        guard isEditable, range.length > 0, askDelegate(range, textStorage.attributedSubstring(from: range).string) else { return }
        endTypingRun()
        registerUndoReplacement(of: range, restoring: textStorage.attributedSubstring(from: range), selection: selection,
                                actionName: actionName)
        editOwnStorage { change($0, range) }
        finishUserEdit(selection: selection)
    }

    func askDelegate(_ range: NSRange, _ text: String) -> Bool {
        textDelegate?.textView(self, shouldChangeTextIn: range, replacementText: text) ?? true
    }

    /// Typing: `text` with `attributes` in place of `range`, in one round of edits — what inserting
    /// an attributed string does through the storage's primitives — without making an attributed
    /// string, and an attribute table for it, at every keystroke.
    func applyEdit(replacing range: NSRange, with text: String, attributes: [NSAttributedString.Key: Any]) {
        let length = text.utf16.count
        editOwnStorage { storage in
            storage.replaceCharacters(in: range, with: text)
            if length > 0 { storage.setAttributes(attributes, range: NSRange(location: range.location, length: length)) }
        }
    }

    /// Replaces characters in the storage, with the view's own reaction to storage edits
    /// suspended (the caller places the selection).
    func applyEdit(replacing range: NSRange, with replacement: NSAttributedString) {
        editOwnStorage { $0.replaceCharacters(in: range, with: replacement) }
    }

    /// Runs `body`'s edits of the storage as one round of edits, with the view's own reaction to
    /// storage edits suspended.
    func editOwnStorage(_ body: (NSTextStorage) -> Void) {
        let storage = textStorage
        isApplyingOwnEdit = true
        storage.beginEditing()
        body(storage)
        storage.endEditing()
        isApplyingOwnEdit = false
    }

    /// After a user edit: the new selection, the caret scrolled into view, and the delegate told
    /// (selection, then text), with ``textDidChangeNotification``.
    func finishUserEdit(selection newSelection: NSRange) {
        let old = selection
        selection = clamped(newSelection)
        selectionAnchor = nil
        caretGoalX = nil
        selectionAffinity = .forward
        afterEdit()
        // The caret after typing, or the start of a restored selection (undoing "delete all" must
        // not lay out the whole text to show its end).
        scrollRangeToVisible(NSRange(location: selection.location, length: 0))
        if old != selection { textDelegate?.textViewDidChangeSelection(self) }
        textDelegate?.textViewDidChange(self)
        NotificationCenter.default.post(name: UITextView.textDidChangeNotification, object: self)
    }

    /// Layout and display after any edit.
    func afterEdit() {
        updateContentSize()
        setNeedsDisplay()
    }

    // MARK: Edits made by others

    /// Follows the edits of `storage` (made by code, a highlighter, another view) — the view's
    /// storage, which must be edited on the main actor, as UIKit requires.
    func observeStorage(_ storage: NSTextStorage) {
        if let storageObserver { NotificationCenter.default.removeObserver(storageObserver) }
        observedStorage = storage
        retainedStorage = storage
        storageObserver = NotificationCenter.default.addObserver(
            forName: NSTextStorage.didProcessEditingNotification, object: storage, queue: nil
        ) { [weak self] note in
            nonisolated(unsafe) let edited = note.object as? NSTextStorage
            MainActor.assumeIsolated {
                guard let self, let storage = edited, storage === self.observedStorage else { return }
                self.storageDidProcessEditing(storage)
            }
        }
    }

    /// Keeps the selection and marked text on the same text when someone else edits the
    /// storage; the layout catches up when the view next lays out or draws. The range a click
    /// pressed on follows every edit, the view's own too, so that a drag after it extends from
    /// where that text now is.
    private func storageDidProcessEditing(_ storage: NSTextStorage) {
        let edited = storage.editedRange
        let delta = storage.changeInLength
        let oldEnd = edited.upperBound - delta
        /// Where an offset in the text before the edit is now (inside the replaced text: its end).
        func moved(_ offset: Int) -> Int {
            let offset = offset <= edited.location ? offset : offset >= oldEnd ? offset + delta : edited.upperBound
            return min(offset, storage.length)
        }
        if storage.editedMask.contains(.editedCharacters) {
            decorationsFollowEdit(at: edited.location, oldLength: edited.length - delta, newLength: edited.length)
            clickRange = clickRange.map { NSRange(location: moved($0.location), length: moved($0.upperBound) - moved($0.location)) }
        }
        guard !isApplyingOwnEdit else { return }
        setNeedsLayout()
        setNeedsDisplay()
        guard storage.editedMask.contains(.editedCharacters) else { return }
        endTypingRun()
        let start = moved(selection.location), end = moved(selection.upperBound)
        selection = NSRange(location: start, length: end - start)
        selectionAnchor = selectionAnchor.map(moved)
        if let marked = markedRange {
            if marked.upperBound <= edited.location {
                // Untouched.
            } else if marked.location >= oldEnd {
                markedRange = NSRange(location: marked.location + delta, length: marked.length)
            } else {
                markedRange = nil
                composition = nil
            }
        }
    }

    // MARK: Grapheme clusters

    /// The start of the grapheme cluster that ends at or contains `offset - 1`.
    func graphemeStart(before offset: Int) -> Int {
        guard offset > 0 else { return 0 }
        return graphemeRange(containing: offset - 1).location
    }

    /// The end of the grapheme cluster that starts at or contains `offset`.
    func graphemeEnd(after offset: Int) -> Int {
        guard offset < textStorage.length else { return textStorage.length }
        return graphemeRange(containing: offset).upperBound
    }

    /// The grapheme cluster holding the character at `offset`: ICU's rules over a window of the
    /// paragraph around it, 8,192 units to start with, doubled while the cluster reaches an edge
    /// of the window that is not the paragraph's (a base with thousands of marks is still one
    /// cluster; the cost stays proportional to the cluster, not the document).
    ///
    /// With `reusingWindow` (hit testing: a pointer asks again and again, the text unchanged), the
    /// window is up to 65,536 units of the paragraph, kept in ``graphemeWindow`` until the text
    /// changes, and used for any later offset whose 8,192-unit window it holds: the answer is the
    /// same (ICU sees at least the same text around the offset), without copying the text or
    /// finding the paragraph again.
    func graphemeRange(containing offset: Int, reusingWindow: Bool = false) -> NSRange {
        let storage = textStorage
        let length = storage.length
        guard length > 0 else { return NSRange(location: 0, length: 0) }
        let at = min(max(offset, 0), length - 1)
        let version = storage._storageVersion.map { (storage: ObjectIdentifier(storage), version: $0) }
        if reusingWindow, let version, let kept = graphemeWindow, kept.version == version, kept.paragraph.contains(at),
           kept.range.location <= max(kept.paragraph.location, at - 4096),
           kept.range.upperBound >= min(kept.paragraph.upperBound, at + 4096),
           let found = Self.cluster(at: at, in: kept.units, from: kept.range.location, paragraph: kept.paragraph) {
            return found
        }
        let paragraph = storage.paragraphRange(for: NSRange(location: at, length: 0))
        var half = reusingWindow && version != nil ? 32_768 : 4096
        while true {
            let lower = max(paragraph.location, at - half)
            let upper = min(paragraph.upperBound, at + half)
            let units = storage._utf16(in: NSRange(location: lower, length: upper - lower))
            if reusingWindow, let version, half == 32_768 {
                graphemeWindow = GraphemeWindow(version: version, paragraph: paragraph,
                                                range: NSRange(location: lower, length: upper - lower), units: units)
            }
            if let found = Self.cluster(at: at, in: units, from: lower, paragraph: paragraph) { return found }
            half *= 2
        }
    }

    /// The grapheme cluster holding the character at `at`, by ICU's rules over `units` (the text
    /// from offset `lower` in `paragraph`); nil when it reaches an edge of `units` that is not the
    /// paragraph's (a wider window must tell).
    private static func cluster(at: Int, in units: [UInt16], from lower: Int, paragraph: NSRange) -> NSRange? {
        let local = at - lower
        let (start, end) = units.withUnsafeBufferPointer { buffer in
            BreakIterator.withIterator(.character, text: buffer) { iterator -> (Int, Int) in
                let end = iterator.following(local)
                let start = iterator.isBoundary(local) ? local : iterator.preceding(local)
                return (start == BreakIterator.done ? 0 : start, end == BreakIterator.done ? units.count : end)
            }
        }
        let cutAtStart = start == 0 && lower > paragraph.location
        let cutAtEnd = end == units.count && lower + units.count < paragraph.upperBound
        return cutAtStart || cutAtEnd ? nil : NSRange(location: lower + start, length: end - start)
    }
}

/// The text of a window of a paragraph, kept while the storage's text is unchanged (its identity
/// and version): see `UITextView.graphemeRange(containing:reusingWindow:)`.
struct GraphemeWindow {
    let version: (storage: ObjectIdentifier, version: Int)
    let paragraph: NSRange
    let range: NSRange
    let units: [UInt16]
}

/// A composition in progress: where it started and what it replaced, for its undo step.
struct Composition {
    var location: Int
    var original: NSAttributedString
    var selectionBefore: NSRange
}
