// The one file that includes ICU's headers; see cotk_icu.h for why.
#include "cotk_icu.h"

#include <pthread.h>

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uidna.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uscript.h>
#include <unicode/uversion.h>

_Static_assert(sizeof(UChar) == sizeof(uint16_t), "ICU UChar must be 16 bits");

const char *cotk_icu_version(void) { return U_ICU_VERSION; }

int32_t cotk_failure(int32_t err) { return U_FAILURE((UErrorCode)err) ? 1 : 0; }

const char *cotk_error_name(int32_t err) { return u_errorName((UErrorCode)err); }

// MARK: Break iteration

cotk_brk *cotk_brk_open(int32_t type, const char *locale, const uint16_t *text, int32_t length, int32_t *err) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *b = ubrk_open((UBreakIteratorType)type, locale, (const UChar *)text, length, &status);
    *err = status;
    return U_FAILURE(status) ? NULL : (cotk_brk *)b;
}

cotk_brk *cotk_brk_clone(const cotk_brk *b, int32_t *err) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *copy = ubrk_clone((const UBreakIterator *)b, &status);
    *err = status;
    return U_FAILURE(status) ? NULL : (cotk_brk *)copy;
}

void cotk_brk_close(cotk_brk *b) { ubrk_close((UBreakIterator *)b); }

void cotk_brk_set_text(cotk_brk *b, const uint16_t *text, int32_t length, int32_t *err) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText((UBreakIterator *)b, (const UChar *)text, length, &status);
    *err = status;
}

int32_t cotk_brk_first(cotk_brk *b) { return ubrk_first((UBreakIterator *)b); }
int32_t cotk_brk_last(cotk_brk *b) { return ubrk_last((UBreakIterator *)b); }
int32_t cotk_brk_next(cotk_brk *b) { return ubrk_next((UBreakIterator *)b); }
int32_t cotk_brk_previous(cotk_brk *b) { return ubrk_previous((UBreakIterator *)b); }
int32_t cotk_brk_current(const cotk_brk *b) { return ubrk_current((const UBreakIterator *)b); }
int32_t cotk_brk_following(cotk_brk *b, int32_t offset) { return ubrk_following((UBreakIterator *)b, offset); }
int32_t cotk_brk_preceding(cotk_brk *b, int32_t offset) { return ubrk_preceding((UBreakIterator *)b, offset); }
int32_t cotk_brk_is_boundary(cotk_brk *b, int32_t offset) { return ubrk_isBoundary((UBreakIterator *)b, offset) ? 1 : 0; }
int32_t cotk_brk_rule_status(const cotk_brk *b) { return ubrk_getRuleStatus((UBreakIterator *)b); }

// MARK: Bidi

cotk_bidi *cotk_bidi_open(void) { return (cotk_bidi *)ubidi_open(); }

void cotk_bidi_close(cotk_bidi *b) { ubidi_close((UBiDi *)b); }

void cotk_bidi_set_paragraph(cotk_bidi *b, const uint16_t *text, int32_t length, uint8_t paraLevel, int32_t *err) {
    UErrorCode status = U_ZERO_ERROR;
    ubidi_setPara((UBiDi *)b, (const UChar *)text, length, (UBiDiLevel)paraLevel, NULL, &status);
    *err = status;
}

void cotk_bidi_set_line(const cotk_bidi *para, int32_t start, int32_t limit, cotk_bidi *line, int32_t *err) {
    UErrorCode status = U_ZERO_ERROR;
    ubidi_setLine((const UBiDi *)para, start, limit, (UBiDi *)line, &status);
    *err = status;
}

uint8_t cotk_bidi_paragraph_level(const cotk_bidi *b) { return ubidi_getParaLevel((const UBiDi *)b); }

int32_t cotk_bidi_length(const cotk_bidi *b) { return ubidi_getLength((const UBiDi *)b); }

int32_t cotk_bidi_direction(const cotk_bidi *b) { return (int32_t)ubidi_getDirection((const UBiDi *)b); }

void cotk_bidi_levels(cotk_bidi *b, uint8_t *levels, int32_t *err) {
    UErrorCode status = U_ZERO_ERROR;
    const UBiDiLevel *resolved = ubidi_getLevels((UBiDi *)b, &status);
    *err = status;
    if (U_FAILURE(status)) return;
    int32_t n = ubidi_getLength((const UBiDi *)b);
    for (int32_t i = 0; i < n; i++) levels[i] = resolved[i];
}

int32_t cotk_bidi_count_runs(cotk_bidi *b, int32_t *err) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t n = ubidi_countRuns((UBiDi *)b, &status);
    *err = status;
    return n;
}

int32_t cotk_bidi_visual_run(cotk_bidi *b, int32_t index, int32_t *logicalStart, int32_t *length) {
    return (int32_t)ubidi_getVisualRun((UBiDi *)b, index, logicalStart, length);
}

void cotk_bidi_reorder_visual(const uint8_t *levels, int32_t length, int32_t *map) {
    ubidi_reorderVisual((const UBiDiLevel *)levels, length, map);
}

