import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// TextKit's layout manager: it turns a text storage's characters into glyphs and lines, fills
/// its text containers with line fragments, answers geometry questions and draws.
///
/// Layout is paragraph-granular and lazy. The layout manager keeps the storage's paragraphs in a
/// balanced tree (a B+ tree, Layout/ParagraphTree.swift) whose nodes sum each paragraph's length, glyph count
/// and height; a paragraph's glyphs and lines are made the first time a query needs them, and an
/// edit throws away only the paragraphs it touches. Queries lay out only as far as they must (a
/// glyph, a container, a rectangle). With one simple container — no exclusion paths, no line
/// limit, unbounded height — a paragraph's lines do not depend on where it is, so after an edit the
/// paragraphs below only move, which the tree's height sums do in O(log n). Otherwise relayout
/// proceeds from the edit until a paragraph starts where it started before.
///
/// Ranges are `NSRange`s of UTF-16 units (characters) or of glyphs, as in TextKit. Out-of-range
/// indices are programmer errors and trap with a message naming the index and the bound.
///
/// The class is a façade: the paragraphs, their glyphs and lines, the caches and the work of
/// making them belong to its engine, `flow` (an internal `TextFlow`, Layout/TextFlow.swift),
/// which speaks in typed offsets and glyph indices. What stays here is Apple's API and what a
/// subclass or a delegate can see: the storage, the containers, the settings, the overridable
/// layout primitives and glyph generation, drawing, temporary attributes and the conversions
/// between `Int`/`NSRange` and the engine's indices.
open class NSLayoutManager: NSObject {
    // Unchecked exclusivity (the storage, containers, delegate and the settings lines depend on):
    // read at every paragraph and line of a layout, and only ever read or set whole.
    /// The text storage this layout manager lays out, set by `NSTextStorage.addLayoutManager(_:)`.
    /// Weak rather than Apple's `unowned(unsafe)`: the storage owns its layout managers, so this
    /// never forms a cycle, and a layout manager that outlives its storage sees nil.
    @exclusivity(unchecked) open weak var textStorage: NSTextStorage? {
        didSet {
            if textStorage !== oldValue { flow.rebuildParagraphs() }
        }
    }

    /// The containers text flows through, in order.
    @exclusivity(unchecked) open private(set) var textContainers: [NSTextContainer] = []

    /// The delegate (held weakly, as TextKit).
    @exclusivity(unchecked) open weak var delegate: NSLayoutManagerDelegate?

    /// Whether white space and other invisible characters are drawn with visible symbols.
    open var showsInvisibleCharacters = false {
        didSet { if showsInvisibleCharacters != oldValue { flow.markAllDisplay() } }
    }

    /// Whether control characters are drawn with visible symbols.
    open var showsControlCharacters = false {
        didSet { if showsControlCharacters != oldValue { flow.markAllDisplay() } }
    }

    /// Whether the fonts' leading is part of line heights (true by default, as TextKit).
    @exclusivity(unchecked) open var usesFontLeading = true {
        didSet { if usesFontLeading != oldValue { flow.invalidateAllLayout() } }
    }

    /// Whether layout may lay out a part of the text without the text before it (false by
    /// default, as in TextKit).
    ///
    /// When true and the text is laid out in one rectangular container of unbounded height (a
    /// scrolling text view's), a query lays out only the paragraphs it asks about: a glyph's line
    /// fragment, a character range, a bounding rect. Text above them that has no layout yet takes
    /// an estimated height (lines of the text's first font, at half an em a character), replaced
    /// by its real height once laid out — which moves what lies below it, never what lies above.
    /// Glyphs, too, are made only for the paragraphs asked about, so a glyph index is valid until
    /// glyphs are made for text before it: ask again for indices after such a query, as TextKit
    /// requires under non-contiguous layout. `numberOfGlyphs` still makes every glyph. With several
    /// containers, or a shaped or bounded one, layout stays contiguous (each line depends on where
    /// the text before it ended). TextKit 2 (``NSTextLayoutManager``) always lays out this way.
    open var allowsNonContiguousLayout = false {
        didSet {
            guard allowsNonContiguousLayout != oldValue else { return }
            flow.setAllowsNonContiguousLayout(allowsNonContiguousLayout)
        }
    }
    /// Whether some part of the text has layout while text before it has none (see
    /// ``allowsNonContiguousLayout``).
    open var hasNonContiguousLayout: Bool { flow.laysOutNonContiguously && flow.hasNonContiguousLayout }
    /// Accepted for source compatibility; layout never degrades on long lines here.
    open var limitsLayoutForSuspiciousContents = false

    /// Whether lines are hyphenated by default (as a hyphenation factor of 1) where a paragraph
    /// style does not say otherwise.
    @exclusivity(unchecked) open var usesDefaultHyphenation = false {
        didSet { if usesDefaultHyphenation != oldValue { flow.invalidateAllLayout() } }
    }

