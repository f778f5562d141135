import TextKitGraphics
import TextKitModel

/// What observes a text storage's edits for TextKit 2, as TextKit's `NSTextStorageObserving`:
/// ``NSTextContentStorage`` adopts it and sets itself as its storage's `textStorageObserver`.
public protocol NSTextStorageObserving: AnyObject {
    /// The observed storage.
    var textStorage: NSTextStorage? { get set }
    /// A round of edits was processed (after the storage's layout managers were told).
    func processEditing(for textStorage: NSTextStorage, edited editMask: NSTextStorage.EditActions,
                        range newCharRange: NSRange, changeInLength delta: Int, invalidatedRange invalidatedCharRange: NSRange)
    /// Runs `transaction`, which edits `textStorage`, as one change.
    func performEditingTransaction(for textStorage: NSTextStorage, using transaction: () -> Void)
}

/// What a content storage asks its delegate, as TextKit's `NSTextContentStorageDelegate`.
public protocol NSTextContentStorageDelegate: NSTextContentManagerDelegate {
    /// A paragraph to show for the storage's characters in `range` (a whole paragraph, separator
    /// included) instead of the storage's own — for example the same text with other attributes —
    /// leaving the storage unchanged; nil for the storage's paragraph.
    func textContentStorage(_ textContentStorage: NSTextContentStorage, textParagraphWith range: NSRange) -> NSTextParagraph?
}

extension NSTextContentStorageDelegate {
    /// Default: nil (the storage's own paragraph).
    public func textContentStorage(_ textContentStorage: NSTextContentStorage, textParagraphWith range: NSRange) -> NSTextParagraph? { nil }
}

/// TextKit 2's content manager over an `NSTextStorage`, as TextKit's `NSTextContentStorage`: its
/// elements are the storage's paragraphs (``NSTextParagraph``, separator included), its locations
/// UTF-16 offsets into the storage. Edit the storage inside ``performEditingTransaction(_:)``; every
/// edit reaches the layout managers through the storage's ``NSTextStorage/textStorageObserver``.
///
/// Linux note: the delegate is declared once, on ``NSTextContentManager``, as an
/// `NSTextContentManagerDelegate` (Swift cannot narrow a stored property's type in a subclass, as
/// Objective-C does). Assigning an `NSTextContentStorageDelegate` works as on iOS; the content
/// storage asks it its own method.
open class NSTextContentStorage: NSTextContentManager, NSTextStorageObserving {
    /// The text this content storage presents (a new, empty storage at first). Setting another
    /// storage lays everything out again.
    open var textStorage: NSTextStorage? {
        didSet {
            guard textStorage !== oldValue else { return }
            if oldValue?.textStorageObserver === self { oldValue?.textStorageObserver = nil }
            textStorage?.textStorageObserver = self
            displayText?.rebuild()
            for layoutManager in textLayoutManagers { layoutManager.attach(to: self) }
        }
    }

    /// With a delegate: the text the layout managers lay out, the storage's with the delegate's
    /// display paragraphs and hidden elements (ContentStorageDisplayText.swift).
    private(set) var displayText: ContentStorageDisplayText?

    /// The delegate. Setting one makes the layout managers lay out what it answers: its display
    /// paragraphs (`textContentStorage(_:textParagraphWith:)`) and, for the paragraphs it declines
    /// to enumerate, nothing. When its answers change, invalidate the layout of the range they
    /// concern (`NSTextLayoutManager.invalidateLayout(for:)`), as on iOS.
    open override weak var delegate: NSTextContentManagerDelegate? {
        didSet {
            guard delegate !== oldValue else { return }
            displayText = delegate == nil ? nil : ContentStorageDisplayText(of: self)
            for layoutManager in textLayoutManagers { layoutManager.attach(to: self) }
        }
    }

    /// What the layout managers lay out: ``textStorage``, or its display copy under a delegate.
    var layoutText: NSTextStorage? { displayText?.text ?? textStorage }

