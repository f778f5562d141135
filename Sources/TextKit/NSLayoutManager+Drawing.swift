import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

// Drawing. Placeholder implementations: the full drawing (attributes, decorations, links) is
// being written; these keep the overridable entry points in NSLayoutManager.swift compiling.
extension NSLayoutManager {
    func _drawBackground(forGlyphRange glyphsToShow: NSRange, at origin: CGPoint) {}

    func _drawGlyphs(forGlyphRange glyphsToShow: NSRange, at origin: CGPoint) {}

    func _showCGGlyphs(_ glyphs: UnsafePointer<CGGlyph>, positions: UnsafePointer<CGPoint>, count glyphCount: Int,
                       font: UIFont, textMatrix: CGAffineTransform, attributes: [NSAttributedString.Key: Any],
                       in context: CGContext) {}

    func _fillBackgroundRectArray(_ rectArray: UnsafePointer<CGRect>, count rectCount: Int,
                                  forCharacterRange charRange: NSRange, color: UIColor) {}

    func _drawUnderline(forGlyphRange glyphRange: NSRange, underlineType underlineVal: NSUnderlineStyle,
                        baselineOffset: CGFloat, lineFragmentRect lineRect: CGRect,
                        lineFragmentGlyphRange lineGlyphRange: NSRange, containerOrigin: CGPoint) {}

    func _underlineGlyphRange(_ glyphRange: NSRange, underlineType underlineVal: NSUnderlineStyle,
                              lineFragmentRect lineRect: CGRect, lineFragmentGlyphRange lineGlyphRange: NSRange,
                              containerOrigin: CGPoint) {}

    func _drawStrikethrough(forGlyphRange glyphRange: NSRange, strikethroughType strikethroughVal: NSUnderlineStyle,
                            baselineOffset: CGFloat, lineFragmentRect lineRect: CGRect,
                            lineFragmentGlyphRange lineGlyphRange: NSRange, containerOrigin: CGPoint) {}

    func _strikethroughGlyphRange(_ glyphRange: NSRange, strikethroughType strikethroughVal: NSUnderlineStyle,
                                  lineFragmentRect lineRect: CGRect, lineFragmentGlyphRange lineGlyphRange: NSRange,
                                  containerOrigin: CGPoint) {}
}
