import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// TextKit's layout manager: it turns a text storage's characters into glyphs and lines, fills
/// its text containers with line fragments, answers geometry questions and draws.
///
/// Layout is paragraph-granular and lazy. The layout manager keeps the storage's paragraphs in a
/// balanced tree (swift-collections' `Rope`) whose nodes sum each paragraph's length, glyph count
/// and height; a paragraph's glyphs and lines are made the first time a query needs them, and an
/// edit throws away only the paragraphs it touches. Queries lay out only as far as they must (a
/// glyph, a container, a rectangle). With one simple container — no exclusion paths, no line
/// limit, unbounded height — a paragraph's lines do not depend on where it is, so after an edit the
/// paragraphs below only move, which the tree's height sums do in O(log n). Otherwise relayout
/// proceeds from the edit until a paragraph starts where it started before.
///
/// Ranges are `NSRange`s of UTF-16 units (characters) or of glyphs, as in TextKit. Out-of-range
/// indices are programmer errors and trap with a message naming the index and the bound.
open class NSLayoutManager: NSObject {
    /// The text storage this layout manager lays out, set by `NSTextStorage.addLayoutManager(_:)`.
    /// Weak rather than Apple's `unowned(unsafe)`: the storage owns its layout managers, so this
    /// never forms a cycle, and a layout manager that outlives its storage sees nil.
    public weak var textStorage: NSTextStorage? {
        didSet {
            if textStorage !== oldValue { rebuildParagraphs() }
        }
    }

    /// The containers text flows through, in order.
    public private(set) var textContainers: [NSTextContainer] = []

    /// The delegate (held weakly, as TextKit).
    open weak var delegate: NSLayoutManagerDelegate?

    /// Whether white space and other invisible characters are drawn with visible symbols.
    open var showsInvisibleCharacters = false {
        didSet { if showsInvisibleCharacters != oldValue { invalidateAllDisplay() } }
    }

    /// Whether control characters are drawn with visible symbols.
    open var showsControlCharacters = false {
        didSet { if showsControlCharacters != oldValue { invalidateAllDisplay() } }
    }

    /// Whether the fonts' leading is part of line heights (true by default, as TextKit).
    open var usesFontLeading = true {
        didSet { if usesFontLeading != oldValue { invalidateAllLayout() } }
    }

    /// Accepted for source compatibility; layout here is always contiguous from the start of the
    /// text (it is lazy, so a query near the start never lays out the rest).
    open var allowsNonContiguousLayout = false
    /// Always false: see ``allowsNonContiguousLayout``.
    open var hasNonContiguousLayout: Bool { false }
    /// Accepted for source compatibility; layout never degrades on long lines here.
    open var limitsLayoutForSuspiciousContents = false

    /// Whether lines are hyphenated by default (as a hyphenation factor of 1) where a paragraph
    /// style does not say otherwise.
    open var usesDefaultHyphenation = false {
        didSet { if usesDefaultHyphenation != oldValue { invalidateAllLayout() } }
    }

    /// The hyphenation factor for paragraphs whose style has none (0 to 1); deprecated in UIKit in
    /// favour of ``usesDefaultHyphenation`` but honoured.
    open var hyphenationFactor: CGFloat = 0 {
        didSet { if hyphenationFactor != oldValue { invalidateAllLayout() } }
    }

    /// The most threads layout may use at once (an OpenTextKit addition; TextKit lays out on one
    /// thread). When a long stretch of text needs layout — a document just loaded, a width change —
    /// and the container is one simple rectangle of unbounded height, paragraphs are shaped and
    /// broken on up to this many threads. Delegate methods are always called on the calling
    /// thread: with a delegate set, layout is sequential. Default: the number of active processors.
    public var maximumLayoutThreads: Int = ProcessInfo.processInfo.activeProcessorCount

    // MARK: State

