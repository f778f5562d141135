// TextKitFonts: fonts for OpenTextKit, with UIKit's names.
//
//   UIFont ──────────── a face at a size (+ synthesis, features, matrix); Hashable, Sendable
//     │ face
//   FontFace ────────── one per (file, index), process-wide: CGFont (Cairo/FreeType), hb_font_t
//     │                 (scale = unitsPerEm, immutable), metrics, cmap, advances, carets
//   UIFontDescriptor ── attributes → face through the catalog and fontconfig (FcFontMatch/Sort)
//   FontCollection ──── installed families and faces (FcFontList), font registration
//   FallbackChain ───── per font: cascade list + FcFontSort order filtered by FcCharSetHasChar
//   TextStyle / UIContentSizeCategory / UIFontMetrics ── Dynamic Type (Apple's HIG table)
//
// Units: faces speak design units (y up); fonts speak points. Glyph geometry on UIFont (bounds,
// outlines) is y down with the origin on the baseline, as UIKit draws.
