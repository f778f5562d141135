import TextKitFonts
import TextKitGraphics
import TextKitModel

// Core Text's font functions, as thin wrappers over UIFont. `CTFont` *is* `UIFont` (as
// `CTFontDescriptor` is `UIFontDescriptor`), so a font made by Core Text code can go straight
// into an attribute dictionary or a UIKit-style API, and back.
//
// Conventions: sizes and metrics in points. Vertical metrics follow Core Text: `CTFontGetAscent`
// and `CTFontGetDescent` are both positive; the underline position is y up (negative below the
// baseline). Per-glyph geometry (bounding rects, glyph paths) is in Core Text's y-up glyph space
// with the origin at the glyph origin on the baseline — the opposite of `UIFont`'s y-down
// `boundingRect(forGlyph:)` and `cgPath(forGlyph:)`. To draw such a path in the graphics layer's
// y-down space, flip it: `CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: x, ty: baselineY)`.
//
// Font matrices (the `matrix` parameters) go into the font's descriptor; drawing applies them to
// glyph shapes (as the TextKit layer does) but shaping and advances ignore them, so a matrix that
// scales or rotates gives overlapping or spread glyphs: prefer nil. A matrix that would make a
// font loaded from a file resolve to another face is ignored.

/// Core Text's font: ``UIFont``.
public typealias CTFont = UIFont
/// Core Text's font descriptor: ``UIFontDescriptor``.
public typealias CTFontDescriptor = UIFontDescriptor
/// Core Text's symbolic traits: `UIFontDescriptor.SymbolicTraits` (same bits: `.traitItalic`,
/// `.traitBold`, `.traitMonoSpace`, …).
public typealias CTFontSymbolicTraits = UIFontDescriptor.SymbolicTraits

/// Glyph orientation for metrics (Core Text's `CTFontOrientation`). Only horizontal metrics are
/// available: `.vertical` answers as `.horizontal`.
public enum CTFontOrientation: UInt32, Sendable {
    /// The font's default orientation: horizontal here.
    case `default` = 0
    /// Metrics for horizontal text.
    case horizontal = 1
    /// Metrics for vertical text; answered with horizontal metrics here.
    case vertical = 2
}

/// Font descriptor attribute names, with Core Text's raw values (the same as UIKit's).
public let kCTFontNameAttribute = UIFontDescriptor.AttributeName.name.rawValue
/// The family name (`String`); UIKit's `UIFontDescriptor.AttributeName.family`.
public let kCTFontFamilyNameAttribute = UIFontDescriptor.AttributeName.family.rawValue
/// The style name within the family (`String`); UIKit's `UIFontDescriptor.AttributeName.face`.
public let kCTFontStyleNameAttribute = UIFontDescriptor.AttributeName.face.rawValue
/// The point size (a number); UIKit's `UIFontDescriptor.AttributeName.size`.
public let kCTFontSizeAttribute = UIFontDescriptor.AttributeName.size.rawValue
/// The traits dictionary; UIKit's `UIFontDescriptor.AttributeName.traits`.
public let kCTFontTraitsAttribute = UIFontDescriptor.AttributeName.traits.rawValue
/// OpenType feature settings; UIKit's `UIFontDescriptor.AttributeName.featureSettings`.
public let kCTFontFeatureSettingsAttribute = UIFontDescriptor.AttributeName.featureSettings.rawValue
/// The fonts to try before the default fallback for characters the font lacks: an array of
/// descriptors, honoured by layout's fallback and by ``CTFontCreateForString(_:_:_:)``.
public let kCTFontCascadeListAttribute = UIFontDescriptor.AttributeName.cascadeList.rawValue
/// The file of the font (a `URL`), read with ``CTFontCopyAttribute(_:_:)`` or
/// ``CTFontDescriptorCopyAttribute(_:_:)`` (Core Text's `kCTFontURLAttribute`). Not a matching
/// attribute here: a descriptor is not resolved by file.
public let kCTFontURLAttribute: CFString = "NSCTFontFileURLAttribute"

// MARK: Creating fonts

/// The font named `name` (a PostScript, full or family name) at `size` points (0: 12), as Core
/// Text's `CTFontCreateWithName`. Never fails: a name no installed font has gives fontconfig's
/// substitute for it.
public func CTFontCreateWithName(_ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    let font = UIFont(name: name, size: size) ?? UIFont(descriptor: UIFontDescriptor(name: name, size: size), size: size)
    return applying(matrix, to: font)
}

/// `font` with `matrix` in its descriptor, when that keeps its face.
private func applying(_ matrix: UnsafePointer<CGAffineTransform>?, to font: UIFont) -> UIFont {
    guard let matrix, !matrix.pointee.isIdentity else { return font }
    let transformed = UIFont(descriptor: font.fontDescriptor.withMatrix(matrix.pointee), size: font.pointSize)
    return transformed.face === font.face ? transformed : font
}