void cotk_bidi_reorder_logical(const uint8_t *levels, int32_t length, int32_t *map) {
    ubidi_reorderLogical((const UBiDiLevel *)levels, length, map);
}

int32_t cotk_char_direction(uint32_t codePoint) { return (int32_t)u_charDirection((UChar32)codePoint); }

uint32_t cotk_char_mirror(uint32_t codePoint) { return (uint32_t)u_charMirror((UChar32)codePoint); }

// MARK: Character properties

int32_t cotk_script(uint32_t codePoint) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)codePoint, &status);
    return U_FAILURE(status) ? (int32_t)USCRIPT_UNKNOWN : (int32_t)script;
}

int32_t cotk_script_has(uint32_t codePoint, int32_t script) {
    return uscript_hasScript((UChar32)codePoint, (UScriptCode)script) ? 1 : 0;
}

const char *cotk_script_short_name(int32_t script) { return uscript_getShortName((UScriptCode)script); }

int32_t cotk_char_category(uint32_t codePoint) { return (int32_t)u_charType((UChar32)codePoint); }

int32_t cotk_line_break_class(uint32_t codePoint) {
    return u_getIntPropertyValue((UChar32)codePoint, UCHAR_LINE_BREAK);
}

int32_t cotk_is_whitespace(uint32_t codePoint) { return u_isUWhiteSpace((UChar32)codePoint) ? 1 : 0; }

int32_t cotk_is_default_ignorable(uint32_t codePoint) {
    return u_hasBinaryProperty((UChar32)codePoint, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) ? 1 : 0;
}

int32_t cotk_is_extended_pictographic(uint32_t codePoint) {
    return u_hasBinaryProperty((UChar32)codePoint, UCHAR_EXTENDED_PICTOGRAPHIC) ? 1 : 0;
}

int32_t cotk_is_emoji_presentation(uint32_t codePoint) {
    return u_hasBinaryProperty((UChar32)codePoint, UCHAR_EMOJI_PRESENTATION) ? 1 : 0;
}

int32_t cotk_digit_value(uint32_t codePoint, int32_t *value) {
    if (u_charType((UChar32)codePoint) != U_DECIMAL_DIGIT_NUMBER) return 0;
    *value = u_charDigitValue((UChar32)codePoint);
    return 1;
}

// MARK: Normalization

int32_t cotk_normalize(int32_t form, const uint16_t *src, int32_t length, uint16_t *dest, int32_t capacity, int32_t *err) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *n;
    switch (form) {
    case COTK_NFD: n = unorm2_getNFDInstance(&status); break;
    case COTK_NFKC: n = unorm2_getNFKCInstance(&status); break;
    case COTK_NFKD: n = unorm2_getNFKDInstance(&status); break;
    default: n = unorm2_getNFCInstance(&status); break;
    }
    if (U_FAILURE(status)) { *err = status; return 0; }
    int32_t needed = unorm2_normalize(n, (const UChar *)src, length, (UChar *)dest, capacity, &status);
    *err = status;
    return needed;
}

// MARK: IDNA

// One UTS #46 object for the process: ICU documents its conversion functions as thread-safe on a
// shared object, and opening one loads data, so it is opened once.
static UIDNA *cotk_uts46 = NULL;
static UErrorCode cotk_uts46_status = U_ZERO_ERROR;
static pthread_once_t cotk_uts46_once = PTHREAD_ONCE_INIT;

static void cotk_uts46_open(void) {
    uint32_t options = UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE | UIDNA_CHECK_BIDI
                     | UIDNA_CHECK_CONTEXTJ;
    cotk_uts46 = uidna_openUTS46(options, &cotk_uts46_status);
}

static int32_t cotk_idna_convert(int toASCII, const uint16_t *name, int32_t length, uint16_t *dest, int32_t capacity,
                                 uint32_t *idnaErrors, int32_t *err) {
    pthread_once(&cotk_uts46_once, cotk_uts46_open);
    if (U_FAILURE(cotk_uts46_status) || cotk_uts46 == NULL) {
        *err = cotk_uts46_status == U_ZERO_ERROR ? U_INTERNAL_PROGRAM_ERROR : cotk_uts46_status;
        *idnaErrors = 0;
        return 0;
    }
    UErrorCode status = U_ZERO_ERROR;
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    int32_t needed = toASCII
        ? uidna_nameToASCII(cotk_uts46, (const UChar *)name, length, (UChar *)dest, capacity, &info, &status)
        : uidna_nameToUnicode(cotk_uts46, (const UChar *)name, length, (UChar *)dest, capacity, &info, &status);
    *err = status;
    *idnaErrors = info.errors;
    return needed;
}

int32_t cotk_idna_to_ascii(const uint16_t *name, int32_t length, uint16_t *dest, int32_t capacity,
                           uint32_t *idnaErrors, int32_t *err) {
    return cotk_idna_convert(1, name, length, dest, capacity, idnaErrors, err);
}

int32_t cotk_idna_to_unicode(const uint16_t *name, int32_t length, uint16_t *dest, int32_t capacity,
                             uint32_t *idnaErrors, int32_t *err) {
    return cotk_idna_convert(0, name, length, dest, capacity, idnaErrors, err);
}