    /// The paragraphs, with their glyphs and lines once made.
    var store = ParagraphStore()
    /// Makes glyphs; owns HarfBuzz and ICU scratch (used on the caller's thread).
    let analyzer = ParagraphAnalyzer()
    /// One analyzer per worker thread of parallel layout, made on first use.
    var workerAnalyzers: [ParagraphAnalyzer] = []
    /// Outside the stacked case: paragraphs before this one are known to be laid out where they
    /// belong.
    var validatedParagraphs = 0
    /// The extra line fragment (after a final paragraph separator, or for empty text), computed
    /// when layout reaches the end.
    var extraLineFragment: (rect: CGRect, usedRect: CGRect, container: Int)?
    /// Whether the delegate has heard that layout reached the end of the text (or ran out of
    /// containers) since the last invalidation.
    var hasReportedCompletion = false
    /// The tops of the containers in the stacked flow (``containerTop(_:)``), cleared when a
    /// container is added, removed or changes size.
    var containerTops: [CGFloat] = []
    /// The caret geometry of the line last asked about (hit testing and caret queries ask about
    /// the same line again and again): its paragraph record, that record's layout version and the
    /// line's index. See `lineCarets(for:)`.
    var caretCache: (record: ParagraphRecord, version: Int, fragment: Int, carets: LineCarets)?
    /// The glyph positions of the line last hit-tested, kept the same way (see `glyphHit(x:in:)`).
    var positionCache: (record: ParagraphRecord, version: Int, fragment: Int, xs: [Float], advances: [Float])?
    /// Temporary attributes, by character range (created on first use).
    var temporaryAttributeStorage: NSMutableAttributedString?

    // MARK: Drawing state (used by NSLayoutManager+Drawing.swift only)

    /// The text and clusters of the glyphs drawingGlyphs is about to hand to `showCGGlyphs`, so
    /// that the default implementation can keep PDF text searchable (Apple's `showCGGlyphs` has no
    /// text parameter). Set just around each call; consumed by the first matching call.
    var pendingGlyphText: PendingGlyphText?
    /// The glyph positions of the line drawn last (drawUnderline and friends ask for the same line
    /// many times in a row).
    var drawingLineCache: DrawingLineCache?

    public override init() {
        super.init()
    }

    /// Moves every layout manager of this layout manager's storage to `newTextStorage`.
    open func replaceTextStorage(_ newTextStorage: NSTextStorage) {
        let managers = textStorage?.layoutManagers ?? [self]
        for manager in managers {
            manager.textStorage?.removeLayoutManager(manager)
            newTextStorage.addLayoutManager(manager)
        }
    }

    // MARK: Drawing (overridable)
    //
    // Swift cannot override methods declared in extensions, so the methods TextKit users override
    // to draw their own decorations are declared here and forward to the implementations in
    // NSLayoutManager+Drawing.swift.

    /// Draws the backgrounds of `glyphsToShow` into the current context
    /// (`UIGraphicsGetCurrentContext()`; nothing happens without one), with the container's origin
    /// at `origin` (a glyph at (x, y) in its container lands at `origin` + (x, y), whatever
    /// container it is in). Each stretch of one `.backgroundColor` (a temporary background colour
    /// wins over the storage's) gives, per line, one rect per visual piece over the glyphs'
    /// extent and the line's used height (line spacing included, paragraph spacing not), handed to
    /// ``fillBackgroundRectArray(_:count:forCharacterRange:color:)``. The selection is the host's
    /// business. Call it before ``drawGlyphs(forGlyphRange:at:)``. Lays text out as far as the
    /// range; traps when the range reaches past the glyphs.
    open func drawBackground(forGlyphRange glyphsToShow: NSRange, at origin: CGPoint) {
        _drawBackground(forGlyphRange: glyphsToShow, at: origin)
    }

    /// Draws the glyphs of `glyphsToShow` into the current context (nothing without one), the
    /// container's origin at `origin`, line by line: the glyphs with their attributes through
    /// ``showCGGlyphs(_:positions:count:font:textMatrix:attributes:in:)``, attachments' images in
    /// their bounds, visible symbols for invisible and control characters when
    /// ``showsInvisibleCharacters``/``showsControlCharacters`` are on, underlines through
    /// ``underlineGlyphRange(_:underlineType:lineFragmentRect:lineFragmentGlyphRange:containerOrigin:)``,
    /// strikethroughs through
    /// ``strikethroughGlyphRange(_:strikethroughType:lineFragmentRect:lineFragmentGlyphRange:containerOrigin:)``,
    /// and a link area (`CGContext.setURL(_:for:)`, a clickable annotation in PDF) over each line's
    /// part of each `.link` run.
    ///
    /// Links are drawn as TextKit on iOS draws them: in the link colour (`UIColor.link`) whatever
    /// their `.foregroundColor`, with a single underline unless their `.underlineStyle` names
    /// another (`.underlineColor` applies). Override ``showCGGlyphs(_:positions:count:font:textMatrix:attributes:in:)``
    /// or the underline methods to draw them otherwise.
    open func drawGlyphs(forGlyphRange glyphsToShow: NSRange, at origin: CGPoint) {
        _drawGlyphs(forGlyphRange: glyphsToShow, at: origin)
    }

