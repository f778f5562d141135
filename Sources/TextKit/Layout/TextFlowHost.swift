import TextKitGraphics
import TextKitModel

/// Everything the engine (``TextFlow``) asks of the layout manager it lays out for: the one way
/// back from the engine to its façade. `NSLayoutManager` is the host
/// (NSLayoutManager+TextFlowHost.swift); what a subclass overrides among these members is what the
/// engine sees. The engine names neither the layout manager nor its delegate: the delegate's say
/// reaches it through ``layoutHooks``.
protocol TextFlowHost: AnyObject {
    // MARK: The text and where it goes

    /// The text laid out (held weakly by the host).
    var textStorage: NSTextStorage? { get }
    /// The containers lines go in, in order.
    var textContainers: [NSTextContainer] { get }

    // MARK: Settings

    /// Whether a line's height includes its fonts' leading.
    var usesFontLeading: Bool { get }
    /// Whether paragraphs that set no hyphenation factor are hyphenated.
    var usesDefaultHyphenation: Bool { get }
    /// The hyphenation factor of paragraphs that set none.
    var hyphenationFactor: CGFloat { get }
    /// The threads one long text may be laid out on.
    var maximumLayoutThreads: Int { get }
    /// Whether each new line is reported through the layout primitives below (a subclass may
    /// override them; the host's own class stores lines directly).
    var reportsLayoutToPrimitives: Bool { get }

    // MARK: The delegate's say

    /// The delegate's hooks, or nil without a delegate (the engine then takes the shortcuts only
    /// layout without hooks may take: parallel layout, lines taken again after an edit).
    var layoutHooks: LayoutHooks? { get }
    /// Offers paragraph `p`'s new glyphs to the delegate's glyph generation.
    func offerGlyphsToDelegate(paragraph p: Int)
    /// Asks the delegate what paragraph `p`'s control characters do.
    func applyControlCharacterActions(paragraph p: Int)

    // MARK: Layout primitives (overridable by a subclass)

    func setTextContainer(_ container: NSTextContainer, forGlyphRange glyphRange: NSRange)
    func setLineFragmentRect(_ fragmentRect: CGRect, forGlyphRange glyphRange: NSRange, usedRect: CGRect)
    func setLocation(_ location: CGPoint, forStartOfGlyphRange glyphRange: NSRange)
    func setNotShownAttribute(_ flag: Bool, forGlyphAt glyphIndex: Int)
    func setAttachmentSize(_ attachmentSize: CGSize, forGlyphRange glyphRange: NSRange)
    func attachmentSize(forGlyphAt glyphIndex: Int) -> CGSize
    func setExtraLineFragmentRect(_ fragmentRect: CGRect, usedRect: CGRect, textContainer container: NSTextContainer)

    // MARK: Edits and display

    /// Moves the temporary attributes with an edit of the text.
    func temporaryAttributesFollowEdit(_ editMask: NSTextStorage.EditActions, range newCharRange: NSRange,
                                       changeInLength delta: Int, newLength: Int)
    /// Told each rect of a container that needs display.
    var displayInvalidationHandler: ((NSTextContainer, CGRect) -> Void)? { get }
}
