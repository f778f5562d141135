// The HarfBuzz floor peer: itemizes and shapes every paragraph once (no line breaking, no
// caching) and prints its timings in the protocol of peer_support.h; its count is glyphs.
//
// The text is converted to UTF-16 paragraphs before the clock starts (OpenTextKit's storage
// hands paragraphs to ICU and HarfBuzz as UTF-16, and Pango gets its UTF-8 for free too).
// Fonts: DejaVu Serif at 12 px, then fontconfig's fallback order; a font is loaded the first time
// a character needs it, and the untimed warm-up pass loads every font the text needs.
//
// Modes (see `usage`): layout, edit (and firstkeystroke, the same), firstpage, memory, threads.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ustring.h>

#include "floor.h"
#include "peer_support.h"

static const char *usage =
    "usage: HarfBuzzFloor MODE FILE [--width 400] [--page-height 800] [--runs 5] [--max-seconds 0]\n"
    "                     [--threads 1] [--warmup-bytes 1000000] [--at -1]\n"
    "modes: layout FILE      itemize and hb_shape every paragraph once: time and glyph count\n"
    "       edit FILE        insert one character at character --at (the middle one by default) and\n"
    "                        re-shape that paragraph; firstkeystroke FILE is the same (no page to lay out)\n"
    "       firstpage FILE   shape paragraphs from the start until --page-height is filled, lines\n"
    "                        estimated as ceil(advance / width) (the floor does not break lines);\n"
    "                        the count is the glyphs shaped\n"
    "       memory FILE      resident memory retained by the glyphs of every paragraph\n"
    "       threads FILE     shaping split into --threads contiguous parts sharing the fonts\n";

typedef struct {
    uint16_t **paragraphs;
    int32_t *lengths;
    size_t count;
} utf16_text;

static utf16_text to_utf16(const peer_text *text) {
    utf16_text u = {calloc(text->count, sizeof(uint16_t *)), calloc(text->count, sizeof(int32_t)), text->count};
    for (size_t p = 0; p < text->count; p++) {
        UErrorCode error = U_ZERO_ERROR;
        int32_t n = 0;
        u_strFromUTF8(NULL, 0, &n, text->paragraphs[p], (int32_t)text->lengths[p], &error);
        error = U_ZERO_ERROR;
        u.paragraphs[p] = malloc(sizeof(uint16_t) * (size_t)(n + 1));
        u_strFromUTF8((UChar *)u.paragraphs[p], n + 1, &u.lengths[p], text->paragraphs[p], (int32_t)text->lengths[p],
                      &error);
        if (U_FAILURE(error)) peer_fail("paragraph %zu is not UTF-8", p);
    }
    return u;
}

static long shape_range(floor_shaper *s, const utf16_text *u, size_t from, size_t to, floor_glyphs *keep) {
    long glyphs = 0;
    for (size_t p = from; p < to; p++)
        glyphs += floor_shape(s, u->paragraphs[p], u->lengths[p], keep ? &keep[p] : NULL).glyphs;
    return glyphs;
}

static void warm_up(floor_shaper *s, const peer_text *text, const utf16_text *u, const peer_options *o) {
    if (u->count == 0) return;
    if (o->warmup_bytes == 0) {
        int32_t n = u->lengths[0] < 200 ? u->lengths[0] : 200;
        floor_shape(s, u->paragraphs[0], n, NULL);
        peer_info("warmup utf16=%d", n);
        return;
    }
    size_t n = peer_text_prefix(text, o->warmup_bytes);
    shape_range(s, u, 0, n, NULL);
    peer_info("warmup paragraphs=%zu", n);
}