    /// Puts `glyphCount` glyphs of `font` on the page: the last step of
    /// ``drawGlyphs(forGlyphRange:at:)``, called once per run of one font and style.
    ///
    /// `positions` are the glyphs' baseline origins in the context's user space (y down), already
    /// offset by the drawing origin. `textMatrix` is Core Graphics' text matrix in y-up glyph space
    /// (its translation unused): the font's matrix, `.obliqueness` and synthetic oblique as a shear
    /// (`c`), `.expansion` as a horizontal scale (`a`; advances already include it). As in
    /// TextKit, the caller has already set the context's fill colour, stroke colour, line width,
    /// text drawing mode (outline for `.strokeWidth`, fill-and-stroke for synthetic bold) and
    /// shadow, so an override can change them before calling `super`; `attributes` are the
    /// run's (temporary attributes applied) for overrides to read.
    ///
    /// Linux difference: Apple's method has no parameter for the characters the glyphs stand for.
    /// To keep PDF output searchable, ``drawGlyphs(forGlyphRange:at:)`` hands them over on the
    /// side, and the default implementation passes them to
    /// `CGContext.showGlyphs(_:at:text:clusters:isRightToLeft:)` when it receives the same number
    /// of glyphs it was given; an override that calls `super` with other glyphs draws them
    /// without text (Cairo then guesses the text from the font).
    open func showCGGlyphs(_ glyphs: UnsafePointer<CGGlyph>, positions: UnsafePointer<CGPoint>, count glyphCount: Int,
                           font: UIFont, textMatrix: CGAffineTransform, attributes: [NSAttributedString.Key: Any] = [:],
                           in context: CGContext) {
        _showCGGlyphs(glyphs, positions: positions, count: glyphCount, font: font, textMatrix: textMatrix,
                      attributes: attributes, in: context)
    }

    /// Fills `rectCount` background rects (drawing coordinates) of the characters `charRange` in
    /// `color`, into the current context (called by ``drawBackground(forGlyphRange:at:)``; the
    /// context's graphics state is left as it was).
    open func fillBackgroundRectArray(_ rectArray: UnsafePointer<CGRect>, count rectCount: Int,
                                      forCharacterRange charRange: NSRange, color: UIColor) {
        _fillBackgroundRectArray(rectArray, count: rectCount, forCharacterRange: charRange, color: color)
    }

    /// Draws an underline under `glyphRange` (glyphs of one line, trailing white space and
    /// `.byWord` already taken care of; `underlineVal` no longer has `.byWord`). `baselineOffset` is
    /// the distance from the bottom of the glyphs' typographic bounds up to their baseline (their
    /// largest descent), as Apple documents; the default drawing places the line from the layout
    /// and the fonts: centred at the lowest `underlinePosition` of the fonts in the range, with
    /// their largest `underlineThickness` (doubled for `.thick`; two lines 2t apart for
    /// `.double`; dashed for the patterns), in `.underlineColor`, else the text colour.
    /// `lineRect` is the line fragment rect in container coordinates and `containerOrigin` the
    /// drawing origin.
    open func drawUnderline(forGlyphRange glyphRange: NSRange, underlineType underlineVal: NSUnderlineStyle,
                            baselineOffset: CGFloat, lineFragmentRect lineRect: CGRect,
                            lineFragmentGlyphRange lineGlyphRange: NSRange, containerOrigin: CGPoint) {
        _drawUnderline(forGlyphRange: glyphRange, underlineType: underlineVal, baselineOffset: baselineOffset,
                       lineFragmentRect: lineRect, lineFragmentGlyphRange: lineGlyphRange, containerOrigin: containerOrigin)
    }

