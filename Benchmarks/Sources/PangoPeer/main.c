// The Pango peer: lays out a corpus file with Pango the way a Pango-based editor would, one
// PangoLayout per paragraph, and prints its timings in the protocol of peer_support.h.
//
// Setup (the benchmark's fixed setup): DejaVu Serif at 12 px (the font size is given in device
// units and the cairo context resolution is 72 dpi, so 1 pt = 1 px), container width 400 pt,
// PANGO_WRAP_WORD_CHAR (words, with a character fallback for words wider than the line), no
// hinting of metrics and unrounded glyph positions (as OpenTextKit, which shapes with HarfBuzz
// at fractional positions). Pango has no line fragment padding. Fonts are loaded and caches
// warmed by an untimed warm-up pass before the first timed run.
//
// Modes (see `usage`): check, layout, relayout, edit, firstpage, firstkeystroke, memory, threads.
#define _GNU_SOURCE
#include <pango/pangocairo.h>
#include <hb.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "peer_support.h"

static const char *usage =
    "usage: PangoPeer MODE [FILE] [--width 400] [--new-width 300] [--page-height 800] [--runs 5]\n"
    "                 [--max-seconds 0] [--threads 1] [--warmup-bytes 1000000] [--at -1]\n"
    "modes: check                 setup sanity check (font, widths, line count agreement)\n"
    "       layout FILE           one PangoLayout per paragraph, all laid out: time and line count\n"
    "       relayout FILE         existing layouts at --width set to --new-width: time and lines\n"
    "       edit FILE             insert one character at the middle character, re-lay out that\n"
    "                             paragraph, count the lines of the first --page-height points\n"
    "       firstpage FILE        lay out paragraphs from the start until --page-height is filled\n"
    "       firstkeystroke FILE   lay out the first page (untimed), then type one character at\n"
    "                             character --at, re-lay out that paragraph and count the first page's lines\n"
    "       memory FILE           resident memory retained by all the layouts of FILE\n"
    "       threads FILE          layout split into --threads contiguous parts, one font map each\n"
    "       breaks FILE           each paragraph's line starts (character offsets), for comparing breaks\n";

#define FONT_FAMILY "DejaVu Serif"
#define FONT_PIXELS 12

/// A font map and a context with the benchmark's fixed setup. One per thread: Pango objects
/// are not thread-safe, fontconfig, HarfBuzz and FreeType-through-cairo are.
typedef struct {
    PangoFontMap *map;
    PangoContext *context;
} pango_setup;

static pango_setup setup_new(void) {
    pango_setup s;
    s.map = pango_cairo_font_map_new();
    s.context = pango_font_map_create_context(s.map);
    pango_cairo_context_set_resolution(s.context, 72);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options(s.context, options);
    cairo_font_options_destroy(options);
    pango_context_set_round_glyph_positions(s.context, FALSE);
    PangoFontDescription *font = pango_font_description_new();
    pango_font_description_set_family(font, FONT_FAMILY);
    pango_font_description_set_absolute_size(font, FONT_PIXELS * PANGO_SCALE);
    pango_context_set_font_description(s.context, font);
    pango_font_description_free(font);
    return s;
}

static void setup_free(pango_setup *s) {
    g_object_unref(s->context);
    g_object_unref(s->map);
}

static PangoLayout *paragraph_layout(PangoContext *context, const char *text, size_t length, double width) {
    PangoLayout *layout = pango_layout_new(context);
    pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_text(layout, text, (int)length);
    return layout;
}

/// Lays out paragraphs [from, to) into `layouts` (when not NULL, else frees them at once) and
/// returns their line count.
static long layout_range(PangoContext *context, const peer_text *text, size_t from, size_t to,
                         double width, PangoLayout **layouts) {
    long lines = 0;
    for (size_t p = from; p < to; p++) {
        PangoLayout *layout = paragraph_layout(context, text->paragraphs[p], text->lengths[p], width);
        lines += pango_layout_get_line_count(layout);  // forces the layout
        if (layouts) layouts[p] = layout;
        else g_object_unref(layout);
    }
    return lines;
}

static void free_layouts(PangoLayout **layouts, size_t count) {
    for (size_t p = 0; p < count; p++)
        if (layouts[p]) g_object_unref(layouts[p]);
}

