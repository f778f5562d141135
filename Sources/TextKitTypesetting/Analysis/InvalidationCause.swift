/// Why a paragraph's layout is thrown away, and so what it keeps. Every way the engine
/// invalidates names its cause; what must be made again follows from the cause alone
/// (`keepsGlyphs`, `keepsLines`).
///
/// | cause | the paragraph keeps | made again |
/// |---|---|---|
/// | ``characters`` | nothing: a new record | glyphs and lines |
/// | ``shaping``, ``glyphsInvalidated`` | its record | glyphs and lines |
/// | ``paragraphStyle``, ``layoutInvalidated`` | its glyphs | lines |
/// | ``geometry`` | its glyphs | lines, from there on |
/// | ``drawing`` | glyphs and lines | the pixels |
package enum InvalidationCause: Equatable, Sendable {
    /// Characters were inserted or deleted: the paragraphs they touch get new records (what the
    /// edit left intact may still be reused from the old ones: PriorGlyphs, PriorLines).
    case characters
    /// Attributes that change shaping changed: a font, kerning, a language, an attachment, a
    /// writing direction, or a run boundary where shaping apart gives other glyphs.
    case shaping
    /// The paragraph style changed, keeping the writing direction (alignment, indents, spacing,
    /// tab stops, line break mode…), or new run boundaries cut a right-to-left line's visual runs.
    case paragraphStyle
    /// Only drawing changed (colours, underlines, shadows, links…), new run boundaries included
    /// where shaping apart gives the same glyphs (ParagraphGlyphs+Restyle.swift).
    case drawing
    /// Geometry changed: a container's size or shape, or a layout setting (font leading,
    /// hyphenation). Lines are made again from the first paragraph it reaches on.
    case geometry
    /// The app said the glyphs are stale (`invalidateGlyphs(forCharacterRange:…)`).
    case glyphsInvalidated
    /// The app said the layout is stale (`invalidateLayout(forCharacterRange:…)`).
    case layoutInvalidated

    /// Whether a paragraph keeps its glyphs.
    package var keepsGlyphs: Bool {
        switch self {
        case .characters, .shaping, .glyphsInvalidated: false
        case .paragraphStyle, .drawing, .geometry, .layoutInvalidated: true
        }
    }

    /// Whether a paragraph keeps its lines (only drawing changed).
    package var keepsLines: Bool { self == .drawing }
}