    /// Decides which parts of `glyphRange` (one line's stretch of one underline style and colour,
    /// continuous across font and attribute runs) get underlined — all of it but the line's
    /// trailing white space, or each word for `.byWord` — and calls
    /// ``drawUnderline(forGlyphRange:underlineType:baselineOffset:lineFragmentRect:lineFragmentGlyphRange:containerOrigin:)``
    /// for each part.
    open func underlineGlyphRange(_ glyphRange: NSRange, underlineType underlineVal: NSUnderlineStyle,
                                  lineFragmentRect lineRect: CGRect, lineFragmentGlyphRange lineGlyphRange: NSRange,
                                  containerOrigin: CGPoint) {
        _underlineGlyphRange(glyphRange, underlineType: underlineVal, lineFragmentRect: lineRect,
                             lineFragmentGlyphRange: lineGlyphRange, containerOrigin: containerOrigin)
    }

    /// Draws a strikethrough through `glyphRange` (as ``drawUnderline(forGlyphRange:underlineType:baselineOffset:lineFragmentRect:lineFragmentGlyphRange:containerOrigin:)``,
    /// at the fonts' `strikethroughPosition` and `strikethroughThickness`, in
    /// `.strikethroughColor`, else the text colour; `.double` draws two lines t either side).
    open func drawStrikethrough(forGlyphRange glyphRange: NSRange, strikethroughType strikethroughVal: NSUnderlineStyle,
                                baselineOffset: CGFloat, lineFragmentRect lineRect: CGRect,
                                lineFragmentGlyphRange lineGlyphRange: NSRange, containerOrigin: CGPoint) {
        _drawStrikethrough(forGlyphRange: glyphRange, strikethroughType: strikethroughVal, baselineOffset: baselineOffset,
                           lineFragmentRect: lineRect, lineFragmentGlyphRange: lineGlyphRange, containerOrigin: containerOrigin)
    }

    /// Decides which parts of `glyphRange` get struck through (as
    /// ``underlineGlyphRange(_:underlineType:lineFragmentRect:lineFragmentGlyphRange:containerOrigin:)``)
    /// and calls ``drawStrikethrough(forGlyphRange:strikethroughType:baselineOffset:lineFragmentRect:lineFragmentGlyphRange:containerOrigin:)``.
    open func strikethroughGlyphRange(_ glyphRange: NSRange, strikethroughType strikethroughVal: NSUnderlineStyle,
                                      lineFragmentRect lineRect: CGRect, lineFragmentGlyphRange lineGlyphRange: NSRange,
                                      containerOrigin: CGPoint) {
        _strikethroughGlyphRange(glyphRange, strikethroughType: strikethroughVal, lineFragmentRect: lineRect,
                                 lineFragmentGlyphRange: lineGlyphRange, containerOrigin: containerOrigin)
    }

    // MARK: Containers

    /// Appends a container to the flow.
    open func addTextContainer(_ container: NSTextContainer) {
        insertTextContainer(container, at: textContainers.count)
    }

    /// Inserts a container into the flow; layout from that container on is redone.
    open func insertTextContainer(_ container: NSTextContainer, at index: Int) {
        checkPrecondition(index >= 0 && index <= textContainers.count,
                     "insertTextContainer(_:at:): index \(index) beyond \(textContainers.count) containers")
        if let owner = container.layoutManager, owner !== self,
           let i = owner.textContainers.firstIndex(where: { $0 === container }) {
            owner.removeTextContainer(at: i)
        }
        textContainers.insert(container, at: index)
        container.layoutManager = self
        invalidateLayoutFromContainer(index)
    }

    /// Removes a container from the flow; layout from there on is redone.
    open func removeTextContainer(at index: Int) {
        checkPrecondition(index >= 0 && index < textContainers.count,
                     "removeTextContainer(at:): index \(index) beyond \(textContainers.count) containers")
        let container = textContainers.remove(at: index)
        if container.layoutManager === self { container.layoutManager = nil }
        invalidateLayoutFromContainer(index)
    }

    /// Tells the layout manager that `container`'s size, exclusion paths, padding or line limit
    /// changed (containers call it themselves).
    open func textContainerChangedGeometry(_ container: NSTextContainer) {
        guard let index = textContainers.firstIndex(where: { $0 === container }) else { return }
        invalidateLayoutFromContainer(index)
    }

    // MARK: Edits from the storage