    /// The hyphenation factor for paragraphs whose style has none (0 to 1); deprecated in UIKit in
    /// favour of ``usesDefaultHyphenation`` but honoured.
    @exclusivity(unchecked) open var hyphenationFactor: CGFloat = 0 {
        didSet { if hyphenationFactor != oldValue { flow.invalidateAllLayout() } }
    }

    /// The most threads layout may use at once (an OpenTextKit addition; TextKit lays out on one
    /// thread). When a long stretch of text needs layout — a document just loaded, a width change —
    /// and the container is one simple rectangle of unbounded height, paragraphs are shaped and
    /// broken on up to this many threads. Delegate methods are always called on the calling
    /// thread: with a delegate set, layout is sequential. Default: the number of active processors.
    public var maximumLayoutThreads: Int = ProcessInfo.processInfo.activeProcessorCount

    // MARK: State

    /// The layout engine: the paragraphs, their glyphs and lines, and every cache derived from
    /// them (Layout/TextFlow.swift). The layout manager is its façade.
    let flow = TextFlow()

    /// Told, with a container and a rect in its coordinates, whenever part of a container comes
    /// to need display (an edit, new layout, `invalidateDisplay`, temporary attributes). A host
    /// schedules a repaint of that rect. An OpenTextKit addition: on Apple platforms the text
    /// view is told directly. Called on the thread that changed the text.
    public var displayInvalidationHandler: ((NSTextContainer, CGRect) -> Void)?
    /// The TextKit 2 layout manager this one lays out for, when it is the engine behind an
    /// `NSTextLayoutManager` (TextKit2/NSTextLayoutManager.swift): then its container reports no
    /// `layoutManager`, as a TextKit 2 container has none.
    weak var textKit2Owner: NSTextLayoutManager?
    /// Temporary attributes, by character range (created on first use). Kept here rather than in
    /// the engine: they are Apple API state that layout never reads, only drawing.
    var temporaryAttributeStorage: OverlayAttributes?

    // MARK: Drawing state (used by NSLayoutManager+Drawing.swift only)

    /// The text and clusters of the glyphs drawingGlyphs is about to hand to `showCGGlyphs`, so
    /// that the default implementation can keep PDF text searchable (Apple's `showCGGlyphs` has no
    /// text parameter). Set just around each call; consumed by the first matching call.
    var pendingGlyphText: PendingGlyphText?
    /// The glyphs offered to the delegate's `shouldGenerateGlyphs` while it runs (paragraph, their
    /// first global glyph index, their range in the paragraph): a `setGlyphs` call at that index
    /// replaces all of them, with as many glyphs as it passes (NSLayoutManager+GlyphGeneration.swift).
    var glyphOffer: (paragraph: Int, location: Int, glyphs: Range<Int>)?
    /// The glyph positions of the line drawn last (drawUnderline and friends ask for the same line
    /// many times in a row; NSLayoutManager+Drawing.swift). Good for one drawing call.
    var drawingLineCache: DrawingLineCache?

    public override init() {
        super.init()
        flow.attach(to: self)
    }

    /// Keyed-archive decoding, which Apple's class has through `NSSecureCoding`: not supported on
    /// Linux, so it always fails. It exists because subclasses written for iOS declare
    /// `required init?(coder:)`, and that must compile.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Layout primitives (NSLayoutManager+LayoutPrimitives.swift)
    //
    // The layout process stores its results through these, as Apple's typesetter does, so a
    // subclass that overrides them sees every line laid out and may pass other values to `super`.
    // They are called while a paragraph is laid out (for a subclass; the exact class stores
    // directly). Changing a line fragment's height does not move the lines after it: to change the
    // flow, use the delegate's `layoutManager(_:shouldSetLineFragmentRect:lineFragmentUsedRect:baselineOffset:in:forGlyphRange:)`.

    /// Stores the line fragment rect and used rect (container coordinates) of the line that holds
    /// exactly `glyphRange`.
    open func setLineFragmentRect(_ fragmentRect: CGRect, forGlyphRange glyphRange: NSRange, usedRect: CGRect) {
        storeLineFragmentRect(fragmentRect, forGlyphRange: glyphRange, usedRect: usedRect)
    }

    /// Stores the extra line fragment (the empty last line after a final paragraph separator, or
    /// of an empty text). Called once layout reaches the end of the text; ``extraLineFragmentRect``,
    /// ``extraLineFragmentUsedRect``, ``usedRect(for:)``, hit testing and the insertion point use
    /// what this stores.
    open func setExtraLineFragmentRect(_ fragmentRect: CGRect, usedRect: CGRect, textContainer container: NSTextContainer) {
        guard let index = textContainers.firstIndex(where: { $0 === container }) else { return }
        flow.storeExtraLineFragment(fragmentRect, usedRect: usedRect, container: index)
    }

    /// Stores the container of the line that holds exactly `glyphRange` (it must be one of ``textContainers``).
    open func setTextContainer(_ container: NSTextContainer, forGlyphRange glyphRange: NSRange) {
        storeTextContainer(container, forGlyphRange: glyphRange)
    }