/// The font a descriptor describes, at `size` points (0: the descriptor's size, else 12), as Core
/// Text's `CTFontCreateWithFontDescriptor`.
public func CTFontCreateWithFontDescriptor(_ descriptor: CTFontDescriptor, _ size: CGFloat,
                                           _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    applying(matrix, to: UIFont(descriptor: descriptor, size: size))
}

/// The font at another size (0: the same size), with `attributes` added when given (Core Text's
/// `CTFontCreateCopyWithAttributes`). Without attributes the face is kept exactly.
public func CTFontCreateCopyWithAttributes(_ font: CTFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
                                           _ attributes: CTFontDescriptor?) -> CTFont {
    let size = size > 0 ? size : font.pointSize
    guard let attributes else { return applying(matrix, to: font.withSize(size)) }
    return applying(matrix, to: UIFont(descriptor: font.fontDescriptor.addingAttributes(attributes.fontAttributes), size: size))
}

/// A descriptor for the font named `name` at `size` (Core Text's `CTFontDescriptorCreateWithNameAndSize`).
public func CTFontDescriptorCreateWithNameAndSize(_ name: CFString, _ size: CGFloat) -> CTFontDescriptor {
    UIFontDescriptor(name: name, size: size)
}

/// A descriptor from attributes keyed by the `kCTFont…Attribute` names (Core Text's
/// `CTFontDescriptorCreateWithAttributes`).
public func CTFontDescriptorCreateWithAttributes(_ attributes: CFDictionary) -> CTFontDescriptor {
    var converted: [UIFontDescriptor.AttributeName: Any] = [:]
    for (key, value) in attributes { converted[UIFontDescriptor.AttributeName(rawValue: key)] = value }
    return UIFontDescriptor(fontAttributes: converted)
}

/// One attribute of a descriptor (Core Text's `CTFontDescriptorCopyAttribute`), or nil when it has
/// none: the value stored under `attribute` (a `kCTFont…Attribute` name), and for
/// ``kCTFontURLAttribute`` the file of the face the descriptor resolves to, as Core Text answers.
/// Cast the result to what the attribute holds (`as? String`, `as? URL`, `as? [CTFontDescriptor]`).
public func CTFontDescriptorCopyAttribute(_ descriptor: CTFontDescriptor, _ attribute: CFString) -> CFTypeRef? {
    if attribute == kCTFontURLAttribute { return UIFont(descriptor: descriptor, size: 0).face.url as AnyObject }
    return descriptor.object(forKey: UIFontDescriptor.AttributeName(rawValue: attribute)).map { $0 as AnyObject }
}

/// One attribute of a font (Core Text's `CTFontCopyAttribute`): its file for
/// ``kCTFontURLAttribute``, its PostScript name, family, style name or size for those attributes
/// (the face's, not only what was asked for), otherwise its descriptor's value.
public func CTFontCopyAttribute(_ font: CTFont, _ attribute: CFString) -> CFTypeRef? {
    switch attribute {
    case kCTFontURLAttribute: return font.face.url as AnyObject
    case kCTFontNameAttribute: return font.fontName as AnyObject
    case kCTFontFamilyNameAttribute: return font.familyName as AnyObject
    case kCTFontStyleNameAttribute: return font.face.styleName as AnyObject
    case kCTFontSizeAttribute: return font.pointSize as AnyObject
    default: return font.fontDescriptor.object(forKey: UIFontDescriptor.AttributeName(rawValue: attribute)).map { $0 as AnyObject }
    }
}

/// The font's descriptor (Core Text's `CTFontCopyFontDescriptor`).
public func CTFontCopyFontDescriptor(_ font: CTFont) -> CTFontDescriptor { font.fontDescriptor }

// MARK: Names and metrics

