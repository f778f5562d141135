/// The layout of a paragraph (the value of `.paragraphStyle`), as UIKit's `NSParagraphStyle`.
/// Immutable; ``NSMutableParagraphStyle`` adds setters. Two styles are equal when every property is
/// (UIKit's `isEqual(_:)`), so attribute runs holding equal styles merge.
///
/// Lengths are in points. Indents are measured from the line fragment's leading edge (after the
/// container's line fragment padding); a positive ``tailIndent`` is measured from the leading edge
/// (a fixed line length), zero or negative from the trailing edge.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {  // immutable unless mutable subclass

    /// How lines may be broken beyond UAX #14, as UIKit's `NSParagraphStyle.LineBreakStrategy`.
    public struct LineBreakStrategy: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Avoid a single word alone on the last line by pushing words down.
        public static let pushOut = LineBreakStrategy(rawValue: 1 << 0)
        /// Korean: break between words, not between Hangul syllables.
        public static let hangulWordPriority = LineBreakStrategy(rawValue: 1 << 1)
        /// The system's standard strategy (all of the above as fits).
        public static let standard = LineBreakStrategy(rawValue: 0xFFFF)
        /// An OpenTextKit addition, not in UIKit (TextKit always breaks greedily): break the
        /// paragraph's lines by total fit, Knuth and Plass's algorithm, choosing all of its breaks
        /// together so that its lines are evenly full (justified lines evenly spaced), hyphenating
        /// where the style's hyphenation factor allows. Not part of ``standard``. Paragraphs with
        /// tabs, a truncating line break mode or a container's line limit are broken greedily.
        public static let optimal = LineBreakStrategy(rawValue: 1 << 16)
    }

    /// All properties in one value, so that equality, hashing and copying stay in step.
    package struct Values: Equatable {
        var alignment: NSTextAlignment = .natural
        var firstLineHeadIndent: CGFloat = 0
        var headIndent: CGFloat = 0
        var tailIndent: CGFloat = 0
        var lineSpacing: CGFloat = 0
        var paragraphSpacing: CGFloat = 0
        var paragraphSpacingBefore: CGFloat = 0
        var lineHeightMultiple: CGFloat = 0
        var minimumLineHeight: CGFloat = 0
        var maximumLineHeight: CGFloat = 0
        var lineBreakMode: NSLineBreakMode = .byWordWrapping
        var baseWritingDirection: NSWritingDirection = .natural
        var hyphenationFactor: Float = 0
        var usesDefaultHyphenation = false
        var tabStops: [NSTextTab] = (1...12).map { NSTextTab(textAlignment: .left, location: CGFloat($0) * 28) }
        var defaultTabInterval: CGFloat = 0
        var allowsDefaultTighteningForTruncation = false
        var lineBreakStrategy: LineBreakStrategy = []
        var preventsWidowsAndOrphans = false
        var textLists: [NSTextList] = []
        var hangsPunctuation = false
        var glyphExpansionLimit: CGFloat = 0

        package static func == (a: Values, b: Values) -> Bool {
            a.alignment == b.alignment && a.firstLineHeadIndent == b.firstLineHeadIndent && a.headIndent == b.headIndent
                && a.tailIndent == b.tailIndent && a.lineSpacing == b.lineSpacing && a.paragraphSpacing == b.paragraphSpacing
                && a.paragraphSpacingBefore == b.paragraphSpacingBefore && a.lineHeightMultiple == b.lineHeightMultiple
                && a.minimumLineHeight == b.minimumLineHeight && a.maximumLineHeight == b.maximumLineHeight
                && a.lineBreakMode == b.lineBreakMode && a.baseWritingDirection == b.baseWritingDirection
                && a.hyphenationFactor == b.hyphenationFactor && a.usesDefaultHyphenation == b.usesDefaultHyphenation
                && a.tabStops == b.tabStops && a.defaultTabInterval == b.defaultTabInterval
                && a.allowsDefaultTighteningForTruncation == b.allowsDefaultTighteningForTruncation
                && a.lineBreakStrategy == b.lineBreakStrategy && a.preventsWidowsAndOrphans == b.preventsWidowsAndOrphans
                && a.hangsPunctuation == b.hangsPunctuation && a.glyphExpansionLimit == b.glyphExpansionLimit
                && a.textLists.count == b.textLists.count && zip(a.textLists, b.textLists).allSatisfy { $0 === $1 }
        }
    }

    /// Unchecked: read for every line laid out, only ever read or set a field at a time.
    @exclusivity(unchecked) package var values = Values()

    public override init() { super.init() }

    package init(values: Values) {
        self.values = values
        super.init()
    }

    /// The default style: natural alignment, word wrapping, no indents or spacing, 12 left tab stops
    /// every 28 points, natural writing direction, no hyphenation.
    public static let `default` = NSParagraphStyle()

    /// The base writing direction for a language: right-to-left for Arabic, Hebrew, Persian, Urdu and
    /// other right-to-left scripts' languages, else left-to-right; `.natural` when `languageName` is nil.
    open class func defaultWritingDirection(forLanguage languageName: String?) -> NSWritingDirection {
        guard let languageName else { return .natural }
        let code = languageName.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        let rtl: Set<String> = ["ar", "he", "iw", "fa", "ur", "yi", "ji", "ps", "sd", "ug", "dv", "ckb", "syr", "arc", "nqo"]
        return rtl.contains(code) ? .rightToLeft : .leftToRight
    }

    /// Alignment of the lines; default `.natural`.
    open var alignment: NSTextAlignment { values.alignment }
    /// Indent of the first line in points from the leading edge; default 0.
    open var firstLineHeadIndent: CGFloat { values.firstLineHeadIndent }
    /// Indent of the other lines in points from the leading edge; default 0.
    open var headIndent: CGFloat { values.headIndent }
    /// Positive: line length from the leading edge; zero or negative: inset from the trailing edge. Default 0.
    open var tailIndent: CGFloat { values.tailIndent }
    /// Extra points between the lines of the paragraph (added after each line but the last); default 0.
    open var lineSpacing: CGFloat { values.lineSpacing }
    /// Points added after the paragraph; default 0.
    open var paragraphSpacing: CGFloat { values.paragraphSpacing }
    /// Points added before the paragraph (not before the first one in a container); default 0.
    open var paragraphSpacingBefore: CGFloat { values.paragraphSpacingBefore }
    /// Factor applied to the natural line height before the min/max limits; 0 (default) means 1.
    open var lineHeightMultiple: CGFloat { values.lineHeightMultiple }
    /// Smallest line height in points; default 0.
    open var minimumLineHeight: CGFloat { values.minimumLineHeight }
    /// Largest line height in points; 0 (default) means no limit.
    open var maximumLineHeight: CGFloat { values.maximumLineHeight }
    /// Wrapping or truncation; default `.byWordWrapping`.
    open var lineBreakMode: NSLineBreakMode { values.lineBreakMode }
    /// Paragraph direction; default `.natural` (decided by the first strong character).
    open var baseWritingDirection: NSWritingDirection { values.baseWritingDirection }
    /// Hyphenation eagerness from 0 (never, default) to 1 (whenever a word fits badly).
    open var hyphenationFactor: Float { values.hyphenationFactor }
    /// Whether the system's default hyphenation applies (iOS 15); default false.
    open var usesDefaultHyphenation: Bool { values.usesDefaultHyphenation }
    /// Tab stops sorted by location; default 12 left stops every 28 points.
    open var tabStops: [NSTextTab] { values.tabStops }
    /// Spacing in points of the tab stops after the last of ``tabStops``; 0 (default) means none.
    open var defaultTabInterval: CGFloat { values.defaultTabInterval }
    /// Whether characters may be squeezed before truncating; default false.
    open var allowsDefaultTighteningForTruncation: Bool { values.allowsDefaultTighteningForTruncation }
    /// Extra line-breaking rules; default none.
    open var lineBreakStrategy: LineBreakStrategy { values.lineBreakStrategy }
    /// The lists the paragraph is in, outermost first; default none.
    open var textLists: [NSTextList] { values.textLists }
    /// An OpenTextKit addition, not in UIKit (TextKit has no optical margin alignment): whether
    /// punctuation at a line's edges hangs into the margin by its optical width, so that the
    /// text's edge looks straight. An opening quote that starts a line stands left of the line's
    /// start (right of it in a right-to-left paragraph); a full stop, comma, hyphen (the one
    /// hyphenation draws too), dash, closing quote, colon or semicolon that ends a line stands
    /// past its end — quotes, full stops, commas and hyphens by their whole advance, colons and
    /// semicolons by about half. Lines are fitted knowing it, so a line may hold that much more;
    /// a justified line is set to its width plus the hang, a ragged line shifts by it. The used
    /// rect of a line fragment stops at the margin, the hanging glyphs outside it. Truncated
    /// lines do not hang. Default false.
    open var hangsPunctuation: Bool { values.hangsPunctuation }
    /// An OpenTextKit addition, not in UIKit (TextKit has no widow or orphan control): when true,
    /// a layout manager with several text containers never leaves the paragraph's first line
    /// alone at the bottom of a container (an orphan: the paragraph starts in the next container
    /// instead) nor its last line alone at the top of the next one (a widow: the container before
    /// ends a line early, so two lines go on). A paragraph of two lines moves whole; lines never
    /// move when that would leave a container empty. Default false, as TextKit lays out.
    open var preventsWidowsAndOrphans: Bool { values.preventsWidowsAndOrphans }
    /// An OpenTextKit addition, not in UIKit (no screen text engine does it; pdfTeX's font
    /// expansion, as the microtype package sets it up, does): how far a justified line broken by
    /// total fit (``LineBreakStrategy/optimal``) may widen or narrow its glyphs, as a fraction of
    /// their advances — 0.02 lets a line's glyphs be up to 2 % wider or narrower. The breaker
    /// counts that give beside the spaces' when it chooses the breaks, and each line is then set
    /// with its glyphs scaled horizontally by one factor (in steps of 0.1 %) and its spaces taking
    /// the rest of the adjustment, so spaces vary less from line to line. Glyphs are drawn
    /// scaled, not in another font: text in PDF output stays searchable and copies as it reads.
    /// White space, the hyphen a line ends with, tabs and attachments are not scaled; lines that
    /// justification leaves alone (a paragraph's last line, a greedy paragraph's lines) never
    /// are. Values are clamped to 0…0.05; default 0, no expansion.
    open var glyphExpansionLimit: CGFloat { values.glyphExpansionLimit }

    open func copy(with zone: NSZone? = nil) -> Any { NSParagraphStyle(values: values) }
    open func mutableCopy(with zone: NSZone? = nil) -> Any { NSMutableParagraphStyle(values: values) }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSParagraphStyle else { return false }
        return values == other.values
    }

    open override var hash: Int {
        var h = Hasher()
        h.combine(values.alignment)
        h.combine(values.headIndent)
        h.combine(values.firstLineHeadIndent)
        h.combine(values.lineSpacing)
        h.combine(values.tabStops.count)
        h.combine(values.hangsPunctuation)
        h.combine(values.preventsWidowsAndOrphans)
        // What tells paragraphs of one document apart: their spacing, and the lists they are in
        // (compared by identity in `==`). Without these, every list item's style of a document with
        // many lists had one hash, and interning attribute sets grew quadratic with the lists.
        h.combine(values.paragraphSpacing)
        h.combine(values.paragraphSpacingBefore)
        for list in values.textLists { h.combine(ObjectIdentifier(list)) }
        return h.finalize()
    }

    open override var description: String {
        let v = values
        return "NSParagraphStyle: alignment \(v.alignment), lineSpacing \(v.lineSpacing), paragraphSpacing \(v.paragraphSpacing), "
            + "paragraphSpacingBefore \(v.paragraphSpacingBefore), headIndent \(v.headIndent), tailIndent \(v.tailIndent), "
            + "firstLineHeadIndent \(v.firstLineHeadIndent), lineHeight \(v.minimumLineHeight)/\(v.maximumLineHeight), "
            + "lineHeightMultiple \(v.lineHeightMultiple), lineBreakMode \(v.lineBreakMode), tabs \(v.tabStops.count), "
            + "defaultTabInterval \(v.defaultTabInterval), baseWritingDirection \(v.baseWritingDirection), "
            + "hyphenationFactor \(v.hyphenationFactor)" + (v.hangsPunctuation ? ", hangsPunctuation" : "")
            + (v.glyphExpansionLimit > 0 ? ", glyphExpansionLimit \(v.glyphExpansionLimit)" : "")
    }
}