/// The untimed warm-up: loads the fonts the text needs and fills Pango's and fontconfig's
/// caches (coverage, fontsets, shape plans) by laying out the start of the text.
static void warm_up(PangoContext *context, const peer_text *text, const peer_options *o) {
    if (text->count == 0) return;
    if (o->warmup_bytes == 0) {
        size_t n = text->lengths[0] < 200 ? text->lengths[0] : 200;
        while (n > 0 && ((unsigned char)text->paragraphs[0][n] & 0xC0) == 0x80) n--;  // whole code points
        PangoLayout *layout = paragraph_layout(context, text->paragraphs[0], n, o->width);
        pango_layout_get_line_count(layout);
        g_object_unref(layout);
        peer_info("warmup bytes=%zu", n);
        return;
    }
    size_t n = peer_text_prefix(text, o->warmup_bytes);
    layout_range(context, text, 0, n, o->width, NULL);
    peer_info("warmup paragraphs=%zu", n);
}

// MARK: check

/// HarfBuzz's advance width of `s` in DejaVu Serif at 12 px, from the font file that
/// fontconfig gives Pango: the reference the line count check compares Pango against.
static double harfbuzz_width(const char *path, const char *s) {
    hb_blob_t *blob = hb_blob_create_from_file(path);
    hb_face_t *face = hb_face_create(blob, 0);
    hb_font_t *font = hb_font_create(face);
    hb_font_set_scale(font, FONT_PIXELS * 1024, FONT_PIXELS * 1024);
    hb_buffer_t *buffer = hb_buffer_create();
    hb_buffer_add_utf8(buffer, s, -1, 0, -1);
    hb_buffer_guess_segment_properties(buffer);
    hb_shape(font, buffer, NULL, 0);
    unsigned n = 0;
    hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(buffer, &n);
    double width = 0;
    for (unsigned i = 0; i < n; i++) width += pos[i].x_advance / 1024.0;
    hb_buffer_destroy(buffer);
    hb_font_destroy(font);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    return width;
}

static int check(void) {
    pango_setup s = setup_new();
    PangoFontDescription *description = pango_context_get_font_description(s.context);
    PangoFont *font = pango_font_map_load_font(s.map, s.context, description);
    PangoFontDescription *loaded = pango_font_describe_with_absolute_size(font);
    char *name = pango_font_description_to_string(loaded);
    hb_font_t *hb = pango_font_get_hb_font(font);
    hb_face_t *face = hb_font_get_face(hb);
    int x_scale = 0, y_scale = 0;
    hb_font_get_scale(hb, &x_scale, &y_scale);
    peer_info("font=\"%s\" hb_scale=%d upem=%u pango=%s harfbuzz=%s", name, x_scale, hb_face_get_upem(face),
              pango_version_string(), hb_version_string());
    int ok = strstr(name, FONT_FAMILY) != NULL;
    if (!ok) printf("check FAIL Pango picked \"%s\", not %s\n", name, FONT_FAMILY);

    // The font file fontconfig resolves for the family: what OpenTextKit uses too.
    const char *path = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf";

    // 1. Pango's natural width of a sentence equals HarfBuzz's advance sum at 12 px.
    const char *sentence = "The quick brown fox jumps over the lazy dog; AVATAR Office affluent.";
    PangoLayout *layout = paragraph_layout(s.context, sentence, strlen(sentence), -1);
    pango_layout_set_width(layout, -1);
    int pw = 0, ph = 0;
    pango_layout_get_size(layout, &pw, &ph);
    g_object_unref(layout);
    double pango_width = pw / (double)PANGO_SCALE, hb_width = harfbuzz_width(path, sentence);
    peer_info("sentence_width pango=%.3f harfbuzz=%.3f line_height=%.3f", pango_width, hb_width,
              ph / (double)PANGO_SCALE);
    if (pango_width < hb_width - 0.05 || pango_width > hb_width + 0.05) {
        printf("check FAIL Pango's width %.3f pt differs from HarfBuzz's %.3f pt at 12 px\n", pango_width, hb_width);
        ok = 0;
    }

    // 2. Line count agreement at the 400 pt width: the longest run of words whose HarfBuzz width
    //    fits 400 pt is one Pango line, one word more makes two.
    char words[4096] = "";
    int fitting = 0;
    for (int k = 1; k < 200; k++) {
        char candidate[4096];
        snprintf(candidate, sizeof candidate, "%s%sword%02d", words, k > 1 ? " " : "", k);
        if (harfbuzz_width(path, candidate) > 400) break;
        strcpy(words, candidate);
        fitting = k;
    }
    char longer[4200];
    snprintf(longer, sizeof longer, "%s word%02d", words, fitting + 1);
    PangoLayout *fits = paragraph_layout(s.context, words, strlen(words), 400);
    PangoLayout *wraps = paragraph_layout(s.context, longer, strlen(longer), 400);
    int fits_lines = pango_layout_get_line_count(fits), wraps_lines = pango_layout_get_line_count(wraps);
    peer_info("line_check words=%d width=%.3f lines=%d plus_one_word_lines=%d", fitting,
              harfbuzz_width(path, words), fits_lines, wraps_lines);
    if (fits_lines != 1 || wraps_lines != 2) {
        printf("check FAIL %d words (%.2f pt by HarfBuzz) make %d Pango lines at 400 pt, %d words make %d\n",
               fitting, harfbuzz_width(path, words), fits_lines, fitting + 1, wraps_lines);
        ok = 0;
    }
    g_object_unref(fits);
    g_object_unref(wraps);
    if (ok) printf("check ok Pango picks \"%s\" and agrees with HarfBuzz on widths and line breaks\n", name);
    g_free(name);
    pango_font_description_free(loaded);
    g_object_unref(font);
    setup_free(&s);
    return ok ? 0 : 1;
}

