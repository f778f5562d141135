import TextKitFonts
import TextKitGraphics
import TextKitModel

/// TextKit 2's layout manager, as TextKit's `NSTextLayoutManager`: it lays out the elements of a
/// content manager in a text container as layout fragments (one per paragraph), each holding its
/// line fragments, and answers geometry questions in ``NSTextLocation``s and ``NSTextRange``s.
///
/// ## One engine
///
/// TextKit 2 here is a second façade over the engine TextKit 1 uses, not a second engine: each
/// `NSTextLayoutManager` drives an internal TextKit 1 layout manager over the content storage's
/// text storage, so both generations make the same lines from the same text and container, with
/// the same caret model and the same painter. Layout is lazy and non-contiguous: a fragment is
/// laid out when its geometry is first asked for (or when ``ensureLayout(for:)-(NSTextRange)`` or an
/// enumeration with `.ensuresLayout` asks), without the text before it, which keeps an estimated
/// height until it is laid out in turn (see ``usageBoundsForTextContainer``).
///
/// Layout needs an ``NSTextContentStorage`` (a content manager of your own can hold the
/// elements, but only a content storage's text is laid out).
open class NSTextLayoutManager: NSObject {
    /// The engine: a TextKit 1 layout manager over the content storage's text storage, holding
    /// ``textContainer``. Not in the storage's `layoutManagers`; the storage tells it of edits
    /// through the content storage (its `textStorageObserver`).
    private(set) var engine = NSLayoutManager()
    /// The layout fragments handed out, in document order (by their paragraph's start): the same
    /// fragment object comes back for a paragraph until an edit in it or an invalidation replaces
    /// it. An array, so that an edit moves the fragments after it by adding to their starts,
    /// rather than rehashing up to 4,096 of them a keystroke.
    var fragments: [NSTextLayoutFragment] = []
    /// At most this many fragments are remembered; past it the cache starts again.
    static let fragmentCacheLimit = 4_096
    private weak var contentManager: NSTextContentManager?
    private lazy var delegateBridge = TextKit2DelegateBridge(owner: self)
    private lazy var viewportController = NSTextViewportLayoutController(textLayoutManager: self)
    private lazy var navigation = NSTextSelectionNavigation(dataSource: self)

    public override init() {
        super.init()
        engine.textKit2Owner = self
        engine.allowsNonContiguousLayout = true
    }

    /// The delegate (held weakly).
    open weak var delegate: NSTextLayoutManagerDelegate? {
        didSet { engine.delegate = delegate == nil ? nil : delegateBridge }
    }

    /// Whether the fonts' leading is part of line heights (true by default).
    open var usesFontLeading: Bool {
        get { engine.usesFontLeading }
        set { engine.usesFontLeading = newValue }
    }

    /// Whether lines are hyphenated where a paragraph style does not say otherwise (false by
    /// default).
    open var usesHyphenation: Bool {
        get { engine.usesDefaultHyphenation }
        set { engine.usesDefaultHyphenation = newValue }
    }

    /// Accepted for source compatibility; layout never degrades on long lines here.
    open var limitsLayoutForSuspiciousContents = false

    /// Accepted for source compatibility: layout runs on the calling thread.
    open var layoutQueue: OperationQueue?

    /// Called with each new layout fragment before it is first drawn or shown by the viewport
    /// controller, to set its rendering attributes (``setRenderingAttributes(_:for:)``); again for
    /// the fragments of a range after ``invalidateRenderingAttributes(for:)``.
    open var renderingAttributesValidator: ((NSTextLayoutManager, NSTextLayoutFragment) -> Void)?

    // MARK: Selections

    /// The selections of the text shown by this layout manager (empty until an editor sets them).
    /// They follow edits of the text: locations after an edit move with it, and a range the edit
    /// touched ends where the edited text ends.
    open var textSelections: [NSTextSelection] = []

    /// Navigation over this layout manager's text and layout.
    open var textSelectionNavigation: NSTextSelectionNavigation {
        get { navigation }
        set { navigation = newValue }
    }

    // MARK: Content and container

    /// The content manager whose elements this layout manager lays out (set by
    /// `NSTextContentManager.addTextLayoutManager(_:)`).
    open var textContentManager: NSTextContentManager? { contentManager }

    /// Moves this layout manager, and every other layout manager of its content manager, to
    /// `textContentManager`.
    open func replace(_ textContentManager: NSTextContentManager) {
        let managers = contentManager?.textLayoutManagers ?? [self]
        for manager in managers { textContentManager.addTextLayoutManager(manager) }
    }