static void run_layout(floor_fonts *fonts, const peer_text *text, const utf16_text *u, const peer_options *o) {
    floor_shaper *s = floor_shaper_new(fonts);
    warm_up(s, text, u, o);
    char names[2048];
    floor_fonts_describe(fonts, names, sizeof names);
    peer_info("fonts_loaded=%d files=%s", floor_fonts_loaded(fonts), names);
    double budget = 0;
    for (int run = 0; run < o->runs; run++) {
        double start = peer_now();
        long items = 0, glyphs = 0;
        double advance = 0;
        for (size_t p = 0; p < u->count; p++) {
            floor_result r = floor_shape(s, u->paragraphs[p], u->lengths[p], NULL);
            glyphs += r.glyphs;
            items += r.items;
            advance += r.advance;
        }
        double seconds = peer_now() - start;
        if (run == 0) {
            // Lines a greedy breaker needs at least: a sanity bound for the peers' line counts.
            long lines = 0;
            for (size_t p = 0; p < u->count; p++) {
                double a = floor_shape(s, u->paragraphs[p], u->lengths[p], NULL).advance;
                long l = (long)(a / o->width);
                lines += l + (a > l * o->width || l == 0);
            }
            peer_info("items=%ld advance=%.1f lines_at_least=%ld", items, advance, lines);
        }
        peer_sample(seconds, glyphs);
        budget += seconds;
        if (o->max_seconds > 0 && budget > o->max_seconds) break;
    }
    floor_shaper_free(s);
}

static void run_edit(floor_fonts *fonts, const peer_text *text, const utf16_text *u, const peer_options *o) {
    floor_shaper *s = floor_shaper_new(fonts);
    warm_up(s, text, u, o);
    size_t paragraph = 0, byte = 0;
    peer_text_locate(text, o->at >= 0 ? (size_t)o->at : peer_text_characters(text) / 2, &paragraph, &byte);
    // The UTF-16 offset of that byte offset.
    int32_t at = 0;
    UErrorCode error = U_ZERO_ERROR;
    u_strFromUTF8(NULL, 0, &at, text->paragraphs[paragraph], (int32_t)byte, &error);
    peer_info("edit paragraph=%zu of=%zu utf16=%d paragraph_utf16=%d", paragraph, u->count, at, u->lengths[paragraph]);
    const uint16_t *old = u->paragraphs[paragraph];
    int32_t length = u->lengths[paragraph];
    for (int run = 0; run < o->runs; run++) {
        double start = peer_now();
        uint16_t *edited = malloc(sizeof(uint16_t) * (size_t)(length + 1));
        memcpy(edited, old, sizeof(uint16_t) * (size_t)at);
        edited[at] = 'x';
        memcpy(edited + at + 1, old + at, sizeof(uint16_t) * (size_t)(length - at));
        long glyphs = floor_shape(s, edited, length + 1, NULL).glyphs;
        peer_sample(peer_now() - start, glyphs);
        free(edited);
    }
    floor_shaper_free(s);
}

static void run_firstpage(floor_fonts *fonts, const peer_text *text, const utf16_text *u, const peer_options *o) {
    floor_shaper *s = floor_shaper_new(fonts);
    warm_up(s, text, u, o);
    double line_height = floor_fonts_line_height(fonts);
    peer_info("line_height=%.3f", line_height);
    for (int run = 0; run < o->runs; run++) {
        double start = peer_now(), y = 0;
        long lines = 0, glyphs = 0;
        for (size_t p = 0; p < u->count && y < o->page_height; p++) {
            floor_result r = floor_shape(s, u->paragraphs[p], u->lengths[p], NULL);
            glyphs += r.glyphs;
            long l = (long)(r.advance / o->width);
            l += r.advance > l * o->width || l == 0;
            for (long i = 0; i < l && y < o->page_height; i++, y += line_height) lines++;
        }
        double seconds = peer_now() - start;
        if (run == 0) peer_info("estimated_lines=%ld", lines);
        peer_sample(seconds, glyphs);
    }
    floor_shaper_free(s);
}

