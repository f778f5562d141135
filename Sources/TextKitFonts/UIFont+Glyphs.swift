import Foundation
import TextKitGraphics

extension UIFont {
    /// The glyph for a character from the face's cmap, or `nil` when this font cannot show it
    /// (use ``fallbackFont(for:presentation:)``). O(1) for U+0000 ..< U+0800, lock-free.
    public func glyph(for scalar: Unicode.Scalar) -> CGGlyph? { face.glyph(for: scalar) }

    /// The glyphs for the scalars of a string, `nil` where the font has none (no shaping: use
    /// the typesetter for ligatures, kerning and complex scripts).
    public func glyphs(for string: String) -> [CGGlyph?] { string.unicodeScalars.map(face.glyph(for:)) }

    /// The nominal advance of a glyph in points (`hmtx` × ``scale``; before kerning and shaping),
    /// or the descriptor's ``fixedAdvance`` when set. O(1).
    public func advance(forGlyph glyph: CGGlyph) -> CGFloat {
        fixedAdvance ?? CGFloat(face.advance(of: glyph)) * scale
    }

    /// The nominal advances of glyphs in points (see ``advance(forGlyph:)``).
    public func advances(forGlyphs glyphs: [CGGlyph]) -> [CGFloat] { glyphs.map(advance(forGlyph:)) }

    /// The glyph's ink bounds in points, **y down** with the origin at the glyph origin on the
    /// baseline (`minY` is the top of the ink, negative for ink above the baseline), including
    /// synthetic oblique and bold. `.zero` for a glyph without ink (a space). Under synthetic
    /// oblique the rect is the slanted ink box's bounds, which can be wider than the slanted ink.
    public func boundingRect(forGlyph glyph: CGGlyph) -> CGRect {
        guard let box = face.boundingBox(of: glyph) else { return .zero }
        var rect = CGRect(x: box.minX * scale, y: -box.maxY * scale, width: box.width * scale, height: box.height * scale)
        if syntheticTraits.contains(.oblique) {
            // The slant moves points above the baseline right: x += shear · (−y) in y-down space.
            let s = Self.syntheticObliqueShear
            let xs = [rect.minX - s * rect.minY, rect.maxX - s * rect.minY, rect.minX - s * rect.maxY,
                      rect.maxX - s * rect.maxY]
            rect = CGRect(x: xs.min()!, y: rect.minY, width: xs.max()! - xs.min()!, height: rect.height)
        }
        if syntheticTraits.contains(.bold) {
            rect = rect.insetBy(dx: -syntheticBoldStrength / 2, dy: -syntheticBoldStrength / 2)
        }
        return rect
    }

    /// The glyph's outline in points, **y down with the origin at the glyph origin on the
    /// baseline**, as the font draws it (synthetic oblique and bold applied, the descriptor's
    /// `.matrix` not), or `nil` for glyphs without outlines (colour bitmaps) or outside the face.
    /// Each contour is a closed subpath; a space gives an empty path. Not cached.
    public func cgPath(forGlyph glyph: CGGlyph) -> CGPath? {
        let shear = syntheticTraits.contains(.oblique) ? Self.syntheticObliqueShear : 0
        let strength = syntheticTraits.contains(.bold) ? face.unitsPerEm / 24 : 0
        return face.path(for: glyph, scale: scale, shear: shear, emboldenBy: strength)
    }

    /// ``cgPath(forGlyph:)`` as a `UIBezierPath`.
    public func path(forGlyph glyph: CGGlyph) -> UIBezierPath? {
        cgPath(forGlyph: glyph).map(UIBezierPath.init(cgPath:))
    }

    /// Caret offsets inside a ligature glyph in points from its origin, left to right, from the
    /// font's GDEF table (Noto Sans's "fi" has one, at 0.301 em), or `[]` when the font has none.
    public func ligatureCaretPositions(forGlyph glyph: CGGlyph) -> [CGFloat] {
        face.ligatureCaretPositions(of: glyph).map { CGFloat($0) * scale }
    }

    /// The glyph to show a hyphen added at a line break (U+2010, else U+002D); `nil` when the
    /// face has neither (ask ``fallbackFont(for:presentation:)`` for U+2010).
    public var hyphenGlyph: CGGlyph? { face.hyphen?.glyph }

    /// The character ``hyphenGlyph`` stands for (put it in the text of PDF clusters).
    public var hyphenCharacter: Unicode.Scalar? { face.hyphen?.character }

    /// The glyph for U+2026 HORIZONTAL ELLIPSIS, or `nil` when the face lacks it.
    public var ellipsisGlyph: CGGlyph? { face.ellipsisGlyph }

    /// The number of glyphs in the face.
    public var numberOfGlyphs: Int { face.numberOfGlyphs }

    /// The face's ``CGFont`` (for Cairo).
    public var cgFont: CGFont { face.cgFont }
}

/// What HarfBuzz output depends on for a font: the face and the OpenType features. Shaping with
/// ``FontFace/hbFont`` is size-independent (design units), so one shaped-word cache entry serves
/// every size, synthesis and matrix of a face; scale the positions by ``UIFont/scale``.
package struct FontShapingKey: Hashable, Sendable {
    package let face: ObjectIdentifier
    package let features: [FontFeature]
}

extension UIFont {
    /// The key under which shaping results for this font can be cached (see ``FontShapingKey``).
    package var shapingKey: FontShapingKey {
        FontShapingKey(face: ObjectIdentifier(face), features: featureSettings)
    }
}