    /// Stores where the first glyph of `glyphRange` stands, relative to its line fragment's origin
    /// (y is the baseline). Called once per line, for the line's first glyph; a new x moves the
    /// whole line, a new y its baseline.
    open func setLocation(_ location: CGPoint, forStartOfGlyphRange glyphRange: NSRange) {
        storeLocation(location, forStartOfGlyphRange: glyphRange)
    }

    /// Marks the glyph as not drawn (it keeps its advance). Layout calls it for control characters.
    open func setNotShownAttribute(_ flag: Bool, forGlyphAt glyphIndex: Int) {
        setGlyphFlag(.notShown, flag, forGlyphAt: glyphIndex)
    }

    /// Marks the glyph as drawing outside its line fragment (display invalidation widens for it).
    open func setDrawsOutsideLineFragment(_ flag: Bool, forGlyphAt glyphIndex: Int) {
        setGlyphFlag(.drawsOutsideLineFragment, flag, forGlyphAt: glyphIndex)
    }

    /// Sets the size the attachment glyphs of `glyphRange` are drawn at (their image is scaled into
    /// it, from the attachment's bounds origin). Layout calls it, for a subclass, with each
    /// attachment's size in the line; other glyphs are skipped.
    open func setAttachmentSize(_ attachmentSize: CGSize, forGlyphRange glyphRange: NSRange) {
        storeAttachmentSize(attachmentSize, forGlyphRange: glyphRange)
    }

    /// The size of the attachment glyph at `glyphIndex`: the size set by
    /// ``setAttachmentSize(_:forGlyphRange:)``, else the size the attachment takes in the line;
    /// `(-1, -1)` for a glyph that is not an attachment, as in TextKit.
    open func attachmentSize(forGlyphAt glyphIndex: Int) -> CGSize {
        storedAttachmentSize(forGlyphAt: glyphIndex)
    }

    /// Whether ``setDrawsOutsideLineFragment(_:forGlyphAt:)`` marked the glyph.
    open func drawsOutsideLineFragment(forGlyphAt glyphIndex: Int) -> Bool {
        glyphFlag(.drawsOutsideLineFragment, forGlyphAt: glyphIndex)
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
    /// part of each `.link` run. The paint itself (colours, outlines, synthetic bold, shadows,
    /// underline and strikethrough styles) comes from the typesetting layer's painters, which
    /// `CTLineDraw` uses too: a line draws the same through either.
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
        if let owner = container.engineLayoutManager, owner !== self,
           let i = owner.textContainers.firstIndex(where: { $0 === container }) {
            owner.removeTextContainer(at: i)
        }
        textContainers.insert(container, at: index)
        container.owner = self
        flow.invalidateLayoutFromContainer(index)
    }

    /// Removes a container from the flow; layout from there on is redone.
    open func removeTextContainer(at index: Int) {
        checkPrecondition(index >= 0 && index < textContainers.count,
                     "removeTextContainer(at:): index \(index) beyond \(textContainers.count) containers")
        let container = textContainers.remove(at: index)
        if container.owner === self { container.owner = nil }
        flow.invalidateLayoutFromContainer(index)
    }

    /// Tells the layout manager that `container`'s size, exclusion paths, padding or line limit
    /// changed (containers call it themselves).
    open func textContainerChangedGeometry(_ container: NSTextContainer) {
        guard let index = textContainers.firstIndex(where: { $0 === container }) else { return }
        flow.invalidateLayoutFromContainer(index)
    }

    // MARK: Edits from the storage

    /// Called by the text storage after each round of edits. The paragraphs whose characters
    /// changed get new records (no glyphs, no lines). Paragraphs whose attributes alone changed
    /// keep their glyphs when shaping is unchanged — and their lines too when only drawing
    /// changed (a colour, an underline: a syntax highlighter's every keystroke), so they are only
    /// redrawn. Every other paragraph keeps its glyphs and lines.
    open func processEditing(for textStorage: NSTextStorage, edited editMask: NSTextStorage.EditActions,
                             range newCharRange: NSRange, changeInLength delta: Int,
                             invalidatedRange invalidatedCharRange: NSRange) {
        guard textStorage === self.textStorage else { return }
        flow.applyEdit(editMask, range: newCharRange, changeInLength: delta)
    }

    // MARK: Invalidation

