import TextKit
import TextKitGraphics
import TextKitModel

// Spell checking as the user types: misspelled words get a red dotted underline (temporary
// attributes, so the text itself is unchanged), found with UITextChecker in the paragraphs that
// changed, only as they come into view (UITextView+Decorations.swift), and never in the word
// still being typed.
extension UITextView {
    /// The underline misspelled words are drawn with.
    static let misspellingAttributes: [NSAttributedString.Key: Any] = [
        .underlineStyle: NSUnderlineStyle([.thick, .patternDot]).rawValue,
        .underlineColor: UIColor.systemRed,
        misspelledKey: true,
    ]

    /// A temporary attribute (not drawn) that tells misspelling marks from other underlines.
    static let misspelledKey = NSAttributedString.Key("OTKMisspelledWord")

    /// The current locale's language when a dictionary is installed for it, else "en_US".
    static var defaultSpellCheckingLanguage: String {
        let available = UITextChecker.availableLanguages
        let identifier = Locale.current.identifier.replacingOccurrences(of: "-", with: "_")
        if available.contains(identifier) { return identifier }
        let language = identifier.split(separator: "_").first.map(String.init) ?? ""
        return available.first { $0.hasPrefix(language + "_") } ?? "en_US"
    }

    /// Whether the view checks spelling: `spellCheckingType` `.yes`, or `.default` in an
    /// editable view.
    public var checksSpelling: Bool {
        switch spellCheckingType {
        case .yes: true
        case .no: false
        case .default: isEditable && !isSecureTextEntry
        }
    }

    /// The misspelled word at `point` (view coordinates) and the checker's guesses for it, for a
    /// context menu (with "Learn Spelling" and "Ignore Spelling": ``learnSpelling(in:)``,
    /// ``ignoreSpelling(in:)``); nil when the point is not on a word marked as misspelled. A
    /// Linux addition: UIKit builds this menu itself.
    public func misspelledWord(at point: CGPoint) -> (range: NSRange, guesses: [String])? {
        let hit = textHit(at: point)
        for offset in [hit.offset, hit.offset - 1] where offset >= 0 && offset < textStorage.length {
            var effective = NSRange(location: 0, length: 0)
            guard engine.temporaryAttribute(Self.misspelledKey, atCharacterIndex: offset, effectiveRange: &effective) != nil
            else { continue }
            let word = wordRange(around: offset) ?? effective
            let guesses = spellChecker.guesses(forWordRange: word, in: textStorage.string, language: spellCheckingLanguage) ?? []
            return (word, guesses)
        }
        return nil
    }

    /// Replaces a misspelled word with a guess, as a user edit (undoable; the delegate is asked).
    public func correctSpelling(in range: NSRange, with replacement: String) {
        performUserEdit(replacing: range, with: typedString(replacement),
                        selectionAfter: NSRange(location: range.location + replacement.utf16.count, length: 0),
                        actionName: "Spelling Correction")
    }

    /// "Learn Spelling": the word is added to the user's dictionary and no longer marked anywhere.
    public func learnSpelling(in range: NSRange) {
        UITextChecker.learnWord(textStorage.attributedSubstring(from: range).string)
        recheckAllSpelling()
    }

    /// "Ignore Spelling": the word is no longer marked in this view.
    public func ignoreSpelling(in range: NSRange) {
        spellChecker.ignoreWord(textStorage.attributedSubstring(from: range).string)
        recheckAllSpelling()
    }

    /// Forgets every mark and checks again as the text comes into view (after a change of
    /// language, learned words or `spellCheckingType`).
    public func recheckAllSpelling() {
        redecorateAll()
    }

    /// Marks the misspelled words of `paragraphs` (whole paragraphs), except `skipped`.
    func checkSpelling(inParagraphs paragraphs: NSRange, skipping skipped: NSRange?) {
        let manager = engine
        let text = textStorage.attributedSubstring(from: paragraphs).string
        let whole = NSRange(location: 0, length: paragraphs.length)
        for found in spellChecker.misspelledRanges(in: text, range: whole, language: spellCheckingLanguage) where found.length > 0 {
            let inText = NSRange(location: paragraphs.location + found.location, length: found.length)
            if let skipped, NSIntersectionRange(skipped, inText).length > 0 || skipped.upperBound == inText.location { continue }
            if let marked = markedRange, NSIntersectionRange(marked, inText).length > 0 { continue }
            manager.addTemporaryAttributes(Self.misspellingAttributes, forCharacterRange: inText)
        }
        // The marks were cleared by key, and the marked text's underline uses the same key: put
        // it back (found by the GTK host, whose preedit lost its underline at the first check).
        if let marked = markedRange, NSIntersectionRange(marked, paragraphs).length > 0 { applyMarkedTextStyle(old: nil) }
    }

    /// The word (ICU's boundaries) that holds or ends at `offset`.
    func wordRange(around offset: Int) -> NSRange? {
        let position = IndexedPosition(offset)
        let unit = tokenizer.rangeEnclosingPosition(position, with: .word, inDirection: .storage(.forward))
            ?? tokenizer.rangeEnclosingPosition(IndexedPosition(offset + 1), with: .word, inDirection: .storage(.backward))
        return unit.flatMap { nsRange($0) }
    }
}
