import TextKitFonts
import TextKitGraphics
import TextKitModel

/// What a layout manager asks its delegate, as TextKit's `NSLayoutManagerDelegate`. Every method
/// is optional: the protocol extension gives each TextKit's default behaviour, so implement only
/// the ones you need.
///
/// Linux note: Swift protocols without Objective-C have no optional methods, so the layout
/// manager cannot tell an unimplemented spacing method from one that returns a value. The
/// defaults of the three spacing methods therefore return `CGFloat.nan`, which the layout manager
/// reads as "use the paragraph style"; never return NaN yourself.
public protocol NSLayoutManagerDelegate: AnyObject {
    /// Lets the delegate change the glyphs generated for `glyphRange` (with one font) before they
    /// are stored: call `layoutManager.setGlyphs(_:properties:characterIndexes:font:forGlyphRange:)`
    /// with your changes and return the number of glyphs set, or return 0 to keep them.
    func layoutManager(_ layoutManager: NSLayoutManager, shouldGenerateGlyphs glyphs: UnsafePointer<CGGlyph>,
                       properties props: UnsafePointer<NSLayoutManager.GlyphProperty>,
                       characterIndexes charIndexes: UnsafePointer<Int>, font aFont: UIFont,
                       forGlyphRange glyphRange: NSRange) -> Int
    /// The space after the line that ends with `glyphIndex`, replacing the paragraph style's
    /// `lineSpacing`.
    func layoutManager(_ layoutManager: NSLayoutManager, lineSpacingAfterGlyphAt glyphIndex: Int,
                       withProposedLineFragmentRect rect: CGRect) -> CGFloat
    /// The space before the paragraph that starts with `glyphIndex`, replacing `paragraphSpacingBefore`.
    func layoutManager(_ layoutManager: NSLayoutManager, paragraphSpacingBeforeGlyphAt glyphIndex: Int,
                       withProposedLineFragmentRect rect: CGRect) -> CGFloat
    /// The space after the paragraph that ends with `glyphIndex`, replacing `paragraphSpacing`.
    func layoutManager(_ layoutManager: NSLayoutManager, paragraphSpacingAfterGlyphAt glyphIndex: Int,
                       withProposedLineFragmentRect rect: CGRect) -> CGFloat
    /// The action for a control character (by default, the one given).
    func layoutManager(_ layoutManager: NSLayoutManager, shouldUse action: NSLayoutManager.ControlCharacterAction,
                       forControlCharacterAt charIndex: Int) -> NSLayoutManager.ControlCharacterAction
    /// Whether a line may break at the word boundary before `charIndex` (true by default).
    func layoutManager(_ layoutManager: NSLayoutManager, shouldBreakLineByWordBeforeCharacterAt charIndex: Int) -> Bool
    /// Whether a line may be hyphenated before `charIndex` (true by default).
    func layoutManager(_ layoutManager: NSLayoutManager, shouldBreakLineByHyphenatingBeforeCharacterAt charIndex: Int) -> Bool
    /// The box a control glyph (a tab, say) occupies; by default its proposed box.
    func layoutManager(_ layoutManager: NSLayoutManager, boundingBoxForControlGlyphAt glyphIndex: Int,
                       for textContainer: NSTextContainer, proposedLineFragment proposedRect: CGRect,
                       glyphPosition: CGPoint, characterIndex charIndex: Int) -> CGRect
    /// Lets the delegate change a line fragment before it is stored; return true when you changed
    /// something. The used rect must stay inside the fragment rect.
    func layoutManager(_ layoutManager: NSLayoutManager, shouldSetLineFragmentRect lineFragmentRect: UnsafeMutablePointer<CGRect>,
                       lineFragmentUsedRect: UnsafeMutablePointer<CGRect>, baselineOffset: UnsafeMutablePointer<CGFloat>,
                       in textContainer: NSTextContainer, forGlyphRange glyphRange: NSRange) -> Bool
    /// Layout was invalidated.
    func layoutManagerDidInvalidateLayout(_ sender: NSLayoutManager)
    /// A container was filled (`atEnd` when the text ended in it), or, with a nil container, the
    /// text did not fit in any container.
    func layoutManager(_ layoutManager: NSLayoutManager, didCompleteLayoutFor textContainer: NSTextContainer?, atEnd layoutFinishedFlag: Bool)
    /// A container changed size.
    func layoutManager(_ layoutManager: NSLayoutManager, textContainer: NSTextContainer, didChangeGeometryFrom oldSize: CGSize)
}

