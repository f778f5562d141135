import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

// The standard edit actions (UIKit's UIResponderStandardEditActions and AppKit's delete and
// insert commands), and clicks.
extension UITextView {
    // MARK: Deleting

    /// Deletes the selection, or the grapheme cluster after the caret.
    public func deleteForward(_ sender: Any?) {
        deleteRange { caret in NSRange(location: caret, length: graphemeEnd(after: caret) - caret) }
    }

    /// Deletes the selection, or back to the start of the word before the caret.
    public func deleteWordBackward(_ sender: Any?) {
        deleteRange { caret in
            let start = tokenizer.position(from: IndexedPosition(caret), toBoundary: .word, inDirection: .storage(.backward))
                .flatMap { offset(of: $0) } ?? 0
            return NSRange(location: start, length: caret - start)
        }
    }

    /// Deletes the selection, or on to the end of the word after the caret.
    public func deleteWordForward(_ sender: Any?) {
        deleteRange { caret in
            let end = tokenizer.position(from: IndexedPosition(caret), toBoundary: .word, inDirection: .storage(.forward))
                .flatMap { offset(of: $0) } ?? textStorage.length
            return NSRange(location: caret, length: end - caret)
        }
    }

    /// Deletes the selection, or back to the start of the line.
    public func deleteToBeginningOfLine(_ sender: Any?) {
        deleteRange { caret in
            let start = lineBounds(of: caret).start
            return NSRange(location: start, length: caret - start)
        }
    }

    /// Deletes the selection, or on to the end of the line.
    public func deleteToEndOfLine(_ sender: Any?) {
        deleteRange { caret in
            let end = lineBounds(of: caret).end.offset
            return NSRange(location: caret, length: max(end - caret, 0))
        }
    }

    func _delete(_ sender: Any?) {
        guard selection.length > 0 else { return }
        performUserEdit(replacing: selection, with: NSAttributedString(),
                        selectionAfter: NSRange(location: selection.location, length: 0), actionName: "Delete")
    }

    private func deleteRange(_ range: (Int) -> NSRange) {
        guard isEditable else { return }
        let target = selection.length > 0 ? selection : clamped(range(selection.location))
        guard target.length > 0 else { return }
        performUserEdit(replacing: target, with: NSAttributedString(),
                        selectionAfter: NSRange(location: target.location, length: 0), actionName: "Delete")
    }

    /// Inserts a paragraph separator ("\n") as typed from the keyboard (the delegate is asked).
    public func insertNewline(_ sender: Any?) { insertTextFromKeyboard("\n") }

    /// Inserts a tab as typed from the keyboard (the delegate is asked).
    public func insertTab(_ sender: Any?) { insertTextFromKeyboard("\t") }

    // MARK: Pasteboard

    func _copy() {
        guard selection.length > 0, !isSecureTextEntry else { return }
        UIPasteboard.general.setAttributedString(textStorage.attributedSubstring(from: selection))
    }

    func _cut() {
        guard selection.length > 0, isEditable, !isSecureTextEntry else { return }
        _copy()
        performUserEdit(replacing: selection, with: NSAttributedString(),
                        selectionAfter: NSRange(location: selection.location, length: 0), actionName: "Cut")
    }

    func _paste() {
        guard isEditable else { return }
        let pasteboard = UIPasteboard.general
        let pasted: NSAttributedString
        if allowsEditingTextAttributes, let attributed = pasteboard.attributedString {
            pasted = attributed
        } else if let string = pasteboard.string {
            pasted = typedString(string)
        } else {
            return
        }
        let range = markedRange ?? selection
        performUserEdit(replacing: range, with: pasted,
                        selectionAfter: NSRange(location: range.location + pasted.length, length: 0), actionName: "Paste")
    }

    // MARK: Styles

    func _toggleBoldface(_ sender: Any?) { toggleFontTrait(.traitBold, actionName: "Bold") }

    func _toggleItalics(_ sender: Any?) { toggleFontTrait(.traitItalic, actionName: "Italic") }

    func _toggleUnderline(_ sender: Any?) {
        guard allowsEditingTextAttributes else { return }
        let underlined = (currentAttributes[.underlineStyle] as? Int ?? 0) != 0
        guard selection.length > 0 else {
            if underlined { typingAttributes.removeValue(forKey: .underlineStyle) } else { typingAttributes[.underlineStyle] = NSUnderlineStyle.single.rawValue }
            return
        }
        changeAttributes(in: selection, actionName: "Underline") { storage, range in
            if underlined {
                storage.removeAttribute(.underlineStyle, range: range)
            } else {
                storage.addAttribute(.underlineStyle, value: NSUnderlineStyle.single.rawValue, range: range)
            }
        }
    }