    /// The container text is laid out in (nil until set). A container belongs to one layout
    /// manager; its `textLayoutManager` is this one and its `layoutManager` nil. As in TextKit 2,
    /// a width or height of 0 means unbounded (`CGSize(width: 300, height: 0)`: a column of
    /// unlimited height).
    open var textContainer: NSTextContainer? {
        get { engine.textContainers.first }
        set {
            guard newValue !== textContainer else { return }
            while !engine.textContainers.isEmpty {
                engine.textContainers[0].zeroSizeMeansUnbounded = false
                engine.removeTextContainer(at: 0)
            }
            if let container = newValue {
                engine.addTextContainer(container)
                container.zeroSizeMeansUnbounded = true
            }
            forgetFragments()
        }
    }

    /// Set by a text view running on this layout manager: switches the view to TextKit 1 and
    /// returns its layout manager (when code asks the container for its `layoutManager`).
    package var textKit1Fallback: (() -> NSLayoutManager)?

    /// Gives the engine, with its container and layout, to TextKit 1: it becomes an ordinary
    /// layout manager of the content storage's text storage (its `layoutManagers`), and this
    /// layout manager is left with no content manager and no container. What a text view does
    /// when code asks for its `layoutManager` (UIKit's TextKit 1 compatibility mode).
    package func releaseEngineToTextKit1() -> NSLayoutManager {
        let released = engine
        textKit1Fallback = nil
        let storage = contentStorage?.textStorage
        if let text = released.textStorage, text !== storage, text.layoutManagers.contains(where: { $0 === released }) {
            text.removeLayoutManager(released)  // the display copy
        }
        forgetFragments()
        released.delegate = nil
        released.textKit2Owner = nil
        released.allowsNonContiguousLayout = false  // TextKit 1's default
        for container in released.textContainers { container.zeroSizeMeansUnbounded = false }
        engine = NSLayoutManager()
        engine.textKit2Owner = self
        engine.allowsNonContiguousLayout = true
        contentManager?.removeTextLayoutManager(self)
        if let storage {
            if released.textStorage !== storage { released.textStorage = nil }
            storage.addLayoutManager(released)
        }
        return released
    }

    /// The content storage, when the content manager is one (only its text can be laid out).
    var contentStorage: NSTextContentStorage? { contentManager as? NSTextContentStorage }

    /// Called by the content manager when it adds (or removes, with nil) this layout manager, and
    /// by a content storage whose text storage changed.
    func attach(to manager: NSTextContentManager?) {
        contentManager = manager
        // The engine lays out the storage itself (told of edits by the content storage), or the
        // display copy a content storage's delegate shapes (as one of its layout managers).
        let storage = manager.flatMap { $0 as? NSTextContentStorage }
        let text = storage?.layoutText
        if let current = engine.textStorage, current !== text, current.layoutManagers.contains(where: { $0 === engine }) {
            current.removeLayoutManager(engine)
        }
        if let text, text !== storage?.textStorage {
            if !text.layoutManagers.contains(where: { $0 === engine }) { text.addLayoutManager(engine) }
        } else if engine.textStorage !== text {
            engine.textStorage = text
        }
        forgetFragments()
    }

    /// The whole document (an empty range when there is no content manager).
    open var documentRange: NSTextRange {
        contentManager?.documentRange ?? NSTextRange(location: CountableTextLocation(0))
    }

    /// The content manager's `location(_:offsetBy:)`.
    open func location(_ location: any NSTextLocation, offsetBy offset: Int) -> (any NSTextLocation)? {
        contentManager?.location(location, offsetBy: offset)
    }

    /// The content manager's `offset(from:to:)`.
    open func offset(from: any NSTextLocation, to: any NSTextLocation) -> Int {
        contentManager?.offset(from: from, to: to) ?? NSNotFound
    }

    // MARK: Edits