extension NSLayoutManagerDelegate {
    /// Default: returns 0, keeping the glyphs generated.
    public func layoutManager(_ layoutManager: NSLayoutManager, shouldGenerateGlyphs glyphs: UnsafePointer<CGGlyph>,
                              properties props: UnsafePointer<NSLayoutManager.GlyphProperty>,
                              characterIndexes charIndexes: UnsafePointer<Int>, font aFont: UIFont,
                              forGlyphRange glyphRange: NSRange) -> Int { 0 }
    /// Default: `CGFloat.nan`, which the layout manager reads as "use the paragraph style's `lineSpacing`".
    public func layoutManager(_ layoutManager: NSLayoutManager, lineSpacingAfterGlyphAt glyphIndex: Int,
                              withProposedLineFragmentRect rect: CGRect) -> CGFloat { .nan }
    /// Default: `CGFloat.nan`, which the layout manager reads as "use the paragraph style's `paragraphSpacingBefore`".
    public func layoutManager(_ layoutManager: NSLayoutManager, paragraphSpacingBeforeGlyphAt glyphIndex: Int,
                              withProposedLineFragmentRect rect: CGRect) -> CGFloat { .nan }
    /// Default: `CGFloat.nan`, which the layout manager reads as "use the paragraph style's `paragraphSpacing`".
    public func layoutManager(_ layoutManager: NSLayoutManager, paragraphSpacingAfterGlyphAt glyphIndex: Int,
                              withProposedLineFragmentRect rect: CGRect) -> CGFloat { .nan }
    /// Default: returns `action`, the layout manager's own choice.
    public func layoutManager(_ layoutManager: NSLayoutManager, shouldUse action: NSLayoutManager.ControlCharacterAction,
                              forControlCharacterAt charIndex: Int) -> NSLayoutManager.ControlCharacterAction { action }
    /// Default: true, every word boundary the line breaker finds may break.
    public func layoutManager(_ layoutManager: NSLayoutManager, shouldBreakLineByWordBeforeCharacterAt charIndex: Int) -> Bool { true }
    /// Default: true, every hyphenation point may break.
    public func layoutManager(_ layoutManager: NSLayoutManager, shouldBreakLineByHyphenatingBeforeCharacterAt charIndex: Int) -> Bool { true }
    /// Default: an empty box at `glyphPosition`, so the control glyph takes no room.
    public func layoutManager(_ layoutManager: NSLayoutManager, boundingBoxForControlGlyphAt glyphIndex: Int,
                              for textContainer: NSTextContainer, proposedLineFragment proposedRect: CGRect,
                              glyphPosition: CGPoint, characterIndex charIndex: Int) -> CGRect {
        CGRect(origin: glyphPosition, size: .zero)
    }
    /// Default: false, the line fragment is stored as laid out.
    public func layoutManager(_ layoutManager: NSLayoutManager, shouldSetLineFragmentRect lineFragmentRect: UnsafeMutablePointer<CGRect>,
                              lineFragmentUsedRect: UnsafeMutablePointer<CGRect>, baselineOffset: UnsafeMutablePointer<CGFloat>,
                              in textContainer: NSTextContainer, forGlyphRange glyphRange: NSRange) -> Bool { false }
    /// Default: does nothing.
    public func layoutManagerDidInvalidateLayout(_ sender: NSLayoutManager) {}
    /// Default: does nothing.
    public func layoutManager(_ layoutManager: NSLayoutManager, didCompleteLayoutFor textContainer: NSTextContainer?, atEnd layoutFinishedFlag: Bool) {}
    /// Default: does nothing.
    public func layoutManager(_ layoutManager: NSLayoutManager, textContainer: NSTextContainer, didChangeGeometryFrom oldSize: CGSize) {}
}