    /// Throws away the layout (not the glyphs) of the characters in `charRange`, and, in the
    /// flow, of everything after them that moves. `actualCharRange` receives the range actually
    /// invalidated (whole paragraphs).
    open func invalidateLayout(forCharacterRange charRange: NSRange, actualCharacterRange actualCharRange: NSRangePointer?) {
        let range = checkedCharacterRange(charRange, #function)
        // Not `actualCharRange?.pointee = discardParagraphs(…)`: with a nil pointer Swift would
        // skip the call and invalidate nothing.
        let actual = flow.discardParagraphs(covering: range, for: .layoutInvalidated)
        actualCharRange?.pointee = actual
    }

    /// Throws away the glyphs (and so the layout) of the characters in `charRange` after a change of
    /// `delta` characters. Storage edits already do this; call it when glyphs depend on something
    /// the storage does not know about.
    open func invalidateGlyphs(forCharacterRange charRange: NSRange, changeInLength delta: Int,
                               actualCharacterRange actualCharRange: NSRangePointer?) {
        let range = checkedCharacterRange(charRange, #function)
        let actual = flow.discardParagraphs(covering: range, for: .glyphsInvalidated)  // see invalidateLayout
        actualCharRange?.pointee = actual
    }

    /// Marks the laid-out lines of `charRange` as needing display: ``invalidatedDisplayRect(in:)``
    /// grows and ``displayInvalidationHandler`` hears it (NSLayoutManager+Display.swift). Does no
    /// layout.
    open func invalidateDisplay(forCharacterRange charRange: NSRange) {
        flow.markDisplay(forCharacterRange: checkedCharacterRange(charRange, #function))
    }

    /// Marks the laid-out lines of `glyphRange` as needing display (see
    /// ``invalidateDisplay(forCharacterRange:)``). Glyphs not generated yet are not laid out either,
    /// so there is nothing of theirs to repaint.
    open func invalidateDisplay(forGlyphRange glyphRange: NSRange) {
        let glyphs = flow.generatedGlyphCount
        let start = min(max(0, glyphRange.location), glyphs), end = min(max(start, glyphRange.location + glyphRange.length), glyphs)
        guard end > start else { return }
        flow.markDisplay(forCharacterRange: characterRange(forGlyphRange: NSRange(location: start, length: end - start), actualGlyphRange: nil))
    }

    func checkedCharacterRange(_ range: NSRange, _ function: StaticString) -> NSRange {
        let length = flow.characterCount
        checkPrecondition(range.location >= 0 && range.length >= 0 && range.location + range.length <= length,
                     "\(function): character range {\(range.location), \(range.length)} out of bounds; text length \(length)")
        return range
    }

    // MARK: Overridable, implemented in NSLayoutManager+GlyphGeneration.swift

    /// Replaces the glyphs of `glyphRange` (normally from inside the delegate's
    /// `shouldGenerateGlyphs`, with the range it was given): glyph ids drawn with `aFont`, and
    /// properties. `.null` hides a glyph: it takes no room and is not drawn (its character is still
    /// in the text, so selection and copying include it). A new glyph id takes its nominal advance
    /// in `aFont` (kerning against its neighbours is not redone; letter spacing is kept). The other
    /// properties (`.controlCharacter`, `.elastic`, `.nonBaseCharacter`) describe the characters and
    /// stay as generated.
    ///
    /// Limitations here: the number of glyphs cannot change (`glyphRange.length` glyphs replace as
    /// many), and `charIndexes` must be the characters the glyphs already stand for (they are not
    /// re-mapped). Outside glyph generation the call still works and lays the paragraph out again.
    /// Traps when `glyphRange` reaches past the last glyph.
    open func setGlyphs(_ glyphs: UnsafePointer<CGGlyph>, properties props: UnsafePointer<GlyphProperty>,
                          characterIndexes charIndexes: UnsafePointer<Int>, font aFont: UIFont, forGlyphRange glyphRange: NSRange) {
        _setGlyphs(glyphs, properties: props, characterIndexes: charIndexes, font: aFont, forGlyphRange: glyphRange)
    }

    /// Whether glyph `glyphIndex` is not drawn: hidden by the delegate (`.null`) or a control
    /// character (line breaks, tabs). Glyphs hidden by truncation are reported by
    /// ``truncatedGlyphRange(inLineFragmentForGlyphAt:)`` instead.
    open func notShownAttribute(forGlyphAt glyphIndex: Int) -> Bool {
        _notShownAttribute(forGlyphAt: glyphIndex)
    }

    // MARK: Overridable, implemented in NSLayoutManager+Glyphs.swift

    /// The number of glyphs of the whole text (makes every glyph).
    open var numberOfGlyphs: Int {
        _numberOfGlyphs
    }

    /// Whether `glyphIndex` is a glyph of the text (makes glyphs up to it).
    open func isValidGlyphIndex(_ glyphIndex: Int) -> Bool {
        _isValidGlyphIndex(glyphIndex)
    }

    /// The glyph at `glyphIndex`. Traps when the index is out of range.
    open func glyph(at glyphIndex: Int) -> CGGlyph {
        _glyph(at: glyphIndex)
    }

    /// The glyph at `glyphIndex` (UIKit's Swift name for `glyph(at:)`). Traps when the index is out of range.
    open func cgGlyph(at glyphIndex: Int) -> CGGlyph {
        glyph(at: glyphIndex)
    }

    /// The glyph at `glyphIndex`, or 0 with `isValidIndex` false when there is none (UIKit's
    /// Swift name for `glyph(at:isValidIndex:)`).
    open func cgGlyph(at glyphIndex: Int, isValidIndex: UnsafeMutablePointer<ObjCBool>?) -> CGGlyph {
        glyph(at: glyphIndex, isValidIndex: isValidIndex)
    }

    /// The glyph at `glyphIndex`, or 0 with `isValidIndex` false when there is none.
    open func glyph(at glyphIndex: Int, isValidIndex: UnsafeMutablePointer<ObjCBool>?) -> CGGlyph {
        _glyph(at: glyphIndex, isValidIndex: isValidIndex)
    }

    /// The properties of the glyph at `glyphIndex`.
    open func propertyForGlyph(at glyphIndex: Int) -> GlyphProperty {
        _propertyForGlyph(at: glyphIndex)
    }

    /// The first character of the glyph's cluster. For an index at or past the end, the text's
    /// length (as TextKit).
    open func characterIndexForGlyph(at glyphIndex: Int) -> Int {
        _characterIndexForGlyph(at: glyphIndex)
    }

    /// The first glyph of the character at `charIndex` (for a ligature, the ligature). For an
    /// index at or past the end, the number of glyphs (as TextKit).
    open func glyphIndexForCharacter(at charIndex: Int) -> Int {
        _glyphIndexForCharacter(at: charIndex)
    }

    /// The glyphs of the characters in `charRange`. A range that starts or ends inside a cluster (a
    /// ligature, a surrogate pair, a base and its marks) is widened to whole clusters, which
    /// `actualCharRange` receives. A range that runs or starts past the end of the text is cut at
    /// the end (one past the end gives the empty range at the end), as TextKit does on iOS: code
    /// that measures with another string's length relies on it. A negative range is a programmer
    /// error.
    open func glyphRange(forCharacterRange charRange: NSRange, actualCharacterRange actualCharRange: NSRangePointer?) -> NSRange {
        _glyphRange(forCharacterRange: charRange, actualCharacterRange: actualCharRange)
    }

    /// The characters of the glyphs in `glyphRange`, widened to whole clusters (`actualGlyphRange`
    /// receives the glyphs of those clusters).
    open func characterRange(forGlyphRange glyphRange: NSRange, actualGlyphRange: NSRangePointer?) -> NSRange {
        _characterRange(forGlyphRange: glyphRange, actualGlyphRange: actualGlyphRange)
    }

    /// Makes glyphs for `glyphRange` now.
    open func ensureGlyphs(forGlyphRange glyphRange: NSRange) {
        _ensureGlyphs(forGlyphRange: glyphRange)
    }

    /// Makes glyphs for `charRange` now.
    open func ensureGlyphs(forCharacterRange charRange: NSRange) {
        _ensureGlyphs(forCharacterRange: charRange)
    }

    /// Copies glyphs, their properties, character indices and bidi levels for `glyphRange` into
    /// the buffers given (each may be nil); returns the number of glyphs copied.
    open func getGlyphs(in glyphRange: NSRange, glyphs glyphBuffer: UnsafeMutablePointer<CGGlyph>?,
                        properties props: UnsafeMutablePointer<GlyphProperty>?,
                        characterIndexes charIndexBuffer: UnsafeMutablePointer<Int>?,
                        bidiLevels bidiLevelBuffer: UnsafeMutablePointer<UInt8>?) -> Int {
        _getGlyphs(in: glyphRange, glyphs: glyphBuffer, properties: props, characterIndexes: charIndexBuffer, bidiLevels: bidiLevelBuffer)
    }

    // MARK: Overridable, implemented in NSLayoutManager+HitTesting.swift

    /// The glyph under `point` (container coordinates) in `container`, or the nearest one as
    /// selection by mouse needs it (see the rules above); `partialFraction` receives how far the
    /// point is through the glyph in its writing direction (0…1). For a point in the extra line
    /// fragment, ``numberOfGlyphs`` with fraction 0. When the container holds no text, the first
    /// glyph that did not fit before it (or `numberOfGlyphs`), with fraction 0; 0 for a container
    /// this layout manager does not own.
    open func glyphIndex(for point: CGPoint, in container: NSTextContainer,
                           fractionOfDistanceThroughGlyph partialFraction: UnsafeMutablePointer<CGFloat>?) -> Int {
        _glyphIndex(for: point, in: container, fractionOfDistanceThroughGlyph: partialFraction)
    }

    /// The glyph under `point`, or the nearest one (see ``glyphIndex(for:in:fractionOfDistanceThroughGlyph:)``).
    open func glyphIndex(for point: CGPoint, in container: NSTextContainer) -> Int {
        _glyphIndex(for: point, in: container)
    }

    /// How far `point` is through the glyph under it, in the glyph's writing direction (0 at its
    /// leading edge, 1 at its trailing edge); see ``glyphIndex(for:in:fractionOfDistanceThroughGlyph:)``.
    open func fractionOfDistanceThroughGlyph(for point: CGPoint, in container: NSTextContainer) -> CGFloat {
        _fractionOfDistanceThroughGlyph(for: point, in: container)
    }

    /// The character under `point` (container coordinates) in `container`, or the nearest one (see
    /// the rules above), and in `partialFraction` how far the point lies from the insertion point
    /// before the character to the one after it, in the writing direction (0…1).
    ///
    /// The character is the first of its grapheme cluster, and "the insertion point after it" is
    /// the cluster's end: for "é" written as e + U+0301, or an emoji, step to the end of the cluster,
    /// not by one UTF-16 unit. Inside a ligature ("ffi" drawn as one glyph) each character has its own
    /// share of the glyph (the font's ligature carets, or equal parts). For a point in the extra line
    /// fragment, the text's length with fraction 0.
    open func characterIndex(for point: CGPoint, in container: NSTextContainer,
                               fractionOfDistanceBetweenInsertionPoints partialFraction: UnsafeMutablePointer<CGFloat>?) -> Int {
        _characterIndex(for: point, in: container, fractionOfDistanceBetweenInsertionPoints: partialFraction)
    }

    /// The insertion points of the line holding character `charIndex` (AppKit's bulk caret query,
    /// handy for moving the caret along a line): their x positions relative to the line fragment
    /// rect's origin, and their character indices. Logical order, or, with `dFlag`, left to right;
    /// with `aFlag`, the alternate (secondary) carets, which differ from the primary ones only at
    /// bidi boundaries. Each insertion point of the line appears once, the line's end included.
    /// Pass nil buffers to get the count first; buffers must hold that many values. Returns 0 when
    /// the character is in no container; for the text's end (or an index in the extra line
    /// fragment), one insertion point.
    open func getLineFragmentInsertionPoints(forCharacterAt charIndex: Int, alternatePositions aFlag: Bool,
                                               inDisplayOrder dFlag: Bool, positions: UnsafeMutablePointer<CGFloat>?,
                                               characterIndexes charIndexes: UnsafeMutablePointer<Int>?) -> Int {
        _getLineFragmentInsertionPoints(forCharacterAt: charIndex, alternatePositions: aFlag, inDisplayOrder: dFlag, positions: positions, characterIndexes: charIndexes)
    }

    /// The glyphs around `glyphIndex`, on its line and in its run, that sit at their fonts' nominal
    /// advances: no kerning, letter spacing, justification, tab or mark offset moves them. A glyph
    /// that is itself adjusted gives a range of just itself; a glyph in no container, `{glyphIndex, 1}`.
    open func range(ofNominallySpacedGlyphsContaining glyphIndex: Int) -> NSRange {
        _range(ofNominallySpacedGlyphsContaining: glyphIndex)
    }

    // MARK: Overridable, implemented in NSLayoutManager+LineFragments.swift

    /// The line fragment rect (container coordinates) of the line holding glyph `glyphIndex`, and,
    /// in `effectiveGlyphRange`, that line's glyphs. A zero rect when the glyph is in no container.
    open func lineFragmentRect(forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?) -> CGRect {
        _lineFragmentRect(forGlyphAt: glyphIndex, effectiveRange: effectiveGlyphRange)
    }

    /// As ``lineFragmentRect(forGlyphAt:effectiveRange:)``; `withoutAdditionalLayout` is accepted
    /// and ignored (layout is always available lazily).
    open func lineFragmentRect(forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?,
                                 withoutAdditionalLayout flag: Bool) -> CGRect {
        _lineFragmentRect(forGlyphAt: glyphIndex, effectiveRange: effectiveGlyphRange, withoutAdditionalLayout: flag)
    }

    /// ``lineFragmentUsedRect(forGlyphAt:effectiveRange:)``; `flag` is accepted for Apple's
    /// signature (layout is contiguous here, and laying out as far as the glyph is what it needs).
    open func lineFragmentUsedRect(forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?,
                                   withoutAdditionalLayout flag: Bool) -> CGRect {
        lineFragmentUsedRect(forGlyphAt: glyphIndex, effectiveRange: effectiveGlyphRange)
    }

    /// The first character and the first glyph that are not laid out yet (either pointer may be nil).
    open func getFirstUnlaidCharacterIndex(_ charIndex: UnsafeMutablePointer<Int>?, glyphIndex: UnsafeMutablePointer<Int>?) {
        charIndex?.pointee = firstUnlaidCharacterIndex()
        glyphIndex?.pointee = firstUnlaidGlyphIndex()
    }

    /// The part of the line fragment that holds marks: from the text's start less the padding to
    /// its end plus the padding, without paragraph spacing (line spacing included), as TextKit.
    open func lineFragmentUsedRect(forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?) -> CGRect {
        _lineFragmentUsedRect(forGlyphAt: glyphIndex, effectiveRange: effectiveGlyphRange)
    }

    /// The position of glyph `glyphIndex` relative to its line fragment's origin: x where its pen
    /// position is, y its baseline.
    open func location(forGlyphAt glyphIndex: Int) -> CGPoint {
        _location(forGlyphAt: glyphIndex)
    }

    /// The container of glyph `glyphIndex` (nil when the text did not fit, or when there is no
    /// glyph there: at the end of the text, index 0 of an empty layout), and, in
    /// `effectiveGlyphRange`, every glyph in that container.
    open func textContainer(forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?) -> NSTextContainer? {
        _textContainer(forGlyphAt: glyphIndex, effectiveRange: effectiveGlyphRange)
    }

    /// As ``textContainer(forGlyphAt:effectiveRange:)``; `withoutAdditionalLayout` is ignored.
    open func textContainer(forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?,
                              withoutAdditionalLayout flag: Bool) -> NSTextContainer? {
        _textContainer(forGlyphAt: glyphIndex, effectiveRange: effectiveGlyphRange, withoutAdditionalLayout: flag)
    }

    /// The glyphs laid out in `container` (laying out up to its end). A container that holds no
    /// glyph — the text ended or stopped before it, or it has no room for one (zero width, a line
    /// narrower than its indents, an exclusion over all of it) — has an empty range at the glyph
    /// where its glyphs would have begun: the end of the glyphs in the containers before it.
    open func glyphRange(for container: NSTextContainer) -> NSRange {
        _glyphRange(for: container)
    }

    /// The union of the used rects of the lines in `container` (and of the extra line fragment
    /// when it is there): the size the text needs.
    open func usedRect(for container: NSTextContainer) -> CGRect {
        _usedRect(for: container)
    }

    /// Lays out until `container` is full or the text ends.
    open func ensureLayout(for container: NSTextContainer) {
        _ensureLayout(for: container)
    }

    /// Lays out the text up to the end of `glyphRange`.
    open func ensureLayout(forGlyphRange glyphRange: NSRange) {
        _ensureLayout(forGlyphRange: glyphRange)
    }

    /// Lays out the text up to the end of `charRange`.
    open func ensureLayout(forCharacterRange charRange: NSRange) {
        _ensureLayout(forCharacterRange: charRange)
    }

    /// Lays out `container` at least down to the bottom of `bounds`.
    open func ensureLayout(forBoundingRect bounds: CGRect, in container: NSTextContainer) {
        _ensureLayout(forBoundingRect: bounds, in: container)
    }

    /// The first glyph not yet laid out (the number of glyphs when all are).
    open func firstUnlaidGlyphIndex() -> Int {
        _firstUnlaidGlyphIndex()
    }

    /// Changes whenever glyphs or lines are made, invalidated or edited (an addition for views
    /// in this package: what a view derives from the layout, such as its content size, stays
    /// valid while this is unchanged).
    package final var layoutChangeCount: Int { flow.changeCount }

    /// The first character not yet laid out (the text's length when all are).
    open func firstUnlaidCharacterIndex() -> Int {
        _firstUnlaidCharacterIndex()
    }

    /// The line fragment after a final paragraph separator (or of empty text), where the insertion
    /// point goes; zero when there is none. Lays out the whole text.
    open var extraLineFragmentRect: CGRect {
        _extraLineFragmentRect
    }

    /// The used part of ``extraLineFragmentRect``.
    open var extraLineFragmentUsedRect: CGRect {
        _extraLineFragmentUsedRect
    }

    /// The container of ``extraLineFragmentRect``, or nil.
    open var extraLineFragmentTextContainer: NSTextContainer? {
        _extraLineFragmentTextContainer
    }

    /// The glyphs hidden by truncation in the line holding `glyphIndex` (replaced by an ellipsis),
    /// or `{NSNotFound, 0}`.
    open func truncatedGlyphRange(inLineFragmentForGlyphAt glyphIndex: Int) -> NSRange {
        _truncatedGlyphRange(inLineFragmentForGlyphAt: glyphIndex)
    }

    /// Calls `block` with each line fragment that holds glyphs of `glyphRange`: its rect, used rect,
    /// container and glyph range, in order, until `block` sets its last argument to true.
    open func enumerateLineFragments(forGlyphRange glyphRange: NSRange,
                                       using block: (CGRect, CGRect, NSTextContainer, NSRange, UnsafeMutablePointer<ObjCBool>) -> Void) {
        _enumerateLineFragments(forGlyphRange: glyphRange, using: block)
    }

    /// The smallest rect (container coordinates) enclosing the glyphs of `glyphRange` that lie in
    /// `container`: from the first glyph's pen position to the last glyph's end on each line, with
    /// the full height of each line fragment.
    open func boundingRect(forGlyphRange glyphRange: NSRange, in container: NSTextContainer) -> CGRect {
        _boundingRect(forGlyphRange: glyphRange, in: container)
    }

    /// The glyphs of the lines of `container` that intersect `bounds` (laying out as far as needed).
    open func glyphRange(forBoundingRect bounds: CGRect, in container: NSTextContainer) -> NSRange {
        _glyphRange(forBoundingRect: bounds, in: container)
    }

    /// As ``glyphRange(forBoundingRect:in:)``, but only among lines already laid out.
    open func glyphRange(forBoundingRectWithoutAdditionalLayout bounds: CGRect, in container: NSTextContainer) -> NSRange {
        _glyphRange(forBoundingRectWithoutAdditionalLayout: bounds, in: container)
    }

    /// The height of a line of `font` with this layout manager's settings.
    open func defaultLineHeight(for font: UIFont) -> CGFloat {
        _defaultLineHeight(for: font)
    }

    /// The baseline's distance from the top of a line of `font`.
    open func defaultBaselineOffset(for font: UIFont) -> CGFloat {
        _defaultBaselineOffset(for: font)
    }

    // MARK: Overridable, implemented in NSLayoutManager+Selection.swift

    /// Calls `block` with each rect (container coordinates) that encloses glyphs of `glyphRange`
    /// laid out in `textContainer`, line by line, until it sets its second argument to true.
    ///
    /// On each line the rects run from the x where the range starts to the x where it ends, over the
    /// line fragment rect's full height (line and paragraph spacing included); a range that crosses
    /// a bidi boundary gives one rect per visually contiguous piece. When the selection
    /// (`selectedRange`, which contains `glyphRange`; `{NSNotFound, 0}` to use `glyphRange` itself)
    /// continues on the next line, the line's rect extends to the line fragment's end edge — the
    /// right edge for a left-to-right paragraph, the left edge for a right-to-left one — as TextKit
    /// highlights a selection that wraps. An empty `glyphRange` gives one zero-width rect at the
    /// insertion point (the primary caret).
    open func enumerateEnclosingRects(forGlyphRange glyphRange: NSRange, withinSelectedGlyphRange selectedRange: NSRange,
                                        in textContainer: NSTextContainer,
                                        using block: (CGRect, UnsafeMutablePointer<ObjCBool>) -> Void) {
        _enumerateEnclosingRects(forGlyphRange: glyphRange, withinSelectedGlyphRange: selectedRange, in: textContainer, using: block)
    }

    /// The rects ``enumerateEnclosingRects(forGlyphRange:withinSelectedGlyphRange:in:using:)`` gives,
    /// as an array (AppKit's `rectArray(forGlyphRange:withinSelectedGlyphRange:in:rectCount:)`).
    open func enclosingRects(forGlyphRange glyphRange: NSRange, withinSelectedGlyphRange selectedRange: NSRange,
                               in textContainer: NSTextContainer) -> [CGRect] {
        _enclosingRects(forGlyphRange: glyphRange, withinSelectedGlyphRange: selectedRange, in: textContainer)
    }

    // MARK: Overridable, implemented in NSLayoutManager+TemporaryAttributes.swift

    /// Replaces the temporary attributes of the characters in `charRange` with `attrs`.
    open func setTemporaryAttributes(_ attrs: [NSAttributedString.Key: Any], forCharacterRange charRange: NSRange) {
        _setTemporaryAttributes(attrs, forCharacterRange: charRange)
    }

    /// Adds `attrs` to the temporary attributes of the characters in `charRange` (keys already
    /// there take the new values).
    open func addTemporaryAttributes(_ attrs: [NSAttributedString.Key: Any] = [:], forCharacterRange charRange: NSRange) {
        _addTemporaryAttributes(attrs, forCharacterRange: charRange)
    }

    /// Adds the temporary attribute `attrName` with `value` to the characters in `charRange`.
    open func addTemporaryAttribute(_ attrName: NSAttributedString.Key, value: Any, forCharacterRange charRange: NSRange) {
        _addTemporaryAttribute(attrName, value: value, forCharacterRange: charRange)
    }

    /// Removes the temporary attribute `attrName` from the characters in `charRange`.
    open func removeTemporaryAttribute(_ attrName: NSAttributedString.Key, forCharacterRange charRange: NSRange) {
        _removeTemporaryAttribute(attrName, forCharacterRange: charRange)
    }

    /// The temporary attributes of the character at `charIndex`, and in `effectiveCharRange` the
    /// run of characters that share them (the whole text when there are none anywhere).
    /// - Precondition: `0 <= charIndex < ` the text's length.
    open func temporaryAttributes(atCharacterIndex charIndex: Int,
                                    effectiveRange effectiveCharRange: NSRangePointer?) -> [NSAttributedString.Key: Any] {
        _temporaryAttributes(atCharacterIndex: charIndex, effectiveRange: effectiveCharRange)
    }

    /// The value of the temporary attribute `attrName` at `location` (nil when absent), and in
    /// `range` the run it was found in.
    open func temporaryAttribute(_ attrName: NSAttributedString.Key, atCharacterIndex location: Int,
                                   effectiveRange range: NSRangePointer?) -> Any? {
        _temporaryAttribute(attrName, atCharacterIndex: location, effectiveRange: range)
    }

    /// The temporary attributes at `location` and, in `range`, the longest range within
    /// `rangeLimit` over which they are equal.
    /// - Precondition: `rangeLimit` lies within the text and holds `location`.
    open func temporaryAttributes(atCharacterIndex location: Int, longestEffectiveRange range: NSRangePointer?,
                                    in rangeLimit: NSRange) -> [NSAttributedString.Key: Any] {
        _temporaryAttributes(atCharacterIndex: location, longestEffectiveRange: range, in: rangeLimit)
    }

    /// The value of the temporary attribute `attrName` at `location` and, in `range`, the longest
    /// range within `rangeLimit` over which it has an equal value (or is absent throughout).
    open func temporaryAttribute(_ attrName: NSAttributedString.Key, atCharacterIndex location: Int,
                                   longestEffectiveRange range: NSRangePointer?, in rangeLimit: NSRange) -> Any? {
        _temporaryAttribute(attrName, atCharacterIndex: location, longestEffectiveRange: range, in: rangeLimit)
    }
}
