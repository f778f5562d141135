/// How lines of a paragraph are aligned, with iOS raw values (AppKit's differ: right 1, center 2).
public enum NSTextAlignment: Int, Sendable, Hashable {
    case left = 0
    case center = 1
    case right = 2
    /// Both edges flush; the last line of a paragraph is aligned naturally.
    case justified = 3
    /// Left for left-to-right paragraphs, right for right-to-left ones.
    case natural = 4
}

/// What happens to a line that is too long for its line fragment.
public enum NSLineBreakMode: Int, Sendable, Hashable {
    case byWordWrapping = 0
    case byCharWrapping = 1
    case byClipping = 2
    case byTruncatingHead = 3
    case byTruncatingTail = 4
    case byTruncatingMiddle = 5
}

/// The base direction of text.
public enum NSWritingDirection: Int, Sendable, Hashable {
    /// Decided by the Unicode bidi algorithm from the paragraph's first strong character.
    case natural = -1
    case leftToRight = 0
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
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let single = NSUnderlineStyle(rawValue: 0x01)
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
    public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
    /// Draw under words only, not under the spaces between them.
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}
