import TextKitFonts
import TextKitGraphics
import TextKitModel

/// The text a content storage's layout managers lay out when its delegate can change what is
/// shown: a copy of the text storage in which each paragraph is the one the delegate's
/// `textContentStorage(_:textParagraphWith:)` gave (same characters, attributes for display), and
/// each paragraph the delegate declines to enumerate (`textContentManager(_:shouldEnumerate:options:)`)
/// is set to take no room and draw nothing. The document is unchanged; offsets are the same in
/// both, so locations need no mapping.
///
/// Kept in step with the storage edit by edit (the touched paragraphs asked again); made from
/// scratch when the delegate is set, and restyled over a range whose layout is invalidated (an
/// app that changes what its delegate answers — show comments, hide them — invalidates layout, as
/// on iOS).
/// Costs a copy of the text and one delegate call per paragraph; without a delegate there is no
/// copy and the layout managers read the storage itself.
final class ContentStorageDisplayText {
    /// The copy the engines lay out (they are its layout managers, so its edits reach them).
    let text = NSTextStorage()
    private unowned let owner: NSTextContentStorage

    init(of owner: NSTextContentStorage) {
        self.owner = owner
        rebuild()
    }

    /// Copies the whole storage and asks the delegate about every paragraph.
    func rebuild() {
        guard let storage = owner.textStorage else { return }
        text.beginEditing()
        text.setAttributedString(storage)
        restyle(NSRange(location: 0, length: text.length))
        text.endEditing()
    }

    /// Applies an edit of the storage (`range` in the new text, `delta` its change in length) to
    /// the copy, then asks the delegate again about the paragraphs it touched.
    func apply(edited range: NSRange, changeInLength delta: Int) {
        guard let storage = owner.textStorage else { return }
        let old = NSRange(location: range.location, length: range.length - delta)
        guard old.location >= 0, old.length >= 0, old.location + old.length <= text.length else {
            rebuild()
            return
        }
        text.beginEditing()
        text.replaceCharacters(in: old, with: storage.attributedSubstring(from: range))
        restyle(range)
        text.endEditing()
    }

    /// Asks the delegate about each paragraph meeting `range` and styles the copy's paragraphs
    /// accordingly (the storage's attributes where it has nothing to say).
    func restyle(_ range: NSRange) {
        guard let storage = owner.textStorage, storage.length > 0 else { return }
        // The range held to the text (an edit at its end restyles the last paragraph).
        let location = min(range.location, storage.length - 1)
        let paragraphs = storage.paragraphRange(for: NSRange(location: location, length: min(range.length, storage.length - location)))
        var start = paragraphs.location
        while start < paragraphs.location + paragraphs.length {
            let paragraph = storage.paragraphRange(for: NSRange(location: start, length: 0))
            let element = owner.paragraph(for: paragraph)
            let shown = owner.delegate?.textContentManager(owner, shouldEnumerate: element, options: []) ?? true
            if !shown {
                text.setAttributes(Self.hiddenAttributes, range: paragraph)
            } else if element.attributedString.length == paragraph.length {
                text.replaceCharacters(in: paragraph, with: element.attributedString)
            } else {
                text.replaceCharacters(in: paragraph, with: storage.attributedSubstring(from: paragraph))
            }
            start = paragraph.location + paragraph.length
        }
    }

    /// What a hidden paragraph is laid out with: no height, no ink.
    static var hiddenAttributes: [NSAttributedString.Key: Any] {
        let style = NSMutableParagraphStyle()
        style.minimumLineHeight = 0.0001
        style.maximumLineHeight = 0.0001
        return [.font: UIFont.systemFont(ofSize: 0.01), .paragraphStyle: style, .foregroundColor: UIColor.clear]
    }
}
