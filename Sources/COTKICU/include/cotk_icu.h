// A plain-C facade over the system ICU (libicuuc).
//
// This header must never include an ICU header: Foundation carries its own ICU, and a Swift file
// that can see both ICU's clang module and Foundation's fails to compile ('UErrorCode' has different
// definitions in different modules). Every ICU type is therefore opaque here and every value a
// plain integer; the .c file is the only code that sees ICU, and it also hides ICU's
// version-suffixed symbol names (ubrk_open_72 on Debian 12).
//
// Text is always UTF-16 (uint16_t), offsets are UTF-16 code-unit offsets, and ICU does not copy
// the text given to a break iterator or a bidi object: the caller keeps it alive while in use.
// `err` receives ICU's UErrorCode: 0 is success, negative values are warnings, positive are errors.
#ifndef COTK_ICU_H
#define COTK_ICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// ICU's version, such as "72.1".
const char *cotk_icu_version(void);

/// 1 when `err` is a failure (U_FAILURE), 0 for success and warnings.
int32_t cotk_failure(int32_t err);
/// ICU's name for an error code ("U_ILLEGAL_ARGUMENT_ERROR").
const char *cotk_error_name(int32_t err);

// MARK: Break iteration (UAX #29 grapheme/word/sentence, UAX #14 line)

typedef struct cotk_brk cotk_brk;  // UBreakIterator

enum {
    COTK_BRK_CHARACTER = 0,
    COTK_BRK_WORD = 1,
    COTK_BRK_LINE = 2,
    COTK_BRK_SENTENCE = 3,
};
enum { COTK_BRK_DONE = -1 };

// Rule-status ranges (ICU's UWordBreak and ULineBreakTag): a status s belongs to a range when
// lower <= s < upper.
enum {
    COTK_WORD_NONE = 0, COTK_WORD_NONE_LIMIT = 100,
    COTK_WORD_NUMBER = 100, COTK_WORD_NUMBER_LIMIT = 200,
    COTK_WORD_LETTER = 200, COTK_WORD_LETTER_LIMIT = 300,
    COTK_WORD_KANA = 300, COTK_WORD_KANA_LIMIT = 400,
    COTK_WORD_IDEO = 400, COTK_WORD_IDEO_LIMIT = 500,
    COTK_LINE_SOFT = 0, COTK_LINE_SOFT_LIMIT = 100,
    COTK_LINE_HARD = 100, COTK_LINE_HARD_LIMIT = 200,
};

/// Opens a break iterator of `type` for `locale` (such as "en_US", "th", "ja", "en@lb=strict")
/// over `text`. Returns NULL on failure with `err` set.
cotk_brk *cotk_brk_open(int32_t type, const char *locale, const uint16_t *text, int32_t length, int32_t *err);
/// An independent copy of `b` (same rules and text, own position); NULL on failure.
cotk_brk *cotk_brk_clone(const cotk_brk *b, int32_t *err);
void cotk_brk_close(cotk_brk *b);
/// Points `b` at new text, keeping its rules (much cheaper than opening a new iterator).
void cotk_brk_set_text(cotk_brk *b, const uint16_t *text, int32_t length, int32_t *err);
int32_t cotk_brk_first(cotk_brk *b);
int32_t cotk_brk_last(cotk_brk *b);
int32_t cotk_brk_next(cotk_brk *b);
int32_t cotk_brk_previous(cotk_brk *b);
int32_t cotk_brk_current(const cotk_brk *b);
/// The first boundary after `offset`, or COTK_BRK_DONE.
int32_t cotk_brk_following(cotk_brk *b, int32_t offset);
/// The last boundary before `offset`, or COTK_BRK_DONE.
int32_t cotk_brk_preceding(cotk_brk *b, int32_t offset);
/// 1 when `offset` is a boundary.
int32_t cotk_brk_is_boundary(cotk_brk *b, int32_t offset);
/// The rule status of the boundary last returned (see the ranges above).
int32_t cotk_brk_rule_status(const cotk_brk *b);

// MARK: Bidi (UAX #9)

typedef struct cotk_bidi cotk_bidi;  // UBiDi

enum {
    COTK_BIDI_DEFAULT_LTR = 0xfe,  // paragraph level from the first strong character, LTR if none
    COTK_BIDI_DEFAULT_RTL = 0xff,  // the same, RTL if none
};
enum { COTK_BIDI_LTR = 0, COTK_BIDI_RTL = 1, COTK_BIDI_MIXED = 2, COTK_BIDI_NEUTRAL = 3 };