static void run_memory(floor_fonts *fonts, const peer_text *text, const utf16_text *u, const peer_options *o) {
    floor_shaper *s = floor_shaper_new(fonts);
    warm_up(s, text, u, o);
    floor_glyphs *keep = calloc(u->count, sizeof *keep);
    long before = peer_rss();
    double start = peer_now();
    long glyphs = shape_range(s, u, 0, u->count, keep);
    double seconds = peer_now() - start;
    long after = peer_rss();
    peer_info("rss_before=%ld rss_after=%ld seconds=%.6f bytes_per_glyph=%zu", before, after, seconds,
              sizeof(hb_glyph_info_t) + sizeof(hb_glyph_position_t));
    peer_memory(after - before, glyphs);
    for (size_t p = 0; p < u->count; p++) {
        free(keep[p].infos);
        free(keep[p].positions);
    }
    free(keep);
    floor_shaper_free(s);
}

typedef struct {
    floor_fonts *fonts;
    const utf16_text *text;
    size_t from, to;
    pthread_barrier_t *ready;
    long glyphs;
    double finished;
} worker;

static void *worker_main(void *argument) {
    worker *w = argument;
    floor_shaper *s = floor_shaper_new(w->fonts);
    size_t warm = w->to - w->from < 100 ? w->to - w->from : 100;
    shape_range(s, w->text, w->from, w->from + warm, NULL);
    pthread_barrier_wait(w->ready);
    w->glyphs = shape_range(s, w->text, w->from, w->to, NULL);
    w->finished = peer_now();
    floor_shaper_free(s);
    return NULL;
}

static void run_threads(floor_fonts *fonts, const peer_text *text, const utf16_text *u, const peer_options *o) {
    int n = o->threads;
    peer_info("threads=%d", n);
    floor_shaper *s = floor_shaper_new(fonts);
    warm_up(s, text, u, o);   // loads the fonts, which the threads then share
    floor_shaper_free(s);
    for (int run = 0; run < o->runs; run++) {
        pthread_barrier_t ready;
        pthread_barrier_init(&ready, NULL, (unsigned)n + 1);
        worker *workers = calloc((size_t)n, sizeof *workers);
        pthread_t *ids = calloc((size_t)n, sizeof *ids);
        size_t p = 0, used = 0;
        for (int t = 0; t < n; t++) {
            size_t goal = text->bytes * (size_t)(t + 1) / (size_t)n;
            workers[t] = (worker){.fonts = fonts, .text = u, .from = p, .ready = &ready};
            while (p < text->count && (used < goal || t == n - 1)) used += text->lengths[p++] + 1;
            workers[t].to = p;
            pthread_create(&ids[t], NULL, worker_main, &workers[t]);
        }
        pthread_barrier_wait(&ready);
        double start = peer_now(), end = start;
        long glyphs = 0;
        for (int t = 0; t < n; t++) {
            pthread_join(ids[t], NULL);
            glyphs += workers[t].glyphs;
            if (workers[t].finished > end) end = workers[t].finished;
        }
        peer_sample(end - start, glyphs);
        pthread_barrier_destroy(&ready);
        free(workers);
        free(ids);
    }
}

int main(int argc, char **argv) {
    peer_options o;
    peer_parse(argc, argv, &o, usage);
    if (!o.file) peer_fail("mode %s needs a FILE\n%s", o.mode, usage);
    peer_text text;
    peer_text_load(&text, o.file);
    utf16_text u = to_utf16(&text);
    floor_fonts *fonts = floor_fonts_new(12);
    peer_info("engine=harfbuzz-floor version=%s paragraphs=%zu bytes=%zu width=%.1f", hb_version_string(), text.count,
              text.bytes, o.width);
    if (!strcmp(o.mode, "layout")) run_layout(fonts, &text, &u, &o);
    else if (!strcmp(o.mode, "edit") || !strcmp(o.mode, "firstkeystroke")) run_edit(fonts, &text, &u, &o);
    else if (!strcmp(o.mode, "firstpage")) run_firstpage(fonts, &text, &u, &o);
    else if (!strcmp(o.mode, "memory")) run_memory(fonts, &text, &u, &o);
    else if (!strcmp(o.mode, "threads")) run_threads(fonts, &text, &u, &o);
    else peer_fail("unknown mode %s\n%s", o.mode, usage);
    return 0;
}