    public override init() {
        textStorage = NSTextStorage()
        super.init()
        textStorage?.textStorageObserver = self
    }

    /// The storage's contents; setting it replaces them (as one edit).
    open var attributedString: NSAttributedString? {
        get { textStorage.map { NSAttributedString(attributedString: $0) } }
        set {
            guard let storage = textStorage else { return }
            storage.setAttributedString(newValue ?? NSAttributedString(string: ""))
        }
    }

    // MARK: Locations

    private var length: Int { textStorage?.length ?? 0 }

    /// Location `offset`, which must be within the document.
    func location(at offset: Int) -> CountableTextLocation {
        checkPrecondition(offset >= 0 && offset <= length, "NSTextContentStorage: offset \(offset) is outside the document (length \(length))")
        return CountableTextLocation(offset)
    }

    /// The storage range of `range`.
    func characterRange(for range: NSTextRange) -> NSRange {
        let start = CountableTextLocation.offset(of: range.location), end = CountableTextLocation.offset(of: range.endLocation)
        checkPrecondition(start >= 0 && end <= length, "NSTextContentStorage: text range {\(start), \(end)} is outside the document (length \(length))")
        return NSRange(location: start, length: end - start)
    }

    /// The text range of storage range `range`.
    func textRange(for range: NSRange) -> NSTextRange {
        NSTextRange(location: location(at: range.location), end: location(at: range.location + range.length))!
    }

    open override var documentRange: NSTextRange { textRange(for: NSRange(location: 0, length: length)) }

    open override func location(_ location: any NSTextLocation, offsetBy offset: Int) -> (any NSTextLocation)? {
        let (target, overflow) = CountableTextLocation.offset(of: location).addingReportingOverflow(offset)
        guard !overflow, target >= 0, target <= length else { return nil }
        return CountableTextLocation(target)
    }

    open override func offset(from: any NSTextLocation, to: any NSTextLocation) -> Int {
        CountableTextLocation.offset(of: to) - CountableTextLocation.offset(of: from)
    }

    /// `textRange` widened to whole grapheme clusters (nil when it already is).
    open override func adjustedRange(from textRange: NSTextRange, forEditingTextSelection: Bool) -> NSTextRange? {
        guard let storage = textStorage else { return nil }
        let range = characterRange(for: textRange)
        let string = storage.string as NSString
        var adjusted = range
        if range.location < string.length {
            adjusted = NSUnionRange(adjusted, NSRange(location: string.rangeOfComposedCharacterSequence(at: range.location).location, length: 0))
        }
        if range.length > 0 {
            let last = string.rangeOfComposedCharacterSequence(at: range.location + range.length - 1)
            adjusted = NSUnionRange(adjusted, NSRange(location: last.location + last.length, length: 0))
        }
        return adjusted == range ? nil : self.textRange(for: adjusted)
    }

    // MARK: Elements

    /// The element of the paragraph at storage range `range`: the delegate's paragraph if it gives
    /// one, else the storage's.
    func paragraph(for range: NSRange) -> NSTextParagraph {
        let storageDelegate = delegate as? NSTextContentStorageDelegate
        let paragraph = storageDelegate?.textContentStorage(self, textParagraphWith: range)
            ?? NSTextParagraph(attributedString: textStorage?.attributedSubstring(from: range))
        paragraph.textContentManager = self
        paragraph.elementRange = textRange(for: range)
        return paragraph
    }

    /// The storage range of the paragraph holding `offset`: the paragraph that ends with the text,
    /// for the document's end; nil for an empty document, or at the end after a final separator
    /// (TextKit 2 has no element there; layout shows it as the extra line fragment).
    func paragraphRange(at offset: Int) -> NSRange? {
        guard let storage = textStorage, offset >= 0, offset <= storage.length else { return nil }
        if offset == storage.length {
            let tail = storage.attributedSubstring(from: NSRange(location: max(0, offset - 2), length: min(2, offset))).string
            guard offset > 0, ParagraphSeparator.length(atEndOf: tail) == 0 else { return nil }
            return storage.paragraphRange(for: NSRange(location: offset - 1, length: 0))
        }
        return storage.paragraphRange(for: NSRange(location: offset, length: 0))
    }

