/// How lines of a paragraph are aligned, with iOS raw values (AppKit's differ: right 1, center 2).
public enum NSTextAlignment: Int, Sendable, Hashable {
    /// Lines start at the left edge of the line fragment.
    case left = 0
    /// Lines are centred in the line fragment.
    case center = 1
    /// Lines end at the right edge of the line fragment.
    case right = 2
    /// Both edges flush; the last line of a paragraph is aligned naturally.
    case justified = 3
    /// Left for left-to-right paragraphs, right for right-to-left ones.
    case natural = 4
}

/// What happens to a line that is too long for its line fragment.
public enum NSLineBreakMode: Int, Sendable, Hashable {
    /// Lines break between words (at Unicode line-break opportunities, UAX #14); a word longer than the line breaks between grapheme clusters.
    case byWordWrapping = 0
    /// Lines break between any two grapheme clusters.
    case byCharWrapping = 1
    /// The paragraph is one line; what does not fit is not drawn.
    case byClipping = 2
    /// The paragraph is one line; if it does not fit, its start is replaced with an ellipsis ("…").
    case byTruncatingHead = 3
    /// The paragraph is one line; if it does not fit, its end is replaced with an ellipsis ("…").
    case byTruncatingTail = 4
    /// The paragraph is one line; if it does not fit, its middle is replaced with an ellipsis ("…").
    case byTruncatingMiddle = 5
}

/// The base direction of text.
public enum NSWritingDirection: Int, Sendable, Hashable {
    /// Decided by the Unicode bidi algorithm from the paragraph's first strong character.
    case natural = -1
    /// Left to right, as Latin, Cyrillic and CJK text.
    case leftToRight = 0
    /// Right to left, as Arabic and Hebrew text.
    case rightToLeft = 1
}

/// Whether a `.writingDirection` entry embeds or overrides (OR'd with an ``NSWritingDirection`` raw value).
public enum NSWritingDirectionFormatType: Int, Sendable, Hashable {
    /// As U+202A/U+202B (LRE/RLE).
    case embedding = 0
    /// As U+202D/U+202E (LRO/RLO).
    case override = 2
}

/// Underline and strikethrough styles, as UIKit's `NSUnderlineStyle` (raw values are Apple's): a line
/// style, optionally OR'd with a pattern and `.byWord`. Stored under `.underlineStyle` and
/// `.strikethroughStyle` as its `rawValue` (`Int`); `[]` means none.
public struct NSUnderlineStyle: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    /// A style from its raw value: a line style (low byte), a pattern (second byte) and `.byWord`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// One thin line (the font's underline thickness).
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    /// One line twice as thick as `.single`.
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    /// Two thin lines.
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    /// A dotted line (OR it with a line style, as `[.single, .patternDot]`).
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    /// A dashed line.
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    /// Alternating dashes and dots.
    public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
    /// A dash followed by two dots, repeated.
    public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
    /// Draw under words only, not under the spaces between them.
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}