    /// Called by the text storage after each round of edits: the paragraphs the edit touched get
    /// new records (no glyphs, no lines); every other paragraph keeps its glyphs and lines.
    open func processEditing(for textStorage: NSTextStorage, edited editMask: NSTextStorage.EditActions,
                             range newCharRange: NSRange, changeInLength delta: Int,
                             invalidatedRange invalidatedCharRange: NSRange) {
        guard textStorage === self.textStorage else { return }
        temporaryAttributesFollowEdit(editMask, range: newCharRange, changeInLength: delta, newLength: textStorage.length)
        if store.count == 0 || store.length + delta != textStorage.length {
            // Out of step (a storage that skipped a notification): start again.
            rebuildParagraphs()
            return
        }
        let oldStart = newCharRange.location
        let oldEnd = newCharRange.location + newCharRange.length - delta
        var first = store.paragraph(containingCharacter: max(0, min(oldStart, store.length))).index
        var last = store.paragraph(containingCharacter: max(oldStart, min(max(oldEnd, oldStart + 1) - 1, store.length))).index
        if oldEnd >= store.length { last = store.count - 1 }
        // The affected paragraphs span [spanStart, spanEnd) in the new text; widen until both ends
        // are paragraph boundaries there (an edit can merge paragraphs or join a CR to an LF).
        var spanStart = store.prefix(first).length
        var spanEnd = store.prefix(last + 1).length + delta
        while first > 0 && !isParagraphStart(spanStart, in: textStorage) {
            first -= 1
            spanStart -= store.record(first).length
        }
        while last < store.count - 1 && !isParagraphEnd(spanEnd, in: textStorage) {
            last += 1
            spanEnd += store.record(last).length
        }
        store.replace(first..<(last + 1), withLengths: paragraphLengths(in: spanStart..<spanEnd, of: textStorage))
        invalidateFlow(fromParagraph: first)
        delegate?.layoutManagerDidInvalidateLayout(self)
    }

    /// Rebuilds every paragraph record from the storage (no glyphs, no lines).
    func rebuildParagraphs() {
        store = ParagraphStore()
        let length = textStorage?.length ?? 0
        let lengths = textStorage.map { paragraphLengths(in: 0..<length, of: $0) } ?? [0]
        store.replace(0..<0, withLengths: lengths)
        invalidateFlow(fromParagraph: 0)
        delegate?.layoutManagerDidInvalidateLayout(self)
    }

    /// The lengths of the paragraphs of `span`, which starts and ends at paragraph boundaries. An
    /// empty span (empty text, or an empty last paragraph after a separator) is one empty paragraph.
    private func paragraphLengths(in span: Range<Int>, of storage: NSTextStorage) -> [Int] {
        var lengths: [Int] = []
        var at = span.lowerBound
        while at < span.upperBound {
            let range = storage._paragraph(containing: at).range
            let end = min(range.location + range.length, span.upperBound)
            lengths.append(end - at)
            at = end
        }
        // Every offset, the end of the text included, belongs to a paragraph: empty text, or text
        // that ends with a separator, has a final empty paragraph (where the extra line fragment goes).
        if span.upperBound == storage.length && (storage.length == 0 || endsWithSeparator(storage)) {
            lengths.append(0)
        }
        return lengths
    }

    private func endsWithSeparator(_ storage: NSTextStorage) -> Bool {
        let n = storage.length
        guard n > 0 else { return false }
        return Self.isParagraphSeparator(storage._utf16Unit(at: n - 1))
    }

    static func isParagraphSeparator(_ unit: UInt16) -> Bool {
        unit == 0x0A || unit == 0x0D || unit == 0x2029
    }

    private func isParagraphStart(_ offset: Int, in storage: NSTextStorage) -> Bool {
        if offset == 0 { return true }
        let before = storage._utf16Unit(at: offset - 1)
        guard Self.isParagraphSeparator(before) else { return false }
        // A CR directly followed by LF is one separator: the paragraph starts after the LF.
        return !(before == 0x0D && offset < storage.length && storage._utf16Unit(at: offset) == 0x0A)
    }

    private func isParagraphEnd(_ offset: Int, in storage: NSTextStorage) -> Bool {
        offset == storage.length || isParagraphStart(offset, in: storage)
    }

    // MARK: Invalidation