/// The size in points (Core Text's `CTFontGetSize`).
public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.pointSize }
/// The height above the baseline, positive (Core Text's `CTFontGetAscent`).
public func CTFontGetAscent(_ font: CTFont) -> CGFloat { font.ascender }
/// The depth below the baseline, **positive** (Core Text's `CTFontGetDescent`; `UIFont.descender` is its negative).
public func CTFontGetDescent(_ font: CTFont) -> CGFloat { -font.descender }
/// The line gap (Core Text's `CTFontGetLeading`).
public func CTFontGetLeading(_ font: CTFont) -> CGFloat { font.leading }
/// The height of capital letters (Core Text's `CTFontGetCapHeight`).
public func CTFontGetCapHeight(_ font: CTFont) -> CGFloat { font.capHeight }
/// The height of lowercase x (Core Text's `CTFontGetXHeight`).
public func CTFontGetXHeight(_ font: CTFont) -> CGFloat { font.xHeight }
/// The underline's centre, y up from the baseline (negative below it) (Core Text's `CTFontGetUnderlinePosition`).
public func CTFontGetUnderlinePosition(_ font: CTFont) -> CGFloat { font.underlinePosition }
/// The underline's thickness (Core Text's `CTFontGetUnderlineThickness`).
public func CTFontGetUnderlineThickness(_ font: CTFont) -> CGFloat { font.underlineThickness }
/// The slant in degrees, negative leaning right (Core Text's `CTFontGetSlantAngle`).
public func CTFontGetSlantAngle(_ font: CTFont) -> CGFloat { font.italicAngle }
/// Design units per em (Core Text's `CTFontGetUnitsPerEm`).
public func CTFontGetUnitsPerEm(_ font: CTFont) -> UInt32 { UInt32(font.unitsPerEm) }
/// The number of glyphs in the face (Core Text's `CTFontGetGlyphCount`).
public func CTFontGetGlyphCount(_ font: CTFont) -> CFIndex { font.numberOfGlyphs }
/// The descriptor's matrix (identity when none) (Core Text's `CTFontGetMatrix`).
public func CTFontGetMatrix(_ font: CTFont) -> CGAffineTransform { font.matrix }
/// The font's symbolic traits (Core Text's `CTFontGetSymbolicTraits`).
public func CTFontGetSymbolicTraits(_ font: CTFont) -> CTFontSymbolicTraits { font.fontDescriptor.symbolicTraits }
/// The PostScript name ("DejaVuSerif-Bold") (Core Text's `CTFontCopyPostScriptName`).
public func CTFontCopyPostScriptName(_ font: CTFont) -> CFString { font.fontName }
/// The family name ("DejaVu Serif") (Core Text's `CTFontCopyFamilyName`).
public func CTFontCopyFamilyName(_ font: CTFont) -> CFString { font.familyName }
/// The full name ("DejaVu Serif Bold") (Core Text's `CTFontCopyFullName`).
public func CTFontCopyFullName(_ font: CTFont) -> CFString { font.face.fullName }
/// The name to show users: the full name (Core Text's `CTFontCopyDisplayName`).
public func CTFontCopyDisplayName(_ font: CTFont) -> CFString { font.face.fullName }

// MARK: Glyphs

/// The glyphs for `count` UTF-16 units (Core Text's `CTFontGetGlyphsForCharacters`): the font's
/// cmap, no shaping. A surrogate pair gives its glyph at the lead unit and 0 at the trail unit.
/// Units the font has no glyph for get 0. Returns whether every character has a glyph.
public func CTFontGetGlyphsForCharacters(_ font: CTFont, _ characters: UnsafePointer<UniChar>,
                                         _ glyphs: UnsafeMutablePointer<CGGlyph>, _ count: CFIndex) -> Bool {
    var all = true
    var i = 0
    while i < count {
        let unit = characters[i]
        var scalar: Unicode.Scalar?
        var width = 1
        if UTF16.isLeadSurrogate(unit), i + 1 < count, UTF16.isTrailSurrogate(characters[i + 1]) {
            scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(characters[i + 1]) - 0xDC00))
            width = 2
        } else {
            scalar = Unicode.Scalar(unit)
        }
        let glyph = scalar.flatMap(font.glyph(for:)) ?? 0
        if glyph == 0 { all = false }
        glyphs[i] = glyph
        if width == 2 { glyphs[i + 1] = 0 }
        i += width
    }
    return all
}

/// The nominal advances of `count` glyphs (before kerning and shaping) into `advances` when
/// given, and their sum (Core Text's `CTFontGetAdvancesForGlyphs`).
public func CTFontGetAdvancesForGlyphs(_ font: CTFont, _ orientation: CTFontOrientation, _ glyphs: UnsafePointer<CGGlyph>,
                                       _ advances: UnsafeMutablePointer<CGSize>?, _ count: CFIndex) -> Double {
    var total: Double = 0
    for i in 0..<count {
        let advance = font.advance(forGlyph: glyphs[i])
        advances?[i] = CGSize(width: advance, height: 0)
        total += Double(advance)
    }
    return total
}

/// The ink bounds of `count` glyphs in Core Text's **y-up** glyph space (origin at the glyph
/// origin; `.zero` for a glyph without ink) into `boundingRects` when given, and their union
/// (Core Text's `CTFontGetBoundingRectsForGlyphs`).
public func CTFontGetBoundingRectsForGlyphs(_ font: CTFont, _ orientation: CTFontOrientation,
                                            _ glyphs: UnsafePointer<CGGlyph>,
                                            _ boundingRects: UnsafeMutablePointer<CGRect>?, _ count: CFIndex) -> CGRect {
    var union = CGRect.null
    for i in 0..<count {
        let down = font.boundingRect(forGlyph: glyphs[i])
        let up = down.isEmpty ? CGRect.zero : CGRect(x: down.minX, y: -down.maxY, width: down.width, height: down.height)
        boundingRects?[i] = up
        if !down.isEmpty { union = union.union(up) }
    }
    return union.isNull ? .zero : union
}