    /// The storage processed a round of edits: the engine lays out the changed paragraphs again,
    /// fragments of untouched paragraphs after the edit move with their text, and those of the
    /// touched ones are dropped.
    func storageEdited(_ mask: NSTextStorage.EditActions, range: NSRange, changeInLength delta: Int) {
        // The display copy, when there is one, already told the engine (it is one of its layout managers).
        if let storage = engine.textStorage, storage === contentStorage?.textStorage {
            engine.processEditing(for: storage, edited: mask, range: range, changeInLength: delta, invalidatedRange: range)
        }
        // Fragments before the edit stay (one ending right at it only after a separator); those
        // starting after its old end move; those of the paragraphs it touched are detached: of a
        // long paragraph, all its pieces' (the engine may have cut those near the edit again).
        var range = range
        if let storage = contentStorage?.textStorage, range.location <= storage.length {
            let paragraph = storage.paragraphRange(for: NSRange(location: range.location, length: 0))
            if engine.laysOutInPieces(paragraphLength: paragraph.length) { range = NSUnionRange(range, paragraph) }
        }
        let oldEnd = range.location + range.length - delta
        var first = firstFragmentIndex(atOrAfter: range.location)
        while first > 0 {
            let before = fragments[first - 1]
            let end = before.paragraphRange.location + before.paragraphRange.length
            guard end > range.location || (end == range.location && !before.endsWithSeparator) else { break }
            first -= 1
        }
        let after = firstFragmentIndex(atOrAfter: oldEnd + 1)
        for fragment in fragments[after...] { fragment.shift(by: delta) }
        for fragment in fragments[first..<after] { fragment.detach() }
        fragments.removeSubrange(first..<after)
        moveSelections(edited: range, changeInLength: delta)
    }

    /// Moves ``textSelections`` with an edit of `range` (new text) that changed the length by `delta`.
    private func moveSelections(edited range: NSRange, changeInLength delta: Int) {
        guard !textSelections.isEmpty else { return }
        let oldEnd = range.location + range.length - delta
        func moved(_ location: any NSTextLocation) -> any NSTextLocation {
            let offset = CountableTextLocation.offset(of: location)
            if offset < range.location { return location }
            return CountableTextLocation(offset >= oldEnd && offset > range.location ? offset + delta : range.location + range.length)
        }
        textSelections = textSelections.map { selection in
            selection.textSelection(with: selection.textRanges.map { NSTextRange(location: moved($0.location), end: moved($0.endLocation))! })
        }
    }

    /// Drops about half of the fragments, keeping those nearest `offset` (those of an enumeration
    /// in progress, near `offset`, stay).
    private func forgetFragments(farthestFrom offset: Int) {
        let center = firstFragmentIndex(atOrAfter: offset)
        let keep = max(0, center - Self.fragmentCacheLimit / 4)..<min(fragments.count, center + Self.fragmentCacheLimit / 4)
        for (i, fragment) in fragments.enumerated() where !keep.contains(i) { fragment.detach() }
        fragments = Array(fragments[keep])
    }

    /// Drops every fragment (the container or the content changed).
    func forgetFragments() {
        for fragment in fragments { fragment.detach() }
        fragments = []
    }

    /// The index of the first fragment whose paragraph starts at or after `location` (binary search).
    func firstFragmentIndex(atOrAfter location: Int) -> Int {
        var low = 0, high = fragments.count
        while low < high {
            let mid = (low + high) / 2
            if fragments[mid].paragraphRange.location < location { low = mid + 1 } else { high = mid }
        }
        return low
    }

    // MARK: Fragments

    /// The fragment of the paragraph (or the piece of a long one, ``fragmentRange(at:in:)``) at
    /// storage range `range`: the one handed out before, or a new one from the delegate.
    func fragment(forParagraph range: NSRange, in storage: NSTextContentStorage) -> NSTextLayoutFragment {
        var index = firstFragmentIndex(atOrAfter: range.location)
        if index < fragments.count, fragments[index].paragraphRange == range { return fragments[index] }
        let element = storage.paragraph(for: range)
        let fragment = delegate?.textLayoutManager(self, textLayoutFragmentFor: element.elementRange!.location, in: element)
            ?? NSTextLayoutFragment(textElement: element, range: element.elementRange)
        fragment.adopt(by: self, paragraph: range, element: element)
        if fragments.count >= Self.fragmentCacheLimit {
            forgetFragments(farthestFrom: range.location)
            index = firstFragmentIndex(atOrAfter: range.location)
        }
        if index < fragments.count, fragments[index].paragraphRange.location == range.location {
            fragments[index].detach()  // the paragraph's old fragment (a different range)
            fragments[index] = fragment
        } else {
            fragments.insert(fragment, at: index)
        }
        return fragment
    }

    /// The fragment for an empty document, which has no paragraph: it holds the extra line fragment.
    func emptyDocumentFragment(in storage: NSTextContentStorage) -> NSTextLayoutFragment {
        let fragment = fragment(forParagraph: NSRange(location: 0, length: 0), in: storage)
        fragment.showsExtraLineFragment = true
        return fragment
    }