    /// The attributes at the selection's start (the typing attributes at a caret).
    private var currentAttributes: [NSAttributedString.Key: Any] {
        selection.length > 0 ? textStorage.attributes(at: selection.location, effectiveRange: nil) : typingAttributes
    }

    private func toggleFontTrait(_ trait: UIFontDescriptor.SymbolicTraits, actionName: String) {
        guard allowsEditingTextAttributes else { return }
        let font = currentAttributes[.font] as? UIFont ?? typingFont
        let adding = !font.fontDescriptor.symbolicTraits.contains(trait)
        func toggled(_ font: UIFont) -> UIFont {
            var traits = font.fontDescriptor.symbolicTraits
            if adding { traits.insert(trait) } else { traits.remove(trait) }
            guard let descriptor = font.fontDescriptor.withSymbolicTraits(traits) else { return font }
            return UIFont(descriptor: descriptor, size: font.pointSize)
        }
        guard selection.length > 0 else {
            typingAttributes[.font] = toggled(font)
            return
        }
        changeAttributes(in: selection, actionName: actionName) { storage, range in
            storage.enumerateAttribute(.font, in: range) { value, run, _ in
                storage.addAttribute(.font, value: toggled(value as? UIFont ?? UIFont.systemFont(ofSize: 12)), range: run)
            }
        }
    }

    // MARK: Clicks

    /// A click (or the press of a drag) at `point` in view coordinates, as a host reports it:
    /// one click places the caret, two select the word, three the paragraph; with `extending`
    /// (shift held) the selection grows to the point. A Linux addition: UIKit's gestures do this.
    public func selectText(at point: CGPoint, clickCount: Int, extending: Bool = false) {
        if clickCount == 1, !extending, followLink(at: point) { return }
        guard isSelectable || isEditable else { return }
        let hit = textHit(at: point)
        let affinity: UITextSelectionAffinity = hit.upstream ? .backward : .forward
        if extending {
            let anchor = selectionAnchor ?? selection.location
            changeSelection(to: NSRange(location: min(anchor, hit.offset), length: abs(hit.offset - anchor)),
                            fromInputSystem: false, affinity: affinity, anchor: anchor)
            return
        }
        let range: NSRange
        switch clickCount {
        case ...1:
            range = NSRange(location: hit.offset, length: 0)
        case 2:
            range = unitRange(at: hit.offset, .word) ?? NSRange(location: hit.offset, length: 0)
        default:
            range = textStorage.paragraphRange(for: NSRange(location: hit.offset, length: 0))
        }
        clickGranularity = clickCount >= 3 ? .paragraph : clickCount == 2 ? .word : .character
        changeSelection(to: range, fromInputSystem: false, affinity: affinity, anchor: range.location)
        clickRange = range
    }

    /// The mouse dragged to `point` while pressed: the selection runs from the press to here, by
    /// the press's unit (characters, words, paragraphs).
    public func dragSelection(to point: CGPoint) {
        guard isSelectable || isEditable else { return }
        let hit = textHit(at: point)
        let origin = clickRange ?? NSRange(location: selectionAnchor ?? selection.location, length: 0)
        var target = NSRange(location: hit.offset, length: 0)
        if clickGranularity == .paragraph {
            target = textStorage.paragraphRange(for: target)
        } else if clickGranularity == .word, let unit = unitRange(at: hit.offset, .word) {
            target = unit
        }
        let start = min(origin.location, target.location)
        let end = max(origin.upperBound, target.upperBound)
        let anchor = target.location < origin.location ? origin.upperBound : origin.location
        changeSelection(to: NSRange(location: start, length: end - start), fromInputSystem: false,
                        affinity: hit.upstream ? .backward : .forward, anchor: anchor)
        scrollRangeToVisible(NSRange(location: hit.offset, length: 0))
    }

    /// The word or paragraph around `offset` (the one after it, else the one before).
    private func unitRange(at offset: Int, _ granularity: UITextGranularity) -> NSRange? {
        let position = IndexedPosition(offset)
        let unit = tokenizer.rangeEnclosingPosition(position, with: granularity, inDirection: .storage(.forward))
            ?? tokenizer.rangeEnclosingPosition(position, with: granularity, inDirection: .storage(.backward))
        return unit.flatMap { nsRange($0) }
    }
}