    /// Calls `block` with each paragraph from the one holding `textLocation` (the document's start
    /// for nil) onwards, or with `.reverse` from the one holding the character before it (the
    /// document's end for nil) backwards, until it returns false; elements the delegate declines
    /// are skipped. Returns the edge enumeration reached (the end of the last paragraph given, its
    /// start in reverse), nil when there was nothing to enumerate.
    @discardableResult
    open override func enumerateTextElements(from textLocation: (any NSTextLocation)?, options: EnumerationOptions = [],
                                             using block: (NSTextElement) -> Bool) -> (any NSTextLocation)? {
        let reverse = options.contains(.reverse)
        let start = textLocation.map(CountableTextLocation.offset(of:)) ?? (reverse ? length : 0)
        // Forwards from the element holding the location; backwards from the one holding the
        // character before it (TextKit's convention for every enumeration from a location).
        let first = reverse ? (start > 0 ? paragraphRange(at: start - 1) : nil) : paragraphRange(at: start)
        guard var range = first else { return nil }
        var reached: (any NSTextLocation)?
        while true {
            let element = paragraph(for: range)
            reached = location(at: reverse ? range.location : range.location + range.length)
            if delegate?.textContentManager(self, shouldEnumerate: element, options: options) ?? true {
                guard block(element) else { break }
            }
            let next = reverse ? range.location - 1 : range.location + range.length
            guard next >= 0, next < length, let following = paragraphRange(at: next) else { break }
            range = following
        }
        return reached
    }

    /// The attributed string of `textElement` (a paragraph's), nil for other elements.
    open func attributedString(for textElement: NSTextElement) -> NSAttributedString? {
        (textElement as? NSTextParagraph)?.attributedString
    }

    /// The paragraph element for `attributedString`.
    open func textElement(for attributedString: NSAttributedString) -> NSTextElement? {
        let paragraph = NSTextParagraph(attributedString: attributedString)
        paragraph.textContentManager = self
        return paragraph
    }

    /// Replaces the storage's characters in `range` with the elements' attributed strings.
    open override func replaceContents(in range: NSTextRange, with textElements: [NSTextElement]?) {
        guard let storage = textStorage else { return }
        let replacement = NSMutableAttributedString()
        for element in textElements ?? [] {
            if let string = attributedString(for: element) { replacement.append(string) }
        }
        storage.replaceCharacters(in: characterRange(for: range), with: replacement)
    }

    // MARK: NSTextStorageObserving

    /// The storage processed a round of edits: the display copy (under a delegate) and every layout
    /// manager follow it.
    open func processEditing(for textStorage: NSTextStorage, edited editMask: NSTextStorage.EditActions,
                             range newCharRange: NSRange, changeInLength delta: Int, invalidatedRange invalidatedCharRange: NSRange) {
        guard textStorage === self.textStorage else { return }
        displayText?.apply(edited: newCharRange, changeInLength: delta)
        for layoutManager in textLayoutManagers {
            layoutManager.storageEdited(editMask, range: newCharRange, changeInLength: delta)
        }
    }

    /// Runs `transaction` as one editing transaction (``performEditingTransaction(_:)``).
    open func performEditingTransaction(for textStorage: NSTextStorage, using transaction: () -> Void) {
        performEditingTransaction(transaction)
    }

    open override func performEditingTransaction(_ transaction: () -> Void) {
        super.performEditingTransaction {
            textStorage?.beginEditing()
            transaction()
            textStorage?.endEditing()
        }
    }
}