/// The glyph's outline in Core Text's **y-up** glyph space, mapped by `matrix` when given, or nil
/// for a glyph without an outline (a colour bitmap) (Core Text's `CTFontCreatePathForGlyph`).
public func CTFontCreatePathForGlyph(_ font: CTFont, _ glyph: CGGlyph, _ matrix: UnsafePointer<CGAffineTransform>?) -> CGPath? {
    guard let down = font.cgPath(forGlyph: glyph) else { return nil }
    var transform = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 0)
    if let matrix { transform = transform.concatenating(matrix.pointee) }
    return down.copy(using: transform)
}

// MARK: Coverage and fallback

/// The characters the font has glyphs for: its cmap (Core Text's `CTFontCopyCharacterSet`).
/// Synthesised styles and fallback fonts do not add to it. Not cached: keep the set when asking
/// many times.
public func CTFontCopyCharacterSet(_ font: CTFont) -> CFCharacterSet {
    font.face.coveredCharacters
}

/// The font to draw the characters of `range` of `string` with (Core Text's
/// `CTFontCreateForString`): `currentFont` when it has a glyph for each of them, else the font
/// that layout falls back to for the first character it lacks — the font's
/// `kCTFontCascadeListAttribute` first, then fontconfig's order — at `currentFont`'s size.
/// Characters that draw nothing (controls, format characters such as ZWJ, variation selectors)
/// are not looked at. When no installed font has the character, `currentFont`.
///
/// - Precondition: `range` lies within the string's UTF-16 length; a zero length means no
///   characters (the answer is `currentFont`).
public func CTFontCreateForString(_ currentFont: CTFont, _ string: CFString, _ range: CFRange) -> CTFont {
    let units = Array(string.utf16)
    precondition(range.location >= 0 && range.length >= 0 && range.location + range.length <= units.count,
                 "CTFontCreateForString: range \(range) is out of bounds 0..<\(units.count)")
    let text = String(decoding: units[range.location..<range.location + range.length], as: UTF16.self)
    for scalar in text.unicodeScalars where drawsSomething(scalar) {
        guard let font = currentFont.fallbackFont(for: scalar) else { continue }
        if font !== currentFont { return font }
    }
    return currentFont
}

/// The font to draw the characters of `range` of `string` with when they are in `language` (Core
/// Text's `CTFontCreateForStringWithLanguage`): as ``CTFontCreateForString(_:_:_:)``, but for a
/// character `currentFont` lacks the fonts supporting `language` (BCP 47: "ja", "zh-Hans") come
/// first, so Han characters get Japanese or Chinese forms as the language asks. A nil language is
/// ``CTFontCreateForString(_:_:_:)``. Cost: a fontconfig sort when a fallback is needed.
public func CTFontCreateForStringWithLanguage(_ currentFont: CTFont, _ string: CFString, _ range: CFRange,
                                              _ language: CFString?) -> CTFont {
    guard let language else { return CTFontCreateForString(currentFont, string, range) }
    let units = Array(string.utf16)
    precondition(range.location >= 0 && range.length >= 0 && range.location + range.length <= units.count,
                 "CTFontCreateForStringWithLanguage: range \(range) is out of bounds 0..<\(units.count)")
    let text = String(decoding: units[range.location..<range.location + range.length], as: UTF16.self)
    for scalar in text.unicodeScalars where drawsSomething(scalar) {
        guard let font = currentFont.fallbackFont(for: scalar, language: language) else { continue }
        if font !== currentFont { return font }
    }
    return currentFont
}

/// Whether a character needs a glyph: not a control, format character, variation selector or
/// other default-ignorable code point.
private func drawsSomething(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .surrogate, .unassigned, .lineSeparator, .paragraphSeparator: return false
    default: return !scalar.properties.isDefaultIgnorableCodePoint && !scalar.properties.isVariationSelector
    }
}

/// The fonts Core Text would fall back to for `font`, most preferred first, as font descriptors
/// (Core Text's `CTFontCopyDefaultCascadeListForLanguages`): the font's own
/// `kCTFontCascadeListAttribute`, then one descriptor per installed family in fontconfig's order
/// for the font's family and style, families supporting the languages of `languagePrefList` (an
/// array of BCP 47 strings, most preferred first) ahead. The font's own family is not listed.
/// Read the result with `as? [CTFontDescriptor]`.
public func CTFontCopyDefaultCascadeListForLanguages(_ font: CTFont, _ languagePrefList: CFArray?) -> CFArray? {
    let languages = (languagePrefList ?? []).compactMap { $0 as? String }
    return font.defaultCascadeList(forLanguages: languages)
}
