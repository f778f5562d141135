import TextKitModel

// Core Text's attribute names, as Core Text declares them: `CFString`s (here `String`, see
// ``CFString``) with Apple's raw values. Code written for iOS uses them as it does there:
//
//     NSAttributedString.Key(kCTFontAttributeName as String)          // a UIKit-style key
//     [kCTFontAttributeName as String: font] as CFDictionary           // a Core Text dictionary
//     CFAttributedStringCreate(nil, text as CFString, [kCTForegroundColorAttributeName: color] as CFDictionary)
//
// Several names share their raw value with a UIKit key (`kCTFontAttributeName` is "NSFont", the
// raw value of `.font`), so a dictionary written either way means the same. The others have a
// value of Core Text's own ("CTForegroundColor" against UIKit's "NSColor"); both spellings are
// honoured by layout and drawing, in the Core Text functions and the TextKit layer alike. When a
// dictionary holds both, Core Text drawing (`CTLineDraw`, `CTRunDraw`, `CTFrameDraw`) prefers
// the Core Text key and the TextKit layer the UIKit key, each its own.
//
// Values: Core Text takes `CGColor`s and `CFNumber`s; here colours may be `UIColor` or `CGColor`
// and numbers any numeric type (`Int`, `Double`, `CGFloat`, `NSNumber`).

/// The font (`CTFont`, which is `UIFont`). Default: Helvetica 12, or the system font when no
/// Helvetica is installed. Raw "NSFont", the same key as `.font`.
public let kCTFontAttributeName: CFString = "NSFont"

/// The text colour, a `CGColor` or `UIColor`. Default black. Raw "CTForegroundColor" (UIKit's
/// `.foregroundColor` is "NSColor"); both keys colour the text.
public let kCTForegroundColorAttributeName: CFString = "CTForegroundColor"

/// A Boolean: draw the text in the context's fill colour instead of `kCTForegroundColorAttributeName`
/// (Core Text drawing only). Raw "CTForegroundColorFromContext".
public let kCTForegroundColorFromContextAttributeName: CFString = "CTForegroundColorFromContext"

/// The background colour, a `CGColor` or `UIColor`, filled behind the glyphs over the run's
/// typographic height by `CTLineDraw`, `CTRunDraw` and `CTFrameDraw` (which, as Core Text, do
/// not draw UIKit's `.backgroundColor`). Raw "CTBackgroundColor"; the TextKit layer fills it like
/// `.backgroundColor`.
public let kCTBackgroundColorAttributeName: CFString = "CTBackgroundColor"

/// Points added after each character (a number). 0 turns the font's kerning off, as in Core Text.
/// Raw "NSKern", the same key as `.kern`.
public let kCTKernAttributeName: CFString = "NSKern"

/// Points of tracking added between characters (a number). Raw "CTTracking" (UIKit's `.tracking`
/// is "NSTracking"); both are honoured, and add up when both are set.
public let kCTTrackingAttributeName: CFString = "CTTracking"

/// Ligatures: 0 only required ones, 1 standard (default), 2 all. Raw "NSLigature", the same key
/// as `.ligature`.
public let kCTLigatureAttributeName: CFString = "NSLigature"

/// The paragraph style (`CTParagraphStyle`, which is `NSParagraphStyle`). Raw "NSParagraphStyle",
/// the same key as `.paragraphStyle`.
public let kCTParagraphStyleAttributeName: CFString = "NSParagraphStyle"

/// The outline width in percent of the font size (a number): positive strokes only, negative
/// strokes and fills. Raw "NSStrokeWidth", the same key as `.strokeWidth`.
public let kCTStrokeWidthAttributeName: CFString = "NSStrokeWidth"

/// The outline colour, a `CGColor` or `UIColor`; default the foreground colour. Raw
/// "CTStrokeColor" (UIKit's `.strokeColor` is "NSStrokeColor"); both are honoured.
public let kCTStrokeColorAttributeName: CFString = "CTStrokeColor"

/// The underline: a ``CTUnderlineStyle`` raw value, optionally OR'd with a
/// ``CTUnderlineStyleModifiers`` pattern (the same numbers as `NSUnderlineStyle`). Drawn by
/// ``CTLineDraw(_:_:)``, ``CTRunDraw(_:_:_:)`` and ``CTFrameDraw(_:_:)``. Raw "NSUnderline", the
/// same key as `.underlineStyle`.
public let kCTUnderlineStyleAttributeName: CFString = "NSUnderline"

/// The underline colour, a `CGColor` or `UIColor`; default the foreground colour. Raw
/// "CTUnderlineColor" (UIKit's `.underlineColor` is "NSUnderlineColor"); both are honoured.
public let kCTUnderlineColorAttributeName: CFString = "CTUnderlineColor"

/// Points the baseline is raised (a number). Raw "CTBaselineOffset" (UIKit's `.baselineOffset` is
/// "NSBaselineOffset"); both are honoured, UIKit's when both are set.
public let kCTBaselineOffsetAttributeName: CFString = "CTBaselineOffset"

/// The BCP 47 language of the text (a `String`), used for shaping, line breaking and
/// hyphenation. Raw "NSLanguage", the same key as `.languageIdentifier`.
public let kCTLanguageAttributeName: CFString = "NSLanguage"

/// A ``CTRunDelegate`` that gives the characters it covers (put it on U+FFFC, as image-placing
/// code does) a box of its callbacks' width, ascent and descent; nothing is drawn for them.
/// Raw "CTRunDelegate".
public let kCTRunDelegateAttributeName: CFString = "CTRunDelegate"