cotk_bidi *cotk_bidi_open(void);
void cotk_bidi_close(cotk_bidi *b);
/// Resolves the embedding levels of one paragraph. `paraLevel` is 0 (LTR), 1 (RTL) or one of the
/// COTK_BIDI_DEFAULT_ values. The text must stay alive while `b` uses it.
void cotk_bidi_set_paragraph(cotk_bidi *b, const uint16_t *text, int32_t length, uint8_t paraLevel, int32_t *err);
/// Makes `line` the bidi object of the line [start, limit) of paragraph `para` (UAX #9 L1 applies
/// to the line's trailing whitespace). `para` must outlive `line`'s use.
void cotk_bidi_set_line(const cotk_bidi *para, int32_t start, int32_t limit, cotk_bidi *line, int32_t *err);
/// The paragraph level (0 or 1 for a single paragraph).
uint8_t cotk_bidi_paragraph_level(const cotk_bidi *b);
int32_t cotk_bidi_length(const cotk_bidi *b);
/// COTK_BIDI_LTR, _RTL or _MIXED.
int32_t cotk_bidi_direction(const cotk_bidi *b);
/// Copies the resolved level of each code unit into `levels` (capacity at least the length).
void cotk_bidi_levels(cotk_bidi *b, uint8_t *levels, int32_t *err);
/// The number of directional runs in visual order (computes the reordering).
int32_t cotk_bidi_count_runs(cotk_bidi *b, int32_t *err);
/// The run at visual position `index`: its logical start and length; returns COTK_BIDI_LTR or _RTL.
int32_t cotk_bidi_visual_run(cotk_bidi *b, int32_t index, int32_t *logicalStart, int32_t *length);
/// For given levels, `map[visual] = logical` (UAX #9 L2), without a bidi object.
void cotk_bidi_reorder_visual(const uint8_t *levels, int32_t length, int32_t *map);
/// For given levels, `map[logical] = visual`.
void cotk_bidi_reorder_logical(const uint8_t *levels, int32_t length, int32_t *map);
/// The directional class of a code point (ICU's UCharDirection: 0 L, 1 R, 13 AL, …).
int32_t cotk_char_direction(uint32_t codePoint);
/// The mirrored code point for bidi mirroring (the code point itself when none).
uint32_t cotk_char_mirror(uint32_t codePoint);

// MARK: Character properties

/// The code point's script, as an ICU script code (USCRIPT_UNKNOWN when ICU fails); its ISO 15924
/// short name is cotk_script_short_name's.
int32_t cotk_script(uint32_t codePoint);
/// 1 when `script` (an ICU script code) is among the code point's Script_Extensions.
int32_t cotk_script_has(uint32_t codePoint, int32_t script);
/// The ISO 15924 short name of an ICU script code.
const char *cotk_script_short_name(int32_t script);
/// ICU's general category (UCharCategory).
int32_t cotk_char_category(uint32_t codePoint);
/// The UAX #14 line-break class (ULineBreak).
int32_t cotk_line_break_class(uint32_t codePoint);
/// 1 for White_Space.
int32_t cotk_is_whitespace(uint32_t codePoint);
/// 1 for Default_Ignorable_Code_Point.
int32_t cotk_is_default_ignorable(uint32_t codePoint);
/// 1 for Extended_Pictographic (emoji and pictographs).
int32_t cotk_is_extended_pictographic(uint32_t codePoint);
/// 1 for Emoji_Presentation (drawn as emoji by default).
int32_t cotk_is_emoji_presentation(uint32_t codePoint);
/// 1 for a decimal digit (Nd), writing its value into *value.
int32_t cotk_digit_value(uint32_t codePoint, int32_t *value);

// MARK: Normalization

enum { COTK_NFC = 0, COTK_NFD = 1, COTK_NFKC = 2, COTK_NFKD = 3 };
/// Normalizes `src` into `dest`; returns the needed length (call again with a larger buffer when
/// it exceeds `capacity`).
int32_t cotk_normalize(int32_t form, const uint16_t *src, int32_t length, uint16_t *dest, int32_t capacity, int32_t *err);

// MARK: IDNA (UTS #46)

/// Converts a domain name to its ASCII form (punycode "xn--" labels), UTS #46 nontransitional
/// processing with the bidi and CONTEXTJ checks. Writes at most `capacity` units into `dest` and
/// returns the needed length. `*idnaErrors` receives UTS #46's error bits (0 when the name is
/// valid); `err` receives ICU's error code (a buffer overflow asks for a larger `dest`).
int32_t cotk_idna_to_ascii(const uint16_t *name, int32_t length, uint16_t *dest, int32_t capacity,
                           uint32_t *idnaErrors, int32_t *err);
/// The reverse of cotk_idna_to_ascii: "xn--" labels decoded to Unicode, with the same checks.
int32_t cotk_idna_to_unicode(const uint16_t *name, int32_t length, uint16_t *dest, int32_t capacity,
                             uint32_t *idnaErrors, int32_t *err);

#ifdef __cplusplus
}
#endif
#endif
