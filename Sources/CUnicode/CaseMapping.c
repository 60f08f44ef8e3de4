/* Case mapping and word boundaries for CSS text-transform (ICU). */
#include "CUnicode.h"

#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/ustring.h>

int32_t tsu_case_map(const uint16_t *text, int32_t length, const char *locale, int32_t upper,
                     uint16_t *out, int32_t capacity) {
    if (length < 0 || capacity < 0) return -1;
    UErrorCode err = U_ZERO_ERROR;
    int32_t n = upper
        ? u_strToUpper((UChar *)out, capacity, (const UChar *)text, length, locale, &err)
        : u_strToLower((UChar *)out, capacity, (const UChar *)text, length, locale, &err);
    if (err == U_BUFFER_OVERFLOW_ERROR || err == U_STRING_NOT_TERMINATED_WARNING) return n;
    return U_FAILURE(err) ? -1 : n;
}

uint32_t tsu_totitle(uint32_t codepoint) {
    return (uint32_t)u_totitle((UChar32)codepoint);
}

int32_t tsu_word_boundaries(const uint16_t *text, int32_t length, uint8_t *starts) {
    if (length < 0) return -1;
    for (int32_t i = 0; i <= length; i++) starts[i] = 0;
    if (length == 0) return 0;
    UErrorCode err = U_ZERO_ERROR;
    /* Opened per call: only capitalized text asks. */
    UBreakIterator *it = ubrk_open(UBRK_WORD, "", (const UChar *)text, length, &err);
    if (U_FAILURE(err)) return -1;
    for (int32_t b = ubrk_first(it); b != UBRK_DONE; b = ubrk_next(it)) {
        if (b >= 0 && b <= length) starts[b] = 1;
    }
    ubrk_close(it);
    return 0;
}