// MARK: workloads

static void run_layout(const peer_text *text, const peer_options *o) {
    pango_setup s = setup_new();
    warm_up(s.context, text, o);
    PangoLayout **layouts = calloc(text->count, sizeof *layouts);
    double budget = 0;
    for (int run = 0; run < o->runs; run++) {
        double start = peer_now();
        long lines = layout_range(s.context, text, 0, text->count, o->width, layouts);
        double seconds = peer_now() - start;
        peer_sample(seconds, lines);
        free_layouts(layouts, text->count);
        memset(layouts, 0, text->count * sizeof *layouts);
        budget += seconds;
        if (o->max_seconds > 0 && budget > o->max_seconds) break;
    }
    free(layouts);
    setup_free(&s);
}

static void run_relayout(const peer_text *text, const peer_options *o) {
    pango_setup s = setup_new();
    warm_up(s.context, text, o);
    PangoLayout **layouts = calloc(text->count, sizeof *layouts);
    layout_range(s.context, text, 0, text->count, o->width, layouts);
    for (int run = 0; run < o->runs; run++) {
        double start = peer_now();
        long lines = 0;
        for (size_t p = 0; p < text->count; p++) {
            pango_layout_set_width(layouts[p], (int)(o->new_width * PANGO_SCALE));
            lines += pango_layout_get_line_count(layouts[p]);
        }
        peer_sample(peer_now() - start, lines);
        for (size_t p = 0; p < text->count; p++) {   // back to the first width, untimed
            pango_layout_set_width(layouts[p], (int)(o->width * PANGO_SCALE));
            pango_layout_get_line_count(layouts[p]);
        }
    }
    free_layouts(layouts, text->count);
    free(layouts);
    setup_free(&s);
}

/// Lines whose top lies within the first `height` points of the stacked paragraphs (layouts
/// made on demand when `make` is set, else taken from `layouts`).
static long first_page_lines(PangoContext *context, const peer_text *text, PangoLayout **layouts,
                             double width, double height, int make) {
    long lines = 0;
    int y = 0, limit = (int)(height * PANGO_SCALE);
    for (size_t p = 0; p < text->count && y < limit; p++) {
        if (make) layouts[p] = paragraph_layout(context, text->paragraphs[p], text->lengths[p], width);
        PangoLayoutIter *iter = pango_layout_get_iter(layouts[p]);
        do {
            PangoRectangle line;
            pango_layout_iter_get_line_extents(iter, NULL, &line);
            if (y + line.y >= limit) break;
            lines++;
        } while (pango_layout_iter_next_line(iter));
        pango_layout_iter_free(iter);
        int w = 0, h = 0;
        pango_layout_get_size(layouts[p], &w, &h);
        y += h;
    }
    return lines;
}

static void run_firstpage(const peer_text *text, const peer_options *o) {
    pango_setup s = setup_new();
    warm_up(s.context, text, o);
    PangoLayout **layouts = calloc(text->count, sizeof *layouts);
    for (int run = 0; run < o->runs; run++) {
        double start = peer_now();
        long lines = first_page_lines(s.context, text, layouts, o->width, o->page_height, 1);
        peer_sample(peer_now() - start, lines);
        free_layouts(layouts, text->count);
        memset(layouts, 0, text->count * sizeof *layouts);
    }
    free(layouts);
    setup_free(&s);
}