    /// Throws away the layout (not the glyphs) of the characters in `charRange`, and, in the
    /// flow, of everything after them that moves. `actualCharRange` receives the range actually
    /// invalidated (whole paragraphs).
    open func invalidateLayout(forCharacterRange charRange: NSRange, actualCharacterRange actualCharRange: NSRangePointer?) {
        let range = checkedCharacterRange(charRange, #function)
        actualCharRange?.pointee = discardParagraphs(covering: range, glyphsToo: false)
    }

    /// Throws away the glyphs (and so the layout) of the characters in `charRange` after a change of
    /// `delta` characters. Storage edits already do this; call it when glyphs depend on something
    /// the storage does not know about.
    open func invalidateGlyphs(forCharacterRange charRange: NSRange, changeInLength delta: Int,
                               actualCharacterRange actualCharRange: NSRangePointer?) {
        let range = checkedCharacterRange(charRange, #function)
        actualCharRange?.pointee = discardParagraphs(covering: range, glyphsToo: true)
    }

    /// Drops the layout (and with `glyphsToo` the glyphs) of every paragraph touching `range`,
    /// invalidates the flow from the first of them and tells the delegate. Returns the whole
    /// paragraphs' character range.
    private func discardParagraphs(covering range: NSRange, glyphsToo: Bool) -> NSRange {
        let (first, firstStart) = store.paragraph(containingCharacter: range.location)
        let last = store.paragraph(containingCharacter: max(range.location, range.location + range.length - (range.length > 0 ? 1 : 0))).index
        var end = firstStart
        for p in first...last {
            let record = store.record(p)
            end += record.length
            guard glyphsToo || record.layout != nil else { continue }
            if glyphsToo { record.analysis = nil }
            record.layout = nil
            store.refresh(at: p)
        }
        invalidateFlow(fromParagraph: first)
        delegate?.layoutManagerDidInvalidateLayout(self)
        return NSRange(location: firstStart, length: end - firstStart)
    }

    /// Marks glyphs as needing display. Drawing here is always from the current layout, so this
    /// only informs hosts that track dirty regions (it posts nothing and keeps no state).
    open func invalidateDisplay(forCharacterRange charRange: NSRange) {
        _ = checkedCharacterRange(charRange, #function)
    }

    /// Marks glyphs as needing display (see ``invalidateDisplay(forCharacterRange:)``).
    open func invalidateDisplay(forGlyphRange glyphRange: NSRange) {}

    func invalidateAllLayout() {
        guard store.count > 0 else { return }
        store.forEach { _, record in
            record.layout = nil
            return true
        }
        let count = store.count
        for p in 0..<count { store.refresh(at: p) }
        invalidateFlow(fromParagraph: 0)
        delegate?.layoutManagerDidInvalidateLayout(self)
    }

    func invalidateAllDisplay() {}

    /// Layout from container `index` on must be redone.
    func invalidateLayoutFromContainer(_ index: Int) {
        containerTops = []
        guard store.count > 0 else { return }
        // Find the first paragraph with a line in (or past) that container, or that overflowed.
        var first: Int?
        store.forEach { p, record in
            guard let layout = record.layout else { return true }
            if layout.overflowed || layout.end.container >= index || layout.fragments.contains(where: { $0.container >= index }) {
                first = p
                return false
            }
            return true
        }
        if let first {
            var laidOut: [Int] = []
            store.forEach(from: first) { p, record in
                if record.layout != nil {
                    record.layout = nil
                    laidOut.append(p)
                }
                return true
            }
            for p in laidOut { store.refresh(at: p) }
            invalidateFlow(fromParagraph: first)
        } else {
            invalidateFlow(fromParagraph: store.count)
        }
        delegate?.layoutManagerDidInvalidateLayout(self)
    }

    /// The flow before `paragraph` is unchanged; from there on it must be checked again.
    func invalidateFlow(fromParagraph paragraph: Int) {
        validatedParagraphs = min(validatedParagraphs, paragraph)
        extraLineFragment = nil
        hasReportedCompletion = false
    }

    func checkedCharacterRange(_ range: NSRange, _ function: StaticString) -> NSRange {
        let length = store.length
        checkPrecondition(range.location >= 0 && range.length >= 0 && range.location + range.length <= length,
                     "\(function): character range {\(range.location), \(range.length)} out of bounds; text length \(length)")
        return range
    }
}
