#include "floor.h"

#include <fontconfig/fontconfig.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/uchar.h>

#include "peer_support.h"

#define MAX_FONTS 512

struct floor_font {
    char *path;
    int index;
    FcCharSet *coverage;          // from fontconfig: known without opening the file
    hb_font_t *font;              // loaded on first use
};

struct floor_fonts {
    floor_font list[MAX_FONTS];
    int count;
    int emoji;                    // index of the emoji font in `list`, or -1
    double pixels;
    pthread_mutex_t lock;
    int loaded;
};

static hb_font_t *open_font(const char *path, int index, double pixels) {
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(path);
    if (!blob) peer_fail("cannot read font %s", path);
    hb_face_t *face = hb_face_create(blob, (unsigned)index);
    hb_font_t *font = hb_font_create(face);
    // Positions in 1/64 pt: HarfBuzz scales advances to the font's x scale.
    hb_font_set_scale(font, (int)(pixels * 64), (int)(pixels * 64));
    hb_font_make_immutable(font);   // shared by threads from now on
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    return font;
}

static void add_pattern(floor_fonts *f, FcPattern *pattern) {
    FcChar8 *file = NULL;
    int index = 0;
    FcCharSet *charset = NULL;
    if (f->count == MAX_FONTS) return;
    if (FcPatternGetString(pattern, FC_FILE, 0, &file) != FcResultMatch) return;
    FcPatternGetInteger(pattern, FC_INDEX, 0, &index);
    if (FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) != FcResultMatch) return;
    for (int i = 0; i < f->count; i++)
        if (!strcmp(f->list[i].path, (const char *)file) && f->list[i].index == index) return;
    f->list[f->count++] = (floor_font){.path = strdup((const char *)file), .index = index,
                                       .coverage = FcCharSetCopy(charset)};
}

floor_fonts *floor_fonts_new(double pixels) {
    floor_fonts *f = calloc(1, sizeof *f);
    f->pixels = pixels;
    f->emoji = -1;
    pthread_mutex_init(&f->lock, NULL);
    FcInit();
    FcPattern *pattern = FcNameParse((const FcChar8 *)"DejaVu Serif");
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result;
    FcFontSet *sorted = FcFontSort(NULL, pattern, FcTrue, NULL, &result);
    if (!sorted || sorted->nfont == 0) peer_fail("fontconfig found no font for DejaVu Serif");
    for (int i = 0; i < sorted->nfont; i++) {
        FcPattern *rendered = FcFontRenderPrepare(NULL, pattern, sorted->fonts[i]);
        add_pattern(f, rendered);
        FcPatternDestroy(rendered);
    }
    FcFontSetDestroy(sorted);
    FcPatternDestroy(pattern);

    FcPattern *emoji = FcNameParse((const FcChar8 *)"emoji");
    FcConfigSubstitute(NULL, emoji, FcMatchPattern);
    FcDefaultSubstitute(emoji);
    FcPattern *match = FcFontMatch(NULL, emoji, &result);
    if (match) {
        FcChar8 *file = NULL;
        FcPatternGetString(match, FC_FILE, 0, &file);
        for (int i = 0; i < f->count && file; i++)
            if (!strcmp(f->list[i].path, (const char *)file)) f->emoji = i;
        if (f->emoji < 0) {
            add_pattern(f, match);
            f->emoji = f->count - 1;
        }
        FcPatternDestroy(match);
    }
    FcPatternDestroy(emoji);
    // The primary font is loaded at once.
    f->list[0].font = open_font(f->list[0].path, f->list[0].index, pixels);
    f->loaded = 1;
    return f;
}

int floor_fonts_loaded(floor_fonts *f) { return f->loaded; }

void floor_fonts_describe(floor_fonts *f, char *out, size_t size) {
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < f->count && used + 1 < size; i++) {
        if (!__atomic_load_n(&f->list[i].font, __ATOMIC_ACQUIRE)) continue;
        const char *name = strrchr(f->list[i].path, '/');
        int n = snprintf(out + used, size - used, "%s%s", used ? "," : "", name ? name + 1 : f->list[i].path);
        if (n < 0) break;
        used += (size_t)n;
    }
}

double floor_fonts_line_height(floor_fonts *f) {
    hb_font_extents_t e;
    hb_font_get_h_extents(f->list[0].font, &e);
    return (e.ascender - e.descender + e.line_gap) / 64.0;
}

static hb_font_t *font_at(floor_fonts *f, int i) {
    hb_font_t *font = __atomic_load_n(&f->list[i].font, __ATOMIC_ACQUIRE);
    if (font) return font;
    pthread_mutex_lock(&f->lock);
    if (!f->list[i].font) {
        __atomic_store_n(&f->list[i].font, open_font(f->list[i].path, f->list[i].index, f->pixels), __ATOMIC_RELEASE);
        f->loaded++;
    }
    pthread_mutex_unlock(&f->lock);
    return f->list[i].font;
}

/// The first font of the fallback list that covers `c`, emoji presentation preferring the emoji
/// font; 0 (the primary font, which then draws .notdef) when none does.
static int font_for(floor_fonts *f, uint32_t c, int emoji) {
    if (emoji && f->emoji >= 0 && FcCharSetHasChar(f->list[f->emoji].coverage, c)) return f->emoji;
    for (int i = 0; i < f->count; i++)
        if (FcCharSetHasChar(f->list[i].coverage, c)) return i;
    return 0;
}

struct floor_shaper {
    floor_fonts *fonts;
    hb_buffer_t *buffer;
    hb_unicode_funcs_t *unicode;
    UBiDi *bidi;
};

