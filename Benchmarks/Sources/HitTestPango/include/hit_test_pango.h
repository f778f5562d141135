// Pango's hit testing and caret queries behind a plain C interface (no GLib or Pango type in
// sight), so that HitTestBench (Swift) times Pango in its own process, on the same text, width
// and points as OpenTextKit. Setup as the Pango peer's (Sources/PangoPeer/main.c): DejaVu Serif
// at 12 px, 72 dpi (1 pt = 1 px), no hinting of metrics, unrounded glyph positions, fontconfig
// fallback for what DejaVu Serif lacks.
#ifndef HIT_TEST_PANGO_H
#define HIT_TEST_PANGO_H

typedef struct htp_layout htp_layout;

/// A PangoLayout of `length` bytes of UTF-8 `text`, laid out at `width` points with
/// PANGO_WRAP_WORD_CHAR, or on one line when `width` <= 0 (no wrapping). Laid out before it
/// returns (its line count asked once).
htp_layout *htp_layout_new(const char *text, int length, double width);
void htp_layout_free(htp_layout *layout);
/// Lines and logical size (points).
int htp_line_count(htp_layout *layout);
void htp_size(htp_layout *layout, double *width, double *height);
/// pango_layout_xy_to_index: the byte index of the grapheme under the point (points) and
/// `*trailing` (0 at its leading edge, else the number of characters to its trailing edge).
int htp_xy_to_index(htp_layout *layout, double x, double y, int *trailing);
/// pango_layout_index_to_pos: the rectangle (points) of the grapheme at byte `index`.
void htp_index_to_pos(htp_layout *layout, int index, double *x, double *y, double *width, double *height);
/// pango_layout_get_cursor_pos: the strong cursor's x, y and height (points) at byte `index`.
void htp_cursor_pos(htp_layout *layout, int index, double *x, double *y, double *height);

#endif
