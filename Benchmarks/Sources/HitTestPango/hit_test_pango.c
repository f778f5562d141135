// See include/hit_test_pango.h.
#include <pango/pangocairo.h>
#include <stdlib.h>

#include "hit_test_pango.h"

struct htp_layout {
    PangoFontMap *map;
    PangoContext *context;
    PangoLayout *layout;
};

htp_layout *htp_layout_new(const char *text, int length, double width) {
    htp_layout *h = calloc(1, sizeof *h);
    h->map = pango_cairo_font_map_new();
    h->context = pango_font_map_create_context(h->map);
    pango_cairo_context_set_resolution(h->context, 72);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options(h->context, options);
    cairo_font_options_destroy(options);
    pango_context_set_round_glyph_positions(h->context, FALSE);
    PangoFontDescription *font = pango_font_description_new();
    pango_font_description_set_family(font, "DejaVu Serif");
    pango_font_description_set_absolute_size(font, 12 * PANGO_SCALE);
    pango_context_set_font_description(h->context, font);
    pango_font_description_free(font);
    h->layout = pango_layout_new(h->context);
    pango_layout_set_width(h->layout, width > 0 ? (int)(width * PANGO_SCALE) : -1);
    pango_layout_set_wrap(h->layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_text(h->layout, text, length);
    (void)pango_layout_get_line_count(h->layout);
    return h;
}

void htp_layout_free(htp_layout *h) {
    g_object_unref(h->layout);
    g_object_unref(h->context);
    g_object_unref(h->map);
    free(h);
}

int htp_line_count(htp_layout *h) { return pango_layout_get_line_count(h->layout); }

void htp_size(htp_layout *h, double *width, double *height) {
    PangoRectangle logical;
    pango_layout_get_extents(h->layout, NULL, &logical);
    *width = (double)logical.width / PANGO_SCALE;
    *height = (double)logical.height / PANGO_SCALE;
}

int htp_xy_to_index(htp_layout *h, double x, double y, int *trailing) {
    int index = 0;
    pango_layout_xy_to_index(h->layout, (int)(x * PANGO_SCALE), (int)(y * PANGO_SCALE), &index, trailing);
    return index;
}

void htp_index_to_pos(htp_layout *h, int index, double *x, double *y, double *width, double *height) {
    PangoRectangle r;
    pango_layout_index_to_pos(h->layout, index, &r);
    *x = (double)r.x / PANGO_SCALE;
    *y = (double)r.y / PANGO_SCALE;
    *width = (double)r.width / PANGO_SCALE;
    *height = (double)r.height / PANGO_SCALE;
}

void htp_cursor_pos(htp_layout *h, int index, double *x, double *y, double *height) {
    PangoRectangle strong;
    pango_layout_get_cursor_pos(h->layout, index, &strong, NULL);
    *x = (double)strong.x / PANGO_SCALE;
    *y = (double)strong.y / PANGO_SCALE;
    *height = (double)strong.height / PANGO_SCALE;
}