    /// The storage range of the fragment holding `offset`: at the end of a text that ends with a
    /// separator, the last paragraph's (whose fragment shows the extra line fragment).
    func fragmentRange(holding offset: Int, in storage: NSTextContentStorage) -> NSRange? {
        fragmentRange(at: offset, in: storage) ?? (offset > 0 ? fragmentRange(at: offset - 1, in: storage) : nil)
    }

    /// The storage range of the fragment at `offset`: its paragraph, as the content storage finds
    /// it, or the piece of a paragraph longer than 65,536 units that the engine lays out on its
    /// own (a fragment of its own, whose element holds the piece's text): a keystroke in a 50 MB
    /// line lays out a piece, not the line.
    func fragmentRange(at offset: Int, in storage: NSTextContentStorage) -> NSRange? {
        storage.paragraphRange(at: offset).map { engine.layoutPieceRange(holding: offset, ofParagraph: $0) }
    }

    /// Calls `block` with each layout fragment from the one holding `location` (the document's
    /// start for nil) onwards, or with `.reverse` from the one holding the character before it
    /// (the document's end for nil) backwards, until it returns false. Returns the location enumeration reached: the end of the last fragment given
    /// (its start, in reverse), nil when it gave none.
    ///
    /// Fragments are laid out when their geometry is asked for, whether or not `.ensuresLayout` is
    /// given (so `.estimatesSize` changes nothing). With `.ensuresExtraLineFragment`, the last
    /// fragment of a text that ends with a paragraph separator holds the extra line fragment (the
    /// empty line after it), and an empty document gives one fragment holding only that line.
    /// Paragraphs the content manager's delegate declines to enumerate are skipped (and take no
    /// room: see ``NSTextContentStorage``'s delegate).
    @discardableResult
    open func enumerateTextLayoutFragments(from location: (any NSTextLocation)?, options: NSTextLayoutFragment.EnumerationOptions = [],
                                           using block: (NSTextLayoutFragment) -> Bool) -> (any NSTextLocation)? {
        guard let storage = contentStorage, let text = storage.textStorage else { return nil }
        let reverse = options.contains(.reverse)
        let length = text.length
        if length == 0 {
            guard options.contains(.ensuresExtraLineFragment) else { return nil }
            _ = block(emptyDocumentFragment(in: storage))
            return CountableTextLocation(0)
        }
        let start = location.map(CountableTextLocation.offset(of:)) ?? (reverse ? length : 0)
        let first = reverse ? (start > 0 ? fragmentRange(at: start - 1, in: storage) : nil) : fragmentRange(holding: start, in: storage)
        guard var range = first else { return nil }
        var reached: (any NSTextLocation)?
        while true {
            let fragment = self.fragment(forParagraph: range, in: storage)
            let isLast = range.location + range.length == length
            if isLast && options.contains(.ensuresExtraLineFragment) { fragment.showsExtraLineFragment = true }
            if options.contains(.ensuresLayout) { fragment.ensureLayout() }
            reached = CountableTextLocation(reverse ? range.location : range.location + range.length)
            let shown = storage.delegate.map { delegate in
                fragment.textElement.map { delegate.textContentManager(storage, shouldEnumerate: $0, options: reverse ? .reverse : []) } ?? true
            } ?? true
            if shown {
                guard block(fragment) else { break }
            }
            let next = reverse ? range.location - 1 : range.location + range.length
            guard next >= 0, next < length, let following = fragmentRange(at: next, in: storage) else { break }
            range = following
        }
        return reached
    }

    /// The layout fragment holding `location` (the last one, at the end of the text), laid out;
    /// nil without content.
    open func textLayoutFragment(for location: any NSTextLocation) -> NSTextLayoutFragment? {
        guard let storage = contentStorage, let text = storage.textStorage else { return nil }
        let offset = CountableTextLocation.offset(of: location)
        checkPrecondition(offset >= 0 && offset <= text.length, "textLayoutFragment(for:): location \(offset) is outside the document (length \(text.length))")
        if text.length == 0 { return emptyDocumentFragment(in: storage) }
        guard let range = fragmentRange(holding: offset, in: storage) else { return nil }
        engine.ensureLayout(forCharacterRange: range)
        return fragment(forParagraph: range, in: storage)
    }

