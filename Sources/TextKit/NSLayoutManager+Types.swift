import TextKitModel

extension NSLayoutManager {
    /// Whether text runs horizontally or vertically (only horizontal is laid out on Linux).
    public typealias TextLayoutOrientation = NSTextLayoutOrientation

    /// What a glyph is to layout, as TextKit's `NSLayoutManager.GlyphProperty`.
    public struct GlyphProperty: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Ignored in layout and display.
        public static let null = GlyphProperty(rawValue: 1 << 0)
        /// A control character (tab, line or paragraph separator…), handled by its action.
        public static let controlCharacter = GlyphProperty(rawValue: 1 << 1)
        /// White space that justification may widen.
        public static let elastic = GlyphProperty(rawValue: 1 << 2)
        /// Not the first glyph of its character cluster (a mark, a second glyph of a decomposition).
        public static let nonBaseCharacter = GlyphProperty(rawValue: 1 << 3)
    }

    /// What a control character does in layout.
    public struct ControlCharacterAction: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The character's glyph is not drawn and takes no room.
        public static let zeroAdvancement = ControlCharacterAction(rawValue: 1 << 0)
        /// The glyph takes the width the delegate's `boundingBoxForControlGlyphAt` gives (by default none).
        public static let whitespace = ControlCharacterAction(rawValue: 1 << 1)
        /// The glyph moves the pen to the next tab stop.
        public static let horizontalTab = ControlCharacterAction(rawValue: 1 << 2)
        /// The line ends after the character (as U+2028).
        public static let lineBreak = ControlCharacterAction(rawValue: 1 << 3)
        /// The paragraph ends after the character (as a newline).
        public static let paragraphBreak = ControlCharacterAction(rawValue: 1 << 4)
        /// The text after the character continues in the next container (as a form feed, U+000C).
        public static let containerBreak = ControlCharacterAction(rawValue: 1 << 5)
    }
}
