/// A glyph index in a font, as Core Graphics' `CGGlyph` (16 bits: OpenType fonts have at most
/// 65 535 glyphs). Glyph 0 is `.notdef`, drawn for characters no font has.
///
/// Defined here because TextKitGraphics (the layer below) does not define it yet; if it comes to,
/// this alias should be removed so that the two do not clash in modules that import both.
public typealias CGGlyph = UInt16