/// A paragraph style whose properties can be set, as UIKit's `NSMutableParagraphStyle`. Put a copy
/// into attribute dictionaries (`copy() as! NSParagraphStyle`): a style changed after it was added
/// changes the text's layout without telling the text storage.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {  // as UIKit's: share a copy, not the one you set
    open override var alignment: NSTextAlignment { get { values.alignment } set { values.alignment = newValue } }
    open override var firstLineHeadIndent: CGFloat { get { values.firstLineHeadIndent } set { values.firstLineHeadIndent = newValue } }
    open override var headIndent: CGFloat { get { values.headIndent } set { values.headIndent = newValue } }
    open override var tailIndent: CGFloat { get { values.tailIndent } set { values.tailIndent = newValue } }
    open override var lineSpacing: CGFloat { get { values.lineSpacing } set { values.lineSpacing = newValue } }
    open override var paragraphSpacing: CGFloat { get { values.paragraphSpacing } set { values.paragraphSpacing = newValue } }
    open override var paragraphSpacingBefore: CGFloat { get { values.paragraphSpacingBefore } set { values.paragraphSpacingBefore = newValue } }
    open override var lineHeightMultiple: CGFloat { get { values.lineHeightMultiple } set { values.lineHeightMultiple = newValue } }
    open override var minimumLineHeight: CGFloat { get { values.minimumLineHeight } set { values.minimumLineHeight = newValue } }
    open override var maximumLineHeight: CGFloat { get { values.maximumLineHeight } set { values.maximumLineHeight = newValue } }
    open override var lineBreakMode: NSLineBreakMode { get { values.lineBreakMode } set { values.lineBreakMode = newValue } }
    open override var baseWritingDirection: NSWritingDirection { get { values.baseWritingDirection } set { values.baseWritingDirection = newValue } }
    open override var hyphenationFactor: Float { get { values.hyphenationFactor } set { values.hyphenationFactor = newValue } }
    open override var usesDefaultHyphenation: Bool { get { values.usesDefaultHyphenation } set { values.usesDefaultHyphenation = newValue } }
    /// Setting sorts the stops by location.
    open override var tabStops: [NSTextTab] {
        get { values.tabStops }
        set { values.tabStops = newValue.sorted { $0.location < $1.location } }
    }
    open override var defaultTabInterval: CGFloat { get { values.defaultTabInterval } set { values.defaultTabInterval = newValue } }
    open override var allowsDefaultTighteningForTruncation: Bool {
        get { values.allowsDefaultTighteningForTruncation }
        set { values.allowsDefaultTighteningForTruncation = newValue }
    }
    open override var lineBreakStrategy: LineBreakStrategy { get { values.lineBreakStrategy } set { values.lineBreakStrategy = newValue } }
    open override var textLists: [NSTextList] { get { values.textLists } set { values.textLists = newValue } }
    open override var hangsPunctuation: Bool { get { values.hangsPunctuation } set { values.hangsPunctuation = newValue } }
    open override var preventsWidowsAndOrphans: Bool {
        get { values.preventsWidowsAndOrphans }
        set { values.preventsWidowsAndOrphans = newValue }
    }
    /// Clamped to 0…0.05 (a non-finite value sets 0).
    open override var glyphExpansionLimit: CGFloat {
        get { values.glyphExpansionLimit }
        set { values.glyphExpansionLimit = newValue.isFinite ? min(0.05, max(0, newValue)) : 0 }
    }

    /// Adds a tab stop, keeping ``tabStops`` sorted by location.
    open func addTabStop(_ anObject: NSTextTab) {
        tabStops = values.tabStops + [anObject]
    }

    /// Removes the tab stops equal to `anObject`.
    open func removeTabStop(_ anObject: NSTextTab) {
        values.tabStops.removeAll { $0 == anObject }
    }

    /// Copies every property of `obj`.
    open func setParagraphStyle(_ obj: NSParagraphStyle) {
        values = obj.values
    }
}