/// Types 'x' at `byte` of `paragraph`, re-lays that paragraph out and counts the first page's
/// lines (the timed part of the edit modes); returns the edited text, which the layout holds.
static char *type_and_relayout(PangoContext *context, const peer_text *text, PangoLayout **layouts,
                               size_t paragraph, size_t byte, const peer_options *o, long *lines) {
    const char *old = text->paragraphs[paragraph];
    size_t length = text->lengths[paragraph];
    char *edited = malloc(length + 2);   // the paragraph with one character inserted
    memcpy(edited, old, byte);
    edited[byte] = 'x';
    memcpy(edited + byte + 1, old + byte, length - byte + 1);
    pango_layout_set_text(layouts[paragraph], edited, (int)length + 1);
    pango_layout_get_line_count(layouts[paragraph]);   // re-lay out the edited paragraph
    *lines = first_page_lines(context, text, layouts, o->width, o->page_height, 0);
    return edited;
}

/// The paragraph and byte of character --at (the middle character by default).
static void edit_place(const peer_text *text, const peer_options *o, size_t *paragraph, size_t *byte) {
    peer_text_locate(text, o->at >= 0 ? (size_t)o->at : peer_text_characters(text) / 2, paragraph, byte);
    peer_info("edit paragraph=%zu of=%zu byte=%zu paragraph_bytes=%zu", *paragraph, text->count, *byte,
              text->lengths[*paragraph]);
}

static void run_edit(const peer_text *text, const peer_options *o) {
    pango_setup s = setup_new();
    warm_up(s.context, text, o);
    PangoLayout **layouts = calloc(text->count, sizeof *layouts);
    layout_range(s.context, text, 0, text->count, o->width, layouts);   // the document, laid out
    size_t paragraph = 0, byte = 0;
    edit_place(text, o, &paragraph, &byte);
    for (int run = 0; run < o->runs; run++) {
        double start = peer_now();
        long lines = 0;
        char *edited = type_and_relayout(s.context, text, layouts, paragraph, byte, o, &lines);
        double seconds = peer_now() - start;
        peer_sample(seconds, lines);
        pango_layout_set_text(layouts[paragraph], text->paragraphs[paragraph], (int)text->lengths[paragraph]);   // undo, untimed
        pango_layout_get_line_count(layouts[paragraph]);
        free(edited);
    }
    free_layouts(layouts, text->count);
    free(layouts);
    setup_free(&s);
}

/// Each run: the first page laid out from nothing (untimed), then one character typed in it and
/// the first page laid out again (timed).
static void run_firstkeystroke(const peer_text *text, const peer_options *o) {
    pango_setup s = setup_new();
    warm_up(s.context, text, o);
    PangoLayout **layouts = calloc(text->count, sizeof *layouts);
    size_t paragraph = 0, byte = 0;
    edit_place(text, o, &paragraph, &byte);
    for (int run = 0; run < o->runs; run++) {
        first_page_lines(s.context, text, layouts, o->width, o->page_height, 1);
        if (!layouts[paragraph]) peer_fail("character --at %ld is not on the first page", o->at);
        double start = peer_now();
        long lines = 0;
        char *edited = type_and_relayout(s.context, text, layouts, paragraph, byte, o, &lines);
        double seconds = peer_now() - start;
        peer_sample(seconds, lines);
        free_layouts(layouts, text->count);
        memset(layouts, 0, text->count * sizeof *layouts);
        free(edited);
    }
    free(layouts);
    setup_free(&s);
}

static void run_memory(const peer_text *text, const peer_options *o) {
    pango_setup s = setup_new();
    warm_up(s.context, text, o);
    PangoLayout **layouts = calloc(text->count, sizeof *layouts);
    long before = peer_rss();
    double start = peer_now();
    long lines = layout_range(s.context, text, 0, text->count, o->width, layouts);
    double seconds = peer_now() - start;
    long after = peer_rss();
    peer_info("rss_before=%ld rss_after=%ld seconds=%.6f", before, after, seconds);
    peer_memory(after - before, lines);
    free_layouts(layouts, text->count);
    free(layouts);
    setup_free(&s);
}

// MARK: threads

