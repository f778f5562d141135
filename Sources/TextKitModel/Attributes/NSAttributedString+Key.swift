// The attribute names of UIKit's text system, with Apple's raw values, so that attribute
// dictionaries round-trip through Foundation's `NSAttributedString` and RTF readers that keep raw
// keys. The values each key expects are those UIKit documents; the typesetter reads them.

extension Foundation.NSAttributedString.Key {
    /// `UIFont`; default Helvetica 12 in UIKit, chosen by the typesetter here when absent. Raw "NSFont".
    public static let font = Self("NSFont")
    /// ``NSParagraphStyle``; default ``NSParagraphStyle/default``. Raw "NSParagraphStyle".
    public static let paragraphStyle = Self("NSParagraphStyle")
    /// `UIColor` of the text; default black. Raw "NSColor".
    public static let foregroundColor = Self("NSColor")
    /// `UIColor` behind the text; default none. Raw "NSBackgroundColor".
    public static let backgroundColor = Self("NSBackgroundColor")
    /// `Int` (NSNumber): 0 no ligatures, 1 default ligatures. Raw "NSLigature".
    public static let ligature = Self("NSLigature")
    /// `CGFloat` points added after each character (0 = none; kerning stays on). Raw "NSKern".
    public static let kern = Self("NSKern")
    /// `CGFloat` points of tracking, spread between characters (iOS 14). Raw "NSTracking".
    public static let tracking = Self("NSTracking")
    /// `Int` raw value of ``NSUnderlineStyle``; 0 = none. Raw "NSStrikethrough".
    public static let strikethroughStyle = Self("NSStrikethrough")
    /// `UIColor` of the strikethrough; default the foreground colour. Raw "NSStrikethroughColor".
    public static let strikethroughColor = Self("NSStrikethroughColor")
    /// `Int` raw value of ``NSUnderlineStyle``; 0 = none. Raw "NSUnderline".
    public static let underlineStyle = Self("NSUnderline")
    /// `UIColor` of the underline; default the foreground colour. Raw "NSUnderlineColor".
    public static let underlineColor = Self("NSUnderlineColor")
    /// `UIColor` of the outline; default the foreground colour. Raw "NSStrokeColor".
    public static let strokeColor = Self("NSStrokeColor")
    /// `CGFloat` percent of the font size: 0 fill only, > 0 stroke only, < 0 stroke and fill. Raw "NSStrokeWidth".
    public static let strokeWidth = Self("NSStrokeWidth")
    /// ``NSShadow``; default none. Raw "NSShadow".
    public static let shadow = Self("NSShadow")
    /// ``NSAttributedString/TextEffectStyle`` (a `String`); default none. Raw "NSTextEffect".
    public static let textEffect = Self("NSTextEffect")
    /// ``NSTextAttachment`` on a U+FFFC character. Raw "NSAttachment".
    public static let attachment = Self("NSAttachment")
    /// `URL` or `String` of a link. Raw "NSLink".
    public static let link = Self("NSLink")
    /// `CGFloat` points the baseline moves up. Raw "NSBaselineOffset".
    public static let baselineOffset = Self("NSBaselineOffset")
    /// `CGFloat` skew (0 = none, positive leans right). Raw "NSObliqueness".
    public static let obliqueness = Self("NSObliqueness")
    /// `CGFloat` log of the horizontal expansion factor (0 = none). Raw "NSExpansion".
    public static let expansion = Self("NSExpansion")
    /// `[Int]` of ``NSWritingDirection`` raw values OR'd with ``NSWritingDirectionFormatType`` raw
    /// values, the nesting of bidi embeddings/overrides. Raw "NSWritingDirection".
    public static let writingDirection = Self("NSWritingDirection")
    /// `Int` 0 horizontal, 1 vertical glyph forms (AppKit only draws horizontal). Raw "CTVerticalForms".
    public static let verticalGlyphForm = Self("CTVerticalForms")
    /// `String` BCP 47 language of the text (e.g. "de-CH"), used for hyphenation, spelling and
    /// locale-sensitive line breaking. Raw "NSLanguage", the value of Core Text's
    /// `kCTLanguageAttributeName` and of Foundation's `AttributedString` `languageIdentifier`
    /// attribute, so it maps to both.
    public static let languageIdentifier = Self("NSLanguage")

    /// `Bool` (an OpenTextKit addition, no Apple counterpart): the text is code — an identifier,
    /// a path, a URL, an option — and breaks as code does. A line may end inside it only at white
    /// space or right after a code token: `/`, `.`, `-`, `_` or `::` (not between two of them,
    /// and not before white space), so `Sources/TextKit/Layout` may break after a slash where a
    /// word would otherwise be cut anywhere. It is never hyphenated, and nothing is inserted where
    /// it breaks, so what a reader copies is the code. The Markdown reader sets it on code spans.
    /// Raw "OTKBreaksLikeCode".
    public static let breaksLikeCode = Self("OTKBreaksLikeCode")
}

extension NSAttributedString {
    /// Values of the `.textEffect` attribute (`NSAttributedString.Key.textEffect`).
    public struct TextEffectStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The same as `init(rawValue:)`, without the label.
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// The letterpress effect (raw "_UIKitNewLetterpressStyle", as UIKit's `NSTextEffectLetterpressStyle`).
        public static let letterpressStyle = TextEffectStyle("_UIKitNewLetterpressStyle")
    }
}
