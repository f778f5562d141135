import TextKitModel

// Core Text's attribute names. Where a Core Text attribute means the same as one of the model's
// `NSAttributedString.Key`s, its `kCT…` name is that key, so an attributed string built by Core
// Text code and one built by TextKit code are the same string: `kCTFontAttributeName` is
// `.font` ("NSFont", the raw value Apple uses too). Keys whose raw value differs from Apple's
// (Apple's `kCTForegroundColorAttributeName` is "CTForegroundColor") use the model's raw value;
// this matters only to code that compares raw strings.
//
// Values: Core Text takes `CGColor`s and `CFNumber`s; here colours may be `UIColor` or `CGColor`
// and numbers any numeric type (`Int`, `Double`, `CGFloat`, `NSNumber`).

/// The font (`CTFont`, which is `UIFont`). Default: Helvetica 12, or the system font when no
/// Helvetica is installed. Same key as `.font`.
public let kCTFontAttributeName: NSAttributedString.Key = .font

/// The text colour, a `UIColor` or `CGColor`. Default black. Same key as `.foregroundColor`
/// (raw "NSColor"; Apple's raw value is "CTForegroundColor").
public let kCTForegroundColorAttributeName: NSAttributedString.Key = .foregroundColor

/// A Boolean: draw the text in the context's fill colour instead of `kCTForegroundColorAttributeName`.
public let kCTForegroundColorFromContextAttributeName = NSAttributedString.Key("CTForegroundColorFromContext")

/// Points added after each character (a number). Same key as `.kern`. 0 turns the font's
/// kerning off, as in Core Text.
public let kCTKernAttributeName: NSAttributedString.Key = .kern

/// Points of tracking added between characters (a number). Same key as `.tracking`.
public let kCTTrackingAttributeName: NSAttributedString.Key = .tracking

/// Ligatures: 0 only required ones, 1 standard (default), 2 all. Same key as `.ligature`.
public let kCTLigatureAttributeName: NSAttributedString.Key = .ligature

/// The paragraph style (`CTParagraphStyle`, which is `NSParagraphStyle`). Same key as `.paragraphStyle`.
public let kCTParagraphStyleAttributeName: NSAttributedString.Key = .paragraphStyle

/// The outline width in percent of the font size (a number): positive strokes only, negative
/// strokes and fills. Same key as `.strokeWidth`.
public let kCTStrokeWidthAttributeName: NSAttributedString.Key = .strokeWidth

/// The outline colour, a `UIColor` or `CGColor`; default the foreground colour. Same key as `.strokeColor`.
public let kCTStrokeColorAttributeName: NSAttributedString.Key = .strokeColor

/// The underline: a ``CTUnderlineStyle`` raw value, optionally OR'd with a
/// ``CTUnderlineStyleModifiers`` pattern (the same numbers as `NSUnderlineStyle`). Drawn by
/// ``CTLineDraw(_:_:)``, ``CTRunDraw(_:_:_:)`` and ``CTFrameDraw(_:_:)``. Same key as `.underlineStyle`.
public let kCTUnderlineStyleAttributeName: NSAttributedString.Key = .underlineStyle

/// The underline colour, a `UIColor` or `CGColor`; default the foreground colour. Same key as `.underlineColor`.
public let kCTUnderlineColorAttributeName: NSAttributedString.Key = .underlineColor

/// Points the baseline is raised (a number). Same key as `.baselineOffset`.
public let kCTBaselineOffsetAttributeName: NSAttributedString.Key = .baselineOffset

/// The BCP 47 language of the text (a `String`), used for shaping, line breaking and
/// hyphenation. Same key as `.languageIdentifier` (raw "NSLanguage", as Apple's).
public let kCTLanguageAttributeName: NSAttributedString.Key = .languageIdentifier

/// Underline styles (Core Text's `CTUnderlineStyle`); the raw values are `NSUnderlineStyle`'s.
public struct CTUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let single = CTUnderlineStyle(rawValue: 0x01)
    public static let thick = CTUnderlineStyle(rawValue: 0x02)
    public static let double = CTUnderlineStyle(rawValue: 0x09)
}

/// Underline patterns, OR'd into a ``CTUnderlineStyle`` (Core Text's `CTUnderlineStyleModifiers`).
public struct CTUnderlineStyleModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let patternSolid = CTUnderlineStyleModifiers([])
    public static let patternDot = CTUnderlineStyleModifiers(rawValue: 0x0100)
    public static let patternDash = CTUnderlineStyleModifiers(rawValue: 0x0200)
    public static let patternDashDot = CTUnderlineStyleModifiers(rawValue: 0x0300)
    public static let patternDashDotDot = CTUnderlineStyleModifiers(rawValue: 0x0400)
}