floor_shaper *floor_shaper_new(floor_fonts *fonts) {
    floor_shaper *s = calloc(1, sizeof *s);
    s->fonts = fonts;
    s->buffer = hb_buffer_create();
    s->unicode = hb_unicode_funcs_get_default();
    s->bidi = ubidi_open();
    return s;
}

void floor_shaper_free(floor_shaper *s) {
    hb_buffer_destroy(s->buffer);
    ubidi_close(s->bidi);
    free(s);
}

/// Characters that continue the current font run whatever their coverage: joiners, variation
/// selectors, emoji modifiers, keycap and tag characters.
static int continues_run(uint32_t c) {
    return c == 0x200D || c == 0x200C || (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0x1F3FB && c <= 0x1F3FF) ||
           c == 0x20E3 || (c >= 0xE0020 && c <= 0xE007F);
}

static int is_emoji(const uint16_t *text, int32_t i, int32_t length, uint32_t c) {
    if (c < 0x80) return 0;
    if (u_hasBinaryProperty((UChar32)c, UCHAR_EMOJI_PRESENTATION)) return 1;
    if (c >= 0x1F1E6 && c <= 0x1F1FF) return 1;
    int32_t next = i + (c > 0xFFFF ? 2 : 1);
    return next < length && text[next] == 0xFE0F && u_hasBinaryProperty((UChar32)c, UCHAR_EXTENDED_PICTOGRAPHIC);
}

static void shape_item(floor_shaper *s, const uint16_t *text, int32_t length, int32_t start, int32_t end,
                       int rtl, hb_script_t script, int font, floor_result *r, floor_glyphs *keep) {
    hb_buffer_t *b = s->buffer;
    hb_buffer_clear_contents(b);
    hb_buffer_add_utf16(b, text, length, (unsigned)start, end - start);
    hb_buffer_set_direction(b, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    hb_buffer_set_script(b, script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED ? HB_SCRIPT_LATIN : script);
    hb_buffer_set_language(b, hb_language_get_default());
    hb_shape(font_at(s->fonts, font), b, NULL, 0);
    unsigned n = 0;
    hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(b, &n);
    hb_position_t advance = 0;
    for (unsigned i = 0; i < n; i++) advance += pos[i].x_advance;
    r->glyphs += n;
    r->items += 1;
    r->advance += advance / 64.0;
    if (keep) {
        hb_glyph_info_t *info = hb_buffer_get_glyph_infos(b, NULL);
        keep->infos = realloc(keep->infos, (keep->count + n) * sizeof *keep->infos);
        keep->positions = realloc(keep->positions, (keep->count + n) * sizeof *keep->positions);
        memcpy(keep->infos + keep->count, info, n * sizeof *info);
        memcpy(keep->positions + keep->count, pos, n * sizeof *pos);
        keep->count += n;
    }
}

/// Splits [start, end) (one bidi level) into runs of one script and one font and shapes each.
static void shape_level_run(floor_shaper *s, const uint16_t *text, int32_t length, int32_t start, int32_t end,
                            int rtl, floor_result *r, floor_glyphs *keep) {
    floor_fonts *f = s->fonts;
    int32_t run_start = start;
    hb_script_t run_script = HB_SCRIPT_COMMON;
    int run_font = -1;
    for (int32_t i = start; i < end;) {
        uint32_t c = text[i];
        int32_t width = 1;
        if ((c & 0xFC00) == 0xD800 && i + 1 < end && (text[i + 1] & 0xFC00) == 0xDC00) {
            c = 0x10000 + ((c - 0xD800) << 10) + (text[i + 1] - 0xDC00);
            width = 2;
        }
        hb_script_t script = hb_unicode_script(s->unicode, c);
        int real_script = script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN;
        int emoji = is_emoji(text, i, length, c);
        int font;
        if (run_font >= 0 && continues_run(c)) font = run_font;
        else if (run_font >= 0 && emoji == (run_font == f->emoji) && FcCharSetHasChar(f->list[run_font].coverage, c))
            font = run_font;   // the common case: the current font goes on
        else font = font_for(f, c, emoji);
        int script_change = real_script && run_script != HB_SCRIPT_COMMON && script != run_script;
        if (i > run_start && (font != run_font || script_change)) {
            shape_item(s, text, length, run_start, i, rtl, run_script, run_font, r, keep);
            run_start = i;
            run_script = HB_SCRIPT_COMMON;
        }
        run_font = font;
        if (real_script && run_script == HB_SCRIPT_COMMON) run_script = script;
        i += width;
    }
    if (end > run_start) shape_item(s, text, length, run_start, end, rtl, run_script, run_font < 0 ? 0 : run_font, r, keep);
}

floor_result floor_shape(floor_shaper *s, const uint16_t *text, int32_t length, floor_glyphs *keep) {
    floor_result r = {0, 0, 0};
    if (keep) memset(keep, 0, sizeof *keep);
    if (length == 0) return r;
    UErrorCode error = U_ZERO_ERROR;
    ubidi_setPara(s->bidi, (const UChar *)text, length, UBIDI_DEFAULT_LTR, NULL, &error);
    if (U_FAILURE(error)) peer_fail("ubidi_setPara: %s", u_errorName(error));
    if (ubidi_getDirection(s->bidi) != UBIDI_MIXED) {
        shape_level_run(s, text, length, 0, length, ubidi_getDirection(s->bidi) == UBIDI_RTL, &r, keep);
        return r;
    }
    for (int32_t start = 0; start < length;) {
        int32_t limit = 0;
        UBiDiLevel level = 0;
        ubidi_getLogicalRun(s->bidi, start, &limit, &level);
        shape_level_run(s, text, length, start, limit, level & 1, &r, keep);
        start = limit;
    }
    return r;
}