    /// The layout fragment whose frame holds `position` (container coordinates), laying out text
    /// as far as that point; nil when no fragment is there.
    open func textLayoutFragment(for position: CGPoint) -> NSTextLayoutFragment? {
        guard let storage = contentStorage, let text = storage.textStorage, let container = textContainer else { return nil }
        guard position.y.isFinite, position.x.isFinite else { return nil }
        if text.length == 0 {
            let fragment = emptyDocumentFragment(in: storage)
            return fragment.layoutFragmentFrame.contains(position) ? fragment : nil
        }
        engine.ensureLayout(forBoundingRect: CGRect(x: 0, y: max(0, position.y), width: 1, height: 1), in: container)
        let glyph = engine.glyphIndex(for: position, in: container)
        guard engine.isValidGlyphIndex(glyph) else { return nil }
        let character = engine.characterIndexForGlyph(at: glyph)
        guard let range = fragmentRange(holding: character, in: storage) else { return nil }
        let fragment = self.fragment(forParagraph: range, in: storage)
        let frame = fragment.layoutFragmentFrame
        return position.y >= frame.minY && position.y < frame.maxY ? fragment : nil
    }

    // MARK: Layout

    /// Lays out the fragments that intersect `range` (and the text before them).
    open func ensureLayout(for range: NSTextRange) {
        guard let storage = contentStorage else { return }
        engine.ensureLayout(forCharacterRange: storage.characterRange(for: range))
    }

    /// Lays out the fragments that intersect `bounds` (container coordinates).
    open func ensureLayout(for bounds: CGRect) {
        guard let container = textContainer, !bounds.isNull, bounds.minY.isFinite else { return }
        engine.ensureLayout(forBoundingRect: bounds, in: container)
    }

    /// Throws away the layout of the fragments that intersect `range`: they are laid out again
    /// when next asked for, as new fragment objects.
    open func invalidateLayout(for range: NSTextRange) {
        guard let storage = contentStorage else { return }
        let characters = storage.characterRange(for: range)
        let length = storage.textStorage?.length ?? 0
        guard length > 0 else { return }
        let clipped = NSRange(location: min(characters.location, length), length: 0)
        let widened = NSUnionRange(characters.location < length ? characters : clipped,
                                   NSRange(location: min(characters.location + characters.length, length), length: 0))
        if let display = storage.displayText {
            display.restyle(widened)  // the delegate's answers may have changed
        }
        engine.invalidateLayout(forCharacterRange: widened, actualCharacterRange: nil)
        var first = firstFragmentIndex(atOrAfter: widened.location)
        if first > 0, fragments[first - 1].paragraphRange.location + fragments[first - 1].paragraphRange.length >= widened.location { first -= 1 }
        let end = firstFragmentIndex(atOrAfter: widened.location + widened.length + 1)
        if first < end {
            for fragment in fragments[first..<end] { fragment.detach() }
            fragments.removeSubrange(first..<end)
        }
    }

    /// The bounds the text takes in the container: laid-out lines as they are, and text not laid
    /// out yet at an estimated height (lines of the text's first font, at half an em a
    /// character). Changes as layout replaces estimates, as TextKit's does.
    open var usageBoundsForTextContainer: CGRect {
        guard let container = textContainer, let length = engine.textStorage?.length else { return .zero }
        // TextKit 1's used rects hold the padding at both ends; TextKit 2's bounds start where text starts.
        let padding = container.lineFragmentPadding
        if !engine.laysOutNonContiguously || engine.firstUnlaidCharacterIndex() >= length {
            let used = engine.usedRect(for: container)
            return CGRect(x: used.minX + padding, y: used.minY, width: max(0, used.width - 2 * padding), height: used.height)
        }
        let width = container.layoutSize.width < LayoutLimits.coordinate ? container.layoutSize.width : 0
        return CGRect(x: padding, y: 0, width: max(0, width - 2 * padding), height: engine.estimatedTextHeight)
    }

    /// The controller that lays out and shows what a scrolled view's viewport holds.
    open var textViewportLayoutController: NSTextViewportLayoutController { viewportController }

    // MARK: Editing

    /// Replaces the content of `range` with the text of `textElements` (paragraphs).
    open func replaceContents(in range: NSTextRange, with textElements: [NSTextElement]) {
        guard let manager = contentManager else { return }
        manager.performEditingTransaction { manager.replaceContents(in: range, with: textElements) }
    }

    /// Replaces the characters of `range` with `attributedString`.
    open func replaceContents(in range: NSTextRange, with attributedString: NSAttributedString) {
        guard let storage = contentStorage, let textStorage = storage.textStorage else { return }
        storage.performEditingTransaction {
            textStorage.replaceCharacters(in: storage.characterRange(for: range), with: attributedString)
        }
    }
}