typedef struct {
    const peer_text *text;
    const peer_options *options;
    size_t from, to;
    pthread_barrier_t *ready;
    long lines;
    double finished;
} worker;

static void *worker_main(void *argument) {
    worker *w = argument;
    pango_setup s = setup_new();
    // Warm-up of this thread's font map: the first 100 paragraphs of its part.
    size_t warm = w->to - w->from < 100 ? w->to - w->from : 100;
    layout_range(s.context, w->text, w->from, w->from + warm, w->options->width, NULL);
    PangoLayout **layouts = calloc(w->to - w->from, sizeof *layouts);
    pthread_barrier_wait(w->ready);
    w->lines = layout_range(s.context, w->text, w->from, w->to, w->options->width, layouts - w->from);
    w->finished = peer_now();
    free_layouts(layouts, w->to - w->from);
    free(layouts);
    setup_free(&s);
    return NULL;
}

static void run_threads(const peer_text *text, const peer_options *o) {
    int n = o->threads;
    peer_info("threads=%d", n);
    for (int run = 0; run < o->runs; run++) {
        pthread_barrier_t ready;
        pthread_barrier_init(&ready, NULL, (unsigned)n + 1);
        worker *workers = calloc((size_t)n, sizeof *workers);
        pthread_t *ids = calloc((size_t)n, sizeof *ids);
        size_t p = 0, used = 0;
        for (int t = 0; t < n; t++) {   // contiguous parts of about equal bytes
            size_t goal = text->bytes * (size_t)(t + 1) / (size_t)n;
            workers[t] = (worker){.text = text, .options = o, .from = p, .ready = &ready};
            while (p < text->count && (used < goal || t == n - 1)) used += text->lengths[p++] + 1;
            workers[t].to = p;
            pthread_create(&ids[t], NULL, worker_main, &workers[t]);
        }
        pthread_barrier_wait(&ready);
        double start = peer_now(), end = start;
        long lines = 0;
        for (int t = 0; t < n; t++) {
            pthread_join(ids[t], NULL);
            lines += workers[t].lines;
            if (workers[t].finished > end) end = workers[t].finished;
        }
        peer_sample(end - start, lines);
        pthread_barrier_destroy(&ready);
        free(workers);
        free(ids);
    }
}

/// Prints `paragraph-index start start …`: where each line after the first starts, in Unicode
/// characters from the paragraph's start (what `Benchmarks/compare-breaks` compares).
static void run_breaks(const peer_text *text, const peer_options *o) {
    pango_setup s = setup_new();
    for (size_t p = 0; p < text->count; p++) {
        PangoLayout *layout = paragraph_layout(s.context, text->paragraphs[p], text->lengths[p], o->width);
        printf("%zu", p);
        GSList *lines = pango_layout_get_lines_readonly(layout);
        for (GSList *l = lines ? lines->next : NULL; l; l = l->next) {
            PangoLayoutLine *line = l->data;
            printf(" %ld", g_utf8_pointer_to_offset(text->paragraphs[p], text->paragraphs[p] + line->start_index));
        }
        printf("\n");
        g_object_unref(layout);
    }
    setup_free(&s);
}

int main(int argc, char **argv) {
    peer_options o;
    peer_parse(argc, argv, &o, usage);
    if (!strcmp(o.mode, "check")) return check();
    if (!o.file) peer_fail("mode %s needs a FILE\n%s", o.mode, usage);
    peer_text text;
    peer_text_load(&text, o.file);
    peer_info("engine=pango version=%s paragraphs=%zu bytes=%zu width=%.1f", pango_version_string(), text.count,
              text.bytes, o.width);
    if (!strcmp(o.mode, "layout")) run_layout(&text, &o);
    else if (!strcmp(o.mode, "relayout")) run_relayout(&text, &o);
    else if (!strcmp(o.mode, "edit")) run_edit(&text, &o);
    else if (!strcmp(o.mode, "firstpage")) run_firstpage(&text, &o);
    else if (!strcmp(o.mode, "firstkeystroke")) run_firstkeystroke(&text, &o);
    else if (!strcmp(o.mode, "memory")) run_memory(&text, &o);
    else if (!strcmp(o.mode, "threads")) run_threads(&text, &o);
    else if (!strcmp(o.mode, "breaks")) run_breaks(&text, &o);
    else peer_fail("unknown mode %s\n%s", o.mode, usage);
    peer_text_free(&text);
    return 0;
}
