// The HarfBuzz floor: what it costs to itemize and shape every paragraph once, with no line
// breaking and no caching. No real layout engine can do less, so it bounds how fast OpenTextKit
// (or Pango) can lay out text that it has not seen before.
#ifndef FLOOR_H
#define FLOOR_H

#include <hb.h>
#include <stddef.h>
#include <stdint.h>

/// One loaded font of the fallback list.
typedef struct floor_font floor_font;

/// DejaVu Serif at 12 px first, then fontconfig's fallback order for it (FcFontSort), plus the
/// emoji font for emoji presentation. Fonts are loaded on first use (under a lock, so threads can
/// share the list); coverage comes from fontconfig's charsets, so an unused font is never opened.
typedef struct floor_fonts floor_fonts;

floor_fonts *floor_fonts_new(double pixels);
/// The primary font's line height (ascender - descender + line gap) in points.
double floor_fonts_line_height(floor_fonts *fonts);
/// How many fonts have been loaded so far.
int floor_fonts_loaded(floor_fonts *fonts);
/// The file names of the loaded fonts, comma-separated, into `out` (capacity `size`).
void floor_fonts_describe(floor_fonts *fonts, char *out, size_t size);

/// Per-thread scratch: the HarfBuzz buffer and ICU's bidi object, reused across paragraphs.
typedef struct floor_shaper floor_shaper;

floor_shaper *floor_shaper_new(floor_fonts *fonts);
void floor_shaper_free(floor_shaper *shaper);

/// What shaping a paragraph gave.
typedef struct {
    long glyphs;
    long items;          // runs of one direction, script and font
    double advance;      // the sum of the glyph advances in points
} floor_result;

/// Glyphs kept after shaping (the memory workload): HarfBuzz's own info and position records.
typedef struct {
    hb_glyph_info_t *infos;
    hb_glyph_position_t *positions;
    unsigned count;
} floor_glyphs;

/// Itemizes one paragraph of UTF-16 text (bidi levels from ICU, scripts from HarfBuzz's Unicode
/// functions, fonts by coverage) and shapes each item with hb_shape. When `keep` is not NULL the
/// glyphs are copied into it (malloc'ed, freed by the caller).
floor_result floor_shape(floor_shaper *shaper, const uint16_t *text, int32_t length, floor_glyphs *keep);

#endif
