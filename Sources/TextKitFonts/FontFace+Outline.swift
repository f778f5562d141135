import CFreeType
import Foundation
import TextKitGraphics

extension FontFace {
    /// The outline of a glyph as a path, or `nil` when the glyph has no outline (bitmap-only faces
    /// such as Noto Color Emoji, glyph IDs outside the face).
    ///
    /// Coordinates: **y down, origin at the glyph origin on the baseline** (UIKit's drawing
    /// space: a point above the baseline has a negative y), multiplied by `scale` (use
    /// `pointSize / unitsPerEm` for points). A glyph without contours (a space) gives an empty path.
    /// TrueType contours become quadratic curves, CFF contours cubic ones; each contour is a
    /// closed subpath.
    ///
    /// - Parameters:
    ///   - glyph: the glyph index in this face.
    ///   - scale: multiplies the design-unit coordinates (`pointSize / unitsPerEm` gives points).
    ///   - shear: a horizontal slant applied before flipping (x += shear · y in the font's y-up
    ///     space); pass ``UIFont/syntheticObliqueShear`` for synthetic oblique.
    ///   - strength: a stroke widening in design units applied with `FT_Outline_EmboldenXY`
    ///     (`unitsPerEm / 24` is FreeType's and Cairo's synthetic bold).
    ///
    /// Cost: loads the unscaled, unhinted outline through FreeType under the face lock; not cached.
    public func path(for glyph: CGGlyph, scale: CGFloat, shear: CGFloat = 0, emboldenBy strength: Int = 0) -> CGPath? {
        guard isScalable, Int(glyph) < numberOfGlyphs else { return nil }
        let builder = OutlineBuilder(scale: scale, shear: shear)
        let ok = cgFont.withFace { face -> Bool in
            // FT_LOAD_NO_SCALE (1 << 0): design units, which also means no hinting and no bitmaps.
            // FT_GLYPH_FORMAT_OUTLINE is FT_IMAGE_TAG('o','u','t','l'), a macro Swift does not import.
            guard FT_Load_Glyph(face, FT_UInt(glyph), FT_Int32(1 << 0)) == 0,
                  let slot = face.pointee.glyph, slot.pointee.format.rawValue == 0x6F75_746C else { return false }
            if strength > 0 {
                _ = FT_Outline_EmboldenXY(&slot.pointee.outline, FT_Pos(strength), FT_Pos(strength))
            }
            var funcs = FT_Outline_Funcs(
                move_to: { to, user in
                    OutlineBuilder.from(user).move(to: to!.pointee)
                    return 0
                },
                line_to: { to, user in
                    OutlineBuilder.from(user).line(to: to!.pointee)
                    return 0
                },
                conic_to: { control, to, user in
                    OutlineBuilder.from(user).quad(control: control!.pointee, to: to!.pointee)
                    return 0
                },
                cubic_to: { c1, c2, to, user in
                    OutlineBuilder.from(user).cubic(c1: c1!.pointee, c2: c2!.pointee, to: to!.pointee)
                    return 0
                },
                shift: 0, delta: 0)
            let user = Unmanaged.passUnretained(builder).toOpaque()
            return withExtendedLifetime(builder) {
                FT_Outline_Decompose(&slot.pointee.outline, &funcs, user) == 0
            }
        }
        guard ok else { return nil }
        builder.finish()
        return builder.path
    }
}

/// Receives FreeType's outline callbacks and builds a y-down path.
private final class OutlineBuilder {
    let path = CGMutablePath()
    let scale: CGFloat
    let shear: CGFloat
    private var open = false

    init(scale: CGFloat, shear: CGFloat) {
        self.scale = scale
        self.shear = shear
    }

    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineBuilder {
        Unmanaged<OutlineBuilder>.fromOpaque(user!).takeUnretainedValue()
    }

    private func point(_ v: FT_Vector) -> CGPoint {
        let x = CGFloat(v.x), y = CGFloat(v.y)
        return CGPoint(x: (x + shear * y) * scale, y: -y * scale)
    }

    func move(to v: FT_Vector) {
        if open { path.closeSubpath() }
        path.move(to: point(v))
        open = true
    }

    func line(to v: FT_Vector) { path.addLine(to: point(v)) }

    func quad(control: FT_Vector, to v: FT_Vector) { path.addQuadCurve(to: point(v), control: point(control)) }

    func cubic(c1: FT_Vector, c2: FT_Vector, to v: FT_Vector) {
        path.addCurve(to: point(v), control1: point(c1), control2: point(c2))
    }

    func finish() {
        if open { path.closeSubpath() }
        open = false
    }
}