/// Glyph orientation in vertical text (a Boolean). Raw "CTVerticalForms", the same key as
/// `.verticalGlyphForm`. Vertical layout is not done here: the attribute is kept, not applied.
public let kCTVerticalFormsAttributeName: CFString = "CTVerticalForms"

/// Explicit embedding levels or overrides (an array of numbers, as UIKit's `.writingDirection`).
/// Raw "NSWritingDirection", the same key as `.writingDirection`. Kept, not applied here: use
/// Unicode's directional formatting characters.
public let kCTWritingDirectionAttributeName: CFString = "NSWritingDirection"

/// Superscript (positive) or subscript (negative) as a number: the font's own superscript or
/// subscript forms (OpenType `sups`, `subs`), as Core Text uses them "if supported by the
/// font"; text in a font without them is unchanged. Raw "CTSuperscript".
public let kCTSuperscriptAttributeName: CFString = "CTSuperscript"

/// A glyph to use instead of the one shaping picks (`CTGlyphInfo`). Raw "NSGlyphInfo". Not
/// applied here (`CTGlyphInfo` does not exist).
public let kCTGlyphInfoAttributeName: CFString = "NSGlyphInfo"

/// Rotation of horizontal runs in vertical text. Raw "CTHorizontalInVerticalForms". Not applied.
public let kCTHorizontalInVerticalFormsAttributeName: CFString = "CTHorizontalInVerticalForms"

/// The baseline class of the text (`kCTBaselineClass…`). Raw "CTBaselineClass". Not applied:
/// every run sits on the roman baseline.
public let kCTBaselineClassAttributeName: CFString = "CTBaselineClass"

/// Baseline offsets by class for the text. Raw "CTBaselineInfo". Not applied.
public let kCTBaselineInfoAttributeName: CFString = "CTBaselineInfo"

/// Baseline offsets by class for the line's reference. Raw "CTBaselineReferenceInfo". Not applied.
public let kCTBaselineReferenceInfoAttributeName: CFString = "CTBaselineReferenceInfo"

/// Ruby (furigana) over the text (`CTRubyAnnotation`). Raw "CTRubyAnnotation". Not applied
/// (`CTRubyAnnotation` does not exist here).
public let kCTRubyAnnotationAttributeName: CFString = "CTRubyAnnotation"

/// The same key as the UIKit name of the same meaning, for the Core Text names whose raw value
/// differs from UIKit's, so that layout and drawing can honour both spellings.
package enum CoreTextKey {
    package static let foregroundColor = NSAttributedString.Key(kCTForegroundColorAttributeName)
    package static let foregroundColorFromContext = NSAttributedString.Key(kCTForegroundColorFromContextAttributeName)
    package static let backgroundColor = NSAttributedString.Key(kCTBackgroundColorAttributeName)
    package static let tracking = NSAttributedString.Key(kCTTrackingAttributeName)
    package static let strokeColor = NSAttributedString.Key(kCTStrokeColorAttributeName)
    package static let underlineColor = NSAttributedString.Key(kCTUnderlineColorAttributeName)
    package static let baselineOffset = NSAttributedString.Key(kCTBaselineOffsetAttributeName)
    package static let runDelegate = NSAttributedString.Key(kCTRunDelegateAttributeName)
    package static let superscript = NSAttributedString.Key(kCTSuperscriptAttributeName)

    /// UIKit's key → Core Text's key of the same meaning and a different raw value.
    package static let counterparts: [NSAttributedString.Key: NSAttributedString.Key] = [
        .foregroundColor: foregroundColor, .backgroundColor: backgroundColor, .tracking: tracking,
        .strokeColor: strokeColor, .underlineColor: underlineColor, .baselineOffset: baselineOffset,
    ]
}

extension Dictionary where Key == NSAttributedString.Key, Value == Any {
    /// The value under a UIKit key, or when there is none, under its Core Text counterpart
    /// (`.foregroundColor`, then `kCTForegroundColorAttributeName`): how the TextKit layer reads.
    package subscript(uiKitFirst key: NSAttributedString.Key) -> Any? {
        if let value = self[key] { return value }
        return CoreTextKey.counterparts[key].flatMap { self[$0] }
    }

    /// The value under the Core Text counterpart of a UIKit key, or when there is none, under the
    /// UIKit key: how Core Text drawing reads.
    package subscript(coreTextFirst key: NSAttributedString.Key) -> Any? {
        if let counterpart = CoreTextKey.counterparts[key], let value = self[counterpart] { return value }
        return self[key]
    }
}

/// Underline styles (Core Text's `CTUnderlineStyle`); the raw values are `NSUnderlineStyle`'s.
public struct CTUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// One thin line.
    public static let single = CTUnderlineStyle(rawValue: 0x01)
    /// One line twice as thick as `.single`.
    public static let thick = CTUnderlineStyle(rawValue: 0x02)
    /// Two thin lines.
    public static let double = CTUnderlineStyle(rawValue: 0x09)
}

/// Underline patterns, OR'd into a ``CTUnderlineStyle`` (Core Text's `CTUnderlineStyleModifiers`).
public struct CTUnderlineStyleModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// A solid line (no pattern bits).
    public static let patternSolid = CTUnderlineStyleModifiers([])
    /// A dotted line.
    public static let patternDot = CTUnderlineStyleModifiers(rawValue: 0x0100)
    /// A dashed line.
    public static let patternDash = CTUnderlineStyleModifiers(rawValue: 0x0200)
    /// Alternating dashes and dots.
    public static let patternDashDot = CTUnderlineStyleModifiers(rawValue: 0x0300)
    /// A dash followed by two dots, repeated.
    public static let patternDashDotDot = CTUnderlineStyleModifiers(rawValue: 0x0400)
}
