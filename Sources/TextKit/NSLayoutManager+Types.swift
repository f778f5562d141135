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
        public static let zeroAdvancement = ControlCharacterAction(rawValue: 1 << 0)
        public static let whitespace = ControlCharacterAction(rawValue: 1 << 1)
        public static let horizontalTab = ControlCharacterAction(rawValue: 1 << 2)
        public static let lineBreak = ControlCharacterAction(rawValue: 1 << 3)
        public static let paragraphBreak = ControlCharacterAction(rawValue: 1 << 4)
        public static let containerBreak = ControlCharacterAction(rawValue: 1 << 5)
    }
}
