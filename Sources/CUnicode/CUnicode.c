// Thin wrappers over ICU4C; see include/CUnicode.h.
#include "CUnicode.h"

#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/uversion.h>
#include <unicode/unorm2.h>

// A few cached line iterators per thread, keyed by their full ICU locale ID
// ("ja@lb=strict", "@lb=normal;lw=keepall"); reset with ubrk_setText per call.
// Iterators are never shared between threads (ICU forbids it).
#define TSU_LINE_SLOTS 4
#define TSU_LOCALE_MAX 64
static _Thread_local UBreakIterator *line_iters[TSU_LINE_SLOTS];
static _Thread_local char line_locales[TSU_LINE_SLOTS][TSU_LOCALE_MAX];
static _Thread_local unsigned line_next_slot;
static _Thread_local UBreakIterator *grapheme_iter;
static _Thread_local UBreakIterator *word_iter;
static _Thread_local UBiDi *bidi;

// The per-thread ICU objects above are closed when their thread exits: the
// first one a thread opens registers it with a pthread key whose destructor
// closes them all (a thread-per-request server would otherwise leak them).
static pthread_key_t exit_key;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;
static _Thread_local int exit_registered;
static atomic_long open_objects;

static void close_thread_objects(void *unused) {
    (void)unused;
    for (int i = 0; i < TSU_LINE_SLOTS; i++)
        if (line_iters[i]) { ubrk_close(line_iters[i]); line_iters[i] = NULL; atomic_fetch_sub(&open_objects, 1); }
    if (grapheme_iter) { ubrk_close(grapheme_iter); grapheme_iter = NULL; atomic_fetch_sub(&open_objects, 1); }
    if (word_iter) { ubrk_close(word_iter); word_iter = NULL; atomic_fetch_sub(&open_objects, 1); }
    if (bidi) { ubidi_close(bidi); bidi = NULL; atomic_fetch_sub(&open_objects, 1); }
}

static void make_exit_key(void) { pthread_key_create(&exit_key, close_thread_objects); }

// Counts an object this thread opened, and makes sure it is closed at exit.
static void opened_thread_object(void) {
    atomic_fetch_add(&open_objects, 1);
    if (exit_registered) return;
    pthread_once(&exit_key_once, make_exit_key);
    // Any non-NULL value: the destructor runs only for threads that set one.
    if (pthread_setspecific(exit_key, (void *)1) == 0) exit_registered = 1;
}

long tsu_open_thread_objects(void) { return atomic_load(&open_objects); }

static UBreakIterator *line_iterator(const char *locale) {
    if (locale == NULL) locale = "";
    if (strnlen(locale, TSU_LOCALE_MAX) >= TSU_LOCALE_MAX) return NULL;
    for (int i = 0; i < TSU_LINE_SLOTS; i++)
        if (line_iters[i] && strcmp(line_locales[i], locale) == 0) return line_iters[i];
    unsigned slot = line_next_slot++ % TSU_LINE_SLOTS;
    if (line_iters[slot]) { ubrk_close(line_iters[slot]); line_iters[slot] = NULL; atomic_fetch_sub(&open_objects, 1); }
    UErrorCode err = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_LINE, locale, NULL, 0, &err);
    if (U_FAILURE(err)) return NULL;
    line_iters[slot] = it;
    opened_thread_object();
    strcpy(line_locales[slot], locale);
    return it;
}

int32_t tsu_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                        int32_t *out, int32_t capacity) {
    if (length <= 0) return 0;
    UBreakIterator *it = line_iterator(locale);
    if (!it) return -1;
    UErrorCode err = U_ZERO_ERROR;
    ubrk_setText(it, (const UChar *)text, length, &err);
    if (U_FAILURE(err)) return -1;
    int32_t count = 0;
    ubrk_first(it);
    for (int32_t pos = ubrk_next(it); pos != UBRK_DONE && count < capacity; pos = ubrk_next(it)) {
        int32_t status = ubrk_getRuleStatus(it);
        out[count++] = (status >= UBRK_LINE_HARD && status < UBRK_LINE_HARD_LIMIT) ? -pos : pos;
    }
    // Release the caller's buffer: the iterator must not keep a dangling pointer.
    ubrk_setText(it, NULL, 0, &err);
    return count;
}

int32_t tsu_grapheme_breaks(const uint16_t *text, int32_t length,
                            int32_t *out, int32_t capacity) {
    if (length <= 0) return 0;
    UErrorCode err = U_ZERO_ERROR;
    if (!grapheme_iter) {
        grapheme_iter = ubrk_open(UBRK_CHARACTER, "", NULL, 0, &err);
        if (U_FAILURE(err)) { grapheme_iter = NULL; return -1; }
        opened_thread_object();
    }
    ubrk_setText(grapheme_iter, (const UChar *)text, length, &err);
    if (U_FAILURE(err)) return -1;
    int32_t count = 0;
    ubrk_first(grapheme_iter);
    for (int32_t pos = ubrk_next(grapheme_iter); pos != UBRK_DONE && count < capacity;
         pos = ubrk_next(grapheme_iter))
        out[count++] = pos;
    ubrk_setText(grapheme_iter, NULL, 0, &err);
    return count;
}

// U+0020–U+007E: a character the grapheme rules call Other and the pair
// classes know one by one, neither a control nor a line feed.
static inline int is_printable_ascii(UChar32 c) { return c >= 0x20 && c <= 0x7E; }

// The scalar at `i` and its length in units (a lone surrogate is itself, one unit).
static inline UChar32 scalar_at(const uint16_t *text, int32_t i, int32_t length, int32_t *len) {
    UChar32 c = text[i];
    if (U16_IS_LEAD(c) && i + 1 < length && U16_IS_TRAIL(text[i + 1])) {
        *len = 2;
        return U16_GET_SUPPLEMENTARY(c, text[i + 1]);
    }
    *len = 1;
    return c;
}

// The Grapheme_Cluster_Break property: fixed below U+0300 (controls, CR,
// LF, the soft hyphen; every other character there is Other), ICU's above.
static int32_t grapheme_class_uncached(UChar32 c) {
    if (c < 0x300) {
        if (c == 0x0D) return U_GCB_CR;
        if (c == 0x0A) return U_GCB_LF;
        return (c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0xAD) ? U_GCB_CONTROL : U_GCB_OTHER;
    }
    int32_t g = u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK);
    // Emoji modifiers are Extend since Unicode 11; the old emoji classes are kept for no character.
    if (g == U_GCB_E_MODIFIER) return U_GCB_EXTEND;
    if (g == U_GCB_E_BASE || g == U_GCB_E_BASE_GAZ || g == U_GCB_GLUE_AFTER_ZWJ) return U_GCB_OTHER;
    return g;
}

// ICU 72's tailoring of UAX #29 (later GB9c): in Devanagari, Bengali,
// Gujarati, Oriya, Telugu and Malayalam a consonant, a virama (with marks
// and joiners about it) and a consonant stay one cluster. The class of a
// scalar for it: 2 virama, 1 consonant, 0 neither.
static int indic_class_uncached(UChar32 c) {
    if (!((c >= 0x900 && c < 0xD80) || (c >= 0xA8E0 && c < 0xA900) || (c >= 0x11B00 && c < 0x11B60))) return 0;
    UErrorCode err = U_ZERO_ERROR;
    UScriptCode sc = uscript_getScript(c, &err);
    if (sc != USCRIPT_DEVANAGARI && sc != USCRIPT_BENGALI && sc != USCRIPT_GUJARATI && sc != USCRIPT_ORIYA
        && sc != USCRIPT_TELUGU && sc != USCRIPT_MALAYALAM) return 0;
    int32_t insc = u_getIntPropertyValue(c, UCHAR_INDIC_SYLLABIC_CATEGORY);
    return insc == U_INSC_VIRAMA ? 2 : insc == U_INSC_CONSONANT ? 1 : 0;
}

// What the grapheme rules ask of a scalar, in a byte: its class (bits
// 0–4), its Indic class (bits 5–6) and whether it is a mark of non-zero
// combining class (bit 7).
static uint8_t grapheme_byte_uncached(UChar32 c) {
    return (uint8_t)(grapheme_class_uncached(c) | (indic_class_uncached(c) << 5)
                     | (c >= 0x300 && u_getCombiningClass(c) != 0 ? 0x80 : 0));
}

// The bytes of the whole BMP, made once per process (64 KB: a table
// lookup per unit instead of ICU's property lookups).
static uint8_t bmp_grapheme_bytes[0x10000];
static pthread_once_t bmp_grapheme_once = PTHREAD_ONCE_INIT;

static void make_bmp_grapheme_bytes(void) {
    for (UChar32 c = 0; c < 0x10000; c++) bmp_grapheme_bytes[c] = grapheme_byte_uncached(c);
}

void tsu_grapheme_starts(const uint16_t *text, int32_t length, uint8_t *starts) {
    if (length <= 0) { if (length == 0) starts[0] = 1; return; }
    pthread_once(&bmp_grapheme_once, make_bmp_grapheme_bytes);
    const uint8_t *bytes = bmp_grapheme_bytes;
    int32_t prev = -1;            // the class of the scalar before
    int32_t regional = 0;         // regional indicators in a row, ending with the one before
    UChar32 base = -1;            // the last scalar before a run of Extend (for GB11)
    int pictographicJoiner = 0;   // the scalar before is a ZWJ after Extended_Pictographic Extend*
    int conjunct = 0;             // after a linking consonant (1), and a virama after it (2), marks about them
    for (int32_t i = 0; i < length;) {
        if (prev == U_GCB_OTHER && !pictographicJoiner && is_printable_ascii(text[i])) {
            // A run of printable ASCII after an Other (no joiner before):
            // each character Other after Other, a break before each (GB999).
            int32_t end = i;
            while (end < length && is_printable_ascii(text[end])) starts[end++] = 1;
            base = text[end - 1];
            conjunct = 0;
            regional = 0;
            i = end;
            continue;
        }
        int32_t len;
        UChar32 c = scalar_at(text, i, length, &len);
        uint8_t b = len == 2 ? grapheme_byte_uncached(c) : bytes[c];
        if (b == U_GCB_OTHER && prev == U_GCB_OTHER && !pictographicJoiner) {
            // Other after Other, no joiner before: a break (GB999), and nothing carried on.
            starts[i] = 1;
            if (len == 2) starts[i + 1] = 0;
            base = c;
            conjunct = 0;
            regional = 0;
            i += len;
            // And so for each BMP Other after it (ideographs, kana, letters), in a tighter loop.
            uint16_t u;
            while (i < length && (u = text[i]) >= 0x80 && (u < 0xD800 || u > 0xDFFF) && bytes[u] == U_GCB_OTHER) {
                starts[i++] = 1;
                base = u;
            }
            continue;
        }
        int32_t g = b & 0x1F;
        int indic = (b >> 5) & 3;
        int brk;
        if (prev < 0) brk = 1;                                                          // GB1
        else if (prev == U_GCB_CR && g == U_GCB_LF) brk = 0;                            // GB3
        else if (prev == U_GCB_CONTROL || prev == U_GCB_CR || prev == U_GCB_LF) brk = 1; // GB4
        else if (g == U_GCB_CONTROL || g == U_GCB_CR || g == U_GCB_LF) brk = 1;         // GB5
        else if (prev == U_GCB_L && (g == U_GCB_L || g == U_GCB_V || g == U_GCB_LV || g == U_GCB_LVT)) brk = 0; // GB6
        else if ((prev == U_GCB_LV || prev == U_GCB_V) && (g == U_GCB_V || g == U_GCB_T)) brk = 0;          // GB7
        else if ((prev == U_GCB_LVT || prev == U_GCB_T) && g == U_GCB_T) brk = 0;       // GB8
        else if (g == U_GCB_EXTEND || g == U_GCB_ZWJ || g == U_GCB_SPACING_MARK) brk = 0; // GB9, GB9a
        else if (prev == U_GCB_PREPEND) brk = 0;                                        // GB9b
        else if (conjunct == 2 && indic == 1) brk = 0;                                  // ICU's Indic conjuncts
        else if (pictographicJoiner && u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC)) brk = 0; // GB11
        else if (prev == U_GCB_REGIONAL_INDICATOR && g == U_GCB_REGIONAL_INDICATOR) brk = (regional & 1) == 0; // GB12, GB13
        else brk = 1;                                                                   // GB999
        starts[i] = (uint8_t)brk;
        if (len == 2) starts[i + 1] = 0;
        pictographicJoiner = g == U_GCB_ZWJ && base >= 0 && u_hasBinaryProperty(base, UCHAR_EXTENDED_PICTOGRAPHIC);
        if (g != U_GCB_EXTEND) base = c;
        if (indic == 1) conjunct = 1;
        else if (conjunct && indic == 2) conjunct = 2;
        else if (conjunct && !(g == U_GCB_ZWJ || (g == U_GCB_EXTEND && (b & 0x80)))) conjunct = 0;
        regional = g == U_GCB_REGIONAL_INDICATOR ? regional + 1 : 0;
        prev = g;
        i += len;
    }
    starts[length] = 1;
}

// ---- Line breaks by class pairs ----
//
// Between two characters that are not spaces, ICU's line break rules
// decide from the pair alone for most of what posts are made of (UAX #14's
// pair rules; the rules that look further — numbers (LB25), combining
// marks (LB9, LB10), joiners, regional indicators, Hebrew hyphens,
// dictionaries — are the exceptions, declined or followed below). So a
// pair's answer is asked of ICU once per locale ID, with two
// representatives, and kept: a table per locale ID of pair classes.
//
// A pair class is a character's own (ASCII, and each punctuation mark,
// symbol and kana that is not an ideograph, one by one, since ICU's
// strictness tailorings name such characters singly) or a group whose
// members ICU's rules never tell apart: the letters of class AL below
// U+2000, the ideographs, kana and pictographs of class ID, the emoji
// bases (EB) and modifiers (EM). 0 is a character outside every class
// (the text is left to ICU's iterator).
enum {
    PAIR_NONE = 0,            // not handled: the whole text goes to ICU
    PAIR_ASCII_LAST = 94,     // 1–94: U+0021–U+007E
    PAIR_SPACE = 95,          // space, tab, line feed: the caller breaks after them, never before
    PAIR_LETTER = 96,         // AL letters below U+2000
    PAIR_IDEOGRAPH = 97,      // ID: Han, kana letters, pictographs
    PAIR_EMOJI_BASE = 98,     // EB
    PAIR_EMOJI_MODIFIER = 99, // EM
    PAIR_MARK = 100,          // CM: attaches to what it follows (LB9), a letter after a space (LB10)
    PAIR_JOINER = 101,        // ZWJ: the same, and no break after it (LB8a)
    PAIR_PICTOGRAPH = 102,    // AL pictographs (💯 ✅ ✨ ⭐)
    PAIR_AMBIGUOUS_PICTOGRAPH = 103, // AI pictographs (♀ ♂ ™)
    PAIR_REGIONAL = 104,      // regional indicators: pairs of them are flags (LB30a, followed below)
    PAIR_FIRST_SINGLE = 105,  // each character of the ranges below: its own class
    PAIR_CLASSES = 448,
};

// The roles of UAX #14's LB25 (numbers), whose pairs depend on what is
// around them: a pair of these roles is declined.
enum { ROLE_PREFIX = 1, ROLE_OPEN = 2, ROLE_NUMBER = 4, ROLE_INFIX = 8, ROLE_CLOSE = 16 };
// And of LB20a (a hyphen first in a word): the hyphens, and what a word
// starts after; and the hyphens `lb=loose` lets a line break before after
// ideographs, which ICU's loose rules decide by more than a pair too.
enum { ROLE_HYPHEN = 32, ROLE_WORD_START = 64, ROLE_LOOSE_HYPHEN = 128 };
// Quotation marks: a language's tailoring may make them opening and
// closing punctuation (Chinese does), for LB25 too; under a locale ID with
// a language, they take both roles.
#define ROLE_QUOTE_AS_PUNCTUATION (ROLE_OPEN | ROLE_CLOSE)

static uint16_t bmp_pair_classes[0x10000];
static UChar32 pair_representative[PAIR_CLASSES];
static uint8_t pair_roles[PAIR_CLASSES];
static uint8_t pair_is_quote[PAIR_CLASSES];
static pthread_once_t pair_classes_once = PTHREAD_ONCE_INIT;

static uint8_t pair_role(UChar32 c) {
    int32_t lb = u_getIntPropertyValue(c, UCHAR_LINE_BREAK);
    if (lb == U_LB_HYPHEN || c == 0x2010) return ROLE_HYPHEN | ROLE_LOOSE_HYPHEN | (lb == U_LB_HYPHEN ? ROLE_OPEN : 0);
    if (c == 0x2013) return ROLE_LOOSE_HYPHEN;
    if (lb == U_LB_GLUE) return ROLE_WORD_START;
    switch (lb) {
    case U_LB_PREFIX_NUMERIC: case U_LB_POSTFIX_NUMERIC: return ROLE_PREFIX;
    case U_LB_OPEN_PUNCTUATION: return ROLE_OPEN;
    case U_LB_NUMERIC: return ROLE_NUMBER;
    case U_LB_BREAK_SYMBOLS: case U_LB_INFIX_NUMERIC: return ROLE_INFIX;
    case U_LB_CLOSE_PUNCTUATION: case U_LB_CLOSE_PARENTHESIS: return ROLE_CLOSE;
    default: return 0;
    }
}

// The group of a character outside ASCII and the single ranges, or PAIR_NONE.
static int pair_group(UChar32 c) {
    int32_t lb = u_getIntPropertyValue(c, UCHAR_LINE_BREAK);
    int8_t gc = u_charType(c);
    if (gc == U_UNASSIGNED) return PAIR_NONE;
    if (lb == U_LB_COMBINING_MARK) return PAIR_MARK;
    if (lb == U_LB_ZWJ) return PAIR_JOINER;
    if (lb == U_LB_ALPHABETIC && c < 0x2000 && gc >= U_UPPERCASE_LETTER && gc <= U_OTHER_LETTER) return PAIR_LETTER;
    if (lb == U_LB_IDEOGRAPHIC && ((c >= 0x3041 && c <= 0x30FF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF)
                                   || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x3FFFF)
                                   || (c >= 0x1F000 && c <= 0x1FAFF) || (c >= 0x2600 && c <= 0x27BF)))
        return PAIR_IDEOGRAPH;
    if ((lb == U_LB_ALPHABETIC || lb == U_LB_AMBIGUOUS) && u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC))
        return lb == U_LB_ALPHABETIC ? PAIR_PICTOGRAPH : PAIR_AMBIGUOUS_PICTOGRAPH;
    if (lb == U_LB_REGIONAL_INDICATOR) return PAIR_REGIONAL;
    if (lb == U_LB_E_BASE) return PAIR_EMOJI_BASE;
    if (lb == U_LB_E_MODIFIER) return PAIR_EMOJI_MODIFIER;
    return PAIR_NONE;
}

// Whether a character of the single ranges gets its own class: not one of
// the classes whose rules look beyond a pair or break lines by force.
static int is_single_class(int32_t lb) {
    switch (lb) {
    case U_LB_MANDATORY_BREAK: case U_LB_CARRIAGE_RETURN: case U_LB_LINE_FEED: case U_LB_NEXT_LINE:
    case U_LB_SPACE: case U_LB_ZWSPACE: case U_LB_WORD_JOINER: case U_LB_CONTINGENT_BREAK:
    case U_LB_COMBINING_MARK: case U_LB_ZWJ: case U_LB_COMPLEX_CONTEXT: case U_LB_SURROGATE:
    case U_LB_HEBREW_LETTER: case U_LB_REGIONAL_INDICATOR: case U_LB_UNKNOWN:
    case U_LB_H2: case U_LB_H3: case U_LB_JL: case U_LB_JT: case U_LB_JV:
        return 0;
    default:
        return 1;
    }
}

static void make_pair_classes(void) {
    for (UChar32 c = 0x21; c <= 0x7E; c++) {
        bmp_pair_classes[c] = (uint16_t)(c - 0x20);
        pair_representative[c - 0x20] = c;
        pair_roles[c - 0x20] = pair_role(c);
        pair_is_quote[c - 0x20] = u_getIntPropertyValue(c, UCHAR_LINE_BREAK) == U_LB_QUOTATION;
    }
    bmp_pair_classes[0x20] = bmp_pair_classes[0x09] = bmp_pair_classes[0x0A] = PAIR_SPACE;
    pair_roles[PAIR_SPACE] = ROLE_WORD_START;
    pair_representative[PAIR_LETTER] = 0xE9;
    pair_representative[PAIR_IDEOGRAPH] = 0x4E00;
    pair_representative[PAIR_EMOJI_BASE] = 0x1F44D;
    pair_representative[PAIR_EMOJI_MODIFIER] = 0x1F3FB;
    pair_representative[PAIR_PICTOGRAPH] = 0x2705;
    pair_representative[PAIR_AMBIGUOUS_PICTOGRAPH] = 0x2640;
    pair_representative[PAIR_REGIONAL] = 0x1F1FA;
    // Punctuation, symbols and signs of Latin-1, Arabic, Devanagari, General
    // Punctuation, currency, CJK, kana and fullwidth forms: one class each.
    static const UChar32 singles[][2] = {
        {0x00A0, 0x00BF}, {0x00D7, 0x00D7}, {0x00F7, 0x00F7}, {0x060C, 0x060C}, {0x061B, 0x061B},
        {0x061F, 0x061F}, {0x066A, 0x066D}, {0x06D4, 0x06D4}, {0x0964, 0x0965}, {0x2010, 0x2027},
        {0x202F, 0x203E}, {0x2047, 0x2049}, {0x20AC, 0x20AC}, {0x2116, 0x2116}, {0x2122, 0x2122},
        {0x3000, 0x303F}, {0x3041, 0x30FF}, {0x31F0, 0x31FF}, {0xFF01, 0xFF20}, {0xFF3B, 0xFF40},
        {0xFF5B, 0xFF65}, {0xFFE0, 0xFFE6},
    };
    int next = PAIR_FIRST_SINGLE;
    for (size_t r = 0; r < sizeof singles / sizeof singles[0]; r++) {
        for (UChar32 c = singles[r][0]; c <= singles[r][1]; c++) {
            if (u_charType(c) == U_UNASSIGNED) continue;
            int32_t lb = u_getIntPropertyValue(c, UCHAR_LINE_BREAK);
            int group = pair_group(c);
            if (group != PAIR_NONE || !is_single_class(lb) || next >= PAIR_CLASSES) continue;
            bmp_pair_classes[c] = (uint16_t)next;
            pair_representative[next] = c;
            pair_roles[next] = pair_role(c);
            pair_is_quote[next] = lb == U_LB_QUOTATION;
            next++;
        }
    }
    for (UChar32 c = 0x80; c < 0x10000; c++) {
        if (bmp_pair_classes[c] != PAIR_NONE || (c >= 0xD800 && c <= 0xDFFF)) continue;
        bmp_pair_classes[c] = (uint16_t)pair_group(c);
    }
}

// A locale ID's table: per pair of classes, two bits: 0 not asked yet, 1 a
// break, 2 none, 3 a break the rules that look beyond a pair may decline (33 KB,
// made when the locale ID is first seen).
#define PAIR_LOCALES 64
static struct { char locale[TSU_LOCALE_MAX]; _Atomic(_Atomic uint8_t *) answers; } pair_tables[PAIR_LOCALES];
static _Atomic int pair_table_count;
static pthread_mutex_t pair_tables_lock = PTHREAD_MUTEX_INITIALIZER;

static _Atomic uint8_t *pair_answers(const char *locale) {
    int count = atomic_load_explicit(&pair_table_count, memory_order_acquire);
    for (int i = 0; i < count; i++)
        if (strcmp(pair_tables[i].locale, locale) == 0) return atomic_load_explicit(&pair_tables[i].answers, memory_order_acquire);
    _Atomic uint8_t *answers = NULL;
    pthread_mutex_lock(&pair_tables_lock);
    count = atomic_load_explicit(&pair_table_count, memory_order_relaxed);
    for (int i = 0; i < count && !answers; i++)
        if (strcmp(pair_tables[i].locale, locale) == 0) answers = atomic_load_explicit(&pair_tables[i].answers, memory_order_relaxed);
    if (!answers && count < PAIR_LOCALES && strlen(locale) < TSU_LOCALE_MAX) {
        answers = calloc((size_t)PAIR_CLASSES * PAIR_CLASSES / 4, 1);
        if (answers) {
            strcpy(pair_tables[count].locale, locale);
            atomic_store_explicit(&pair_tables[count].answers, answers, memory_order_relaxed);
            atomic_store_explicit(&pair_table_count, count + 1, memory_order_release);
        }
    }
    pthread_mutex_unlock(&pair_tables_lock);
    return answers;
}

static int32_t append_utf16(UChar *buffer, int32_t at, UChar32 c) {
    if (c < 0x10000) { buffer[at] = (UChar)c; return at + 1; }
    buffer[at] = U16_LEAD(c);
    buffer[at + 1] = U16_TRAIL(c);
    return at + 2;
}

// ICU's answer for two representatives in a row: 1 a break between them, 2 none, 0 on an error.
static uint8_t ask_pair(const char *locale, int a, int b) {
    UBreakIterator *it = line_iterator(locale);
    if (!it) return 0;
    // After a letter: a hyphen first in a word (after the start, a space or
    // a glue) keeps to a letter after it (UAX #14 15.1's LB20a, which ICU
    // 72 already has); the scan declines those, and asks about the others.
    UChar text[5] = {'a'};
    int32_t at = append_utf16(text, 1, pair_representative[a]);
    int32_t length = append_utf16(text, at, pair_representative[b]);
    UErrorCode err = U_ZERO_ERROR;
    ubrk_setText(it, text, length, &err);
    if (U_FAILURE(err)) return 0;
    UBool boundary = ubrk_isBoundary(it, at);
    ubrk_setText(it, NULL, 0, &err);
    return boundary ? 1 : 2;
}

static inline int needs_pair_answer(uint16_t u) { return u > 0x7F && u != 0xA0; }

// A class's roles under a locale ID (quotes take punctuation's under a tailored one).
static inline uint8_t pair_roles_in(int c, int tailored) {
    return (uint8_t)(pair_roles[c] | (tailored && pair_is_quote[c] ? ROLE_QUOTE_AS_PUNCTUATION : 0));
}

// LB25: a break between roles of a number the pair alone cannot allow.
static inline int pair_declines_number(uint8_t ra, uint8_t rb) {
    return ((ra & ROLE_PREFIX) && (rb & (ROLE_OPEN | ROLE_NUMBER))) || ((ra & ROLE_OPEN) && (rb & ROLE_NUMBER))
        || ((ra & (ROLE_NUMBER | ROLE_INFIX)) && (rb & (ROLE_NUMBER | ROLE_INFIX | ROLE_CLOSE | ROLE_PREFIX)))
        || ((ra & ROLE_CLOSE) && (rb & ROLE_PREFIX));
}

// Whether ICU's break between classes a and b may be declined by the rules
// that look beyond a pair (numbers, a hyphen first in a word, loose hyphens):
// decided by the pair and the locale ID alone, so kept in its table.
static int pair_may_decline(int a, int b, int tailored, int loose) {
    uint8_t ra = pair_roles_in(a, tailored), rb = pair_roles_in(b, tailored);
    return pair_declines_number(ra, rb) || (ra & ROLE_HYPHEN) || (loose && ((ra | rb) & ROLE_LOOSE_HYPHEN));
}


int32_t tsu_line_breaks_by_pairs(const uint16_t *text, int32_t length, const char *locale, uint8_t *flags) {
    if (length <= 0) return 1;
    if (locale == NULL) locale = "";
    pthread_once(&pair_classes_once, make_pair_classes);
    _Atomic uint8_t *answers = NULL;
    int loose = strstr(locale, "lb=loose") != NULL, tailored = locale[0] != '@' && locale[0] != 0;
    memset(flags, 0, (size_t)length + 1);
    int last = -1;          // the class the next pair starts with (a mark takes the one before it)
    int wordStart = 1;      // whether the character before `last` is one a word starts after (or none)
    int afterJoiner = 0;
    int regional = 0;       // regional indicators in a row before this character
    for (int32_t i = 0; i < length;) {
        int32_t len;
        UChar32 c = scalar_at(text, i, length, &len);
        int cls = len == 2 ? pair_group(c) : bmp_pair_classes[c];
        if (cls == PAIR_NONE) return 0;
        if (cls == PAIR_MARK || cls == PAIR_JOINER) {
            int joiner = cls == PAIR_JOINER;
            // (A mark after a joiner, or after a tab (class BA, which a mark
            // attaches to, unlike a space's), is left to ICU.)
            if (afterJoiner || (i > 0 && text[i - 1] == 0x09) || last == PAIR_REGIONAL) return 0;
            if (last >= 0 && last != PAIR_SPACE) {
                // LB9: no break before it; the pair after it starts with the class before it.
                afterJoiner = joiner;
                i += len;
                continue;
            }
            cls = PAIR_LETTER;  // LB10: at the start or after a space, a letter
            if (joiner) {
                afterJoiner = 1;
                wordStart = last < 0 || (pair_roles[last] & ROLE_WORD_START) != 0;
                last = cls;
                i += len;
                continue;
            }
        }
        if (i > 0 && last == PAIR_SPACE && text[i - 1] == 0x0A) {
            flags[i] = 3;  // after a line feed: forced (ICU's LB5)
        } else if (i > 0 && last != PAIR_SPACE && cls != PAIR_SPACE && !afterJoiner
                   && (needs_pair_answer(text[i - 1]) || needs_pair_answer(text[i]))) {
            if (last == PAIR_REGIONAL && cls == PAIR_REGIONAL) {
                // LB30a: regional indicators pair up from the first of a run.
                flags[i] = (regional & 1) == 0;
            } else {
                if (!answers && !(answers = pair_answers(locale))) return 0;
                int32_t pair = last * PAIR_CLASSES + cls, shift = (pair & 3) * 2;
                _Atomic uint8_t *slot = &answers[pair >> 2];
                uint8_t answer = (atomic_load_explicit(slot, memory_order_relaxed) >> shift) & 3;
                if (answer == 0) {
                    // (Every thread that asks gets the same answer: setting its bits twice is harmless.)
                    if (!(answer = ask_pair(locale, last, cls))) return 0;
                    // A break the rules below may decline is kept as 3, so that a
                    // break between any other pair (most of CJK text) skips them.
                    if (answer == 1 && pair_may_decline(last, cls, tailored, loose)) answer = 3;
                    atomic_fetch_or_explicit(slot, (uint8_t)(answer << shift), memory_order_relaxed);
                }
                if (answer == 3) {
                    // The rules that look beyond a pair only keep characters
                    // together: a break between the two alone is declined
                    // where one of them might hold.
                    uint8_t ra = pair_roles_in(last, tailored), rb = pair_roles_in(cls, tailored);
                    if (pair_declines_number(ra, rb)) return 0;  // LB25: numbers
                    if ((ra & ROLE_HYPHEN) && wordStart) return 0;  // LB20a: a hyphen first in a word
                    if (loose && ((ra | rb) & ROLE_LOOSE_HYPHEN)) return 0;  // loose hyphens after ideographs
                }
                flags[i] = answer != 2;
            }
        }
        afterJoiner = 0;
        regional = cls == PAIR_REGIONAL ? regional + 1 : 0;
        wordStart = last < 0 || (pair_roles[last] & ROLE_WORD_START) != 0;
        last = cls;
        i += len;
        if (is_printable_ascii(c) && i < length && is_printable_ascii(text[i])) {
            // Printable ASCII after printable ASCII (no line feed before it,
            // no pair to read, no mark, no joiner): only the classes move
            // on, to those of the run's last two characters.
            int32_t end = i + 1;
            while (end < length && is_printable_ascii(text[end])) end++;
            int before = end - 2 >= i ? bmp_pair_classes[text[end - 2]] : last;
            wordStart = (pair_roles[before] & ROLE_WORD_START) != 0;
            last = bmp_pair_classes[text[end - 1]];
            regional = 0;
            i = end;
        }
    }
    flags[length] = 3;
    return 1;
}

int32_t tsu_word_bounds(const uint16_t *text, int32_t length, int32_t offset,
                        int32_t *start, int32_t *end) {
    if (length <= 0) { *start = *end = 0; return 0; }
    UErrorCode err = U_ZERO_ERROR;
    if (!word_iter) {
        word_iter = ubrk_open(UBRK_WORD, "", NULL, 0, &err);
        if (U_FAILURE(err)) { word_iter = NULL; return -1; }
        opened_thread_object();
    }
    ubrk_setText(word_iter, (const UChar *)text, length, &err);
    if (U_FAILURE(err)) return -1;
    if (offset < 0) offset = 0;
    if (offset > length) offset = length;
    /* The word that contains `offset`, or at the text's end the last one. */
    int32_t e = offset < length ? ubrk_following(word_iter, offset) : length;
    int32_t s = ubrk_preceding(word_iter, e);
    *start = s == UBRK_DONE ? 0 : s;
    *end = e == UBRK_DONE ? length : e;
    int32_t status = ubrk_getRuleStatus(word_iter);
    ubrk_setText(word_iter, NULL, 0, &err);
    return status >= UBRK_WORD_NONE_LIMIT ? 1 : 0;
}

/* Whether a UTF-16 unit is a bidi paragraph separator (class B). */
static int is_paragraph_separator(uint16_t u) {
    return u == 0x0A || u == 0x0D || (u >= 0x1C && u <= 0x1E) || u == 0x85 || u == 0x2029;
}

/* Levels of one run of text (one or more paragraphs) into `levels`; returns
   the first paragraph's level, or -1. */
static int32_t bidi_levels_of(const uint16_t *text, int32_t length, UBiDiLevel level, uint8_t *levels) {
    UErrorCode err = U_ZERO_ERROR;
    ubidi_setPara(bidi, (const UChar *)text, length, level, NULL, &err);
    if (U_FAILURE(err)) return -1;
    const UBiDiLevel *resolved = ubidi_getLevels(bidi, &err);
    if (U_FAILURE(err)) return -1;
    memcpy(levels, resolved, (size_t)length);
    return ubidi_getParaLevel(bidi);
}

int32_t tsu_bidi_levels(const uint16_t *text, int32_t length, uint8_t paragraph_level,
                        uint8_t *levels) {
    if (length <= 0) return paragraph_level == 1 ? 1 : 0;
    UErrorCode err = U_ZERO_ERROR;
    if (!bidi) {
        bidi = ubidi_open();
        if (!bidi) return -1;
        opened_thread_object();
    }
    int32_t para;
    if (paragraph_level != 0xFE) {
        para = bidi_levels_of(text, length, paragraph_level, levels);
    } else {
        /* Each paragraph finds its own level from its first strong character.
           ICU does that too for a text of many paragraphs, but looks up each
           character's paragraph from the first one (ubidi_getParaLevelAtIndex):
           quadratic in the paragraph count (100,000 pre-wrap lines). So each
           paragraph, separator included (CR LF together), is resolved alone. */
        para = -1;
        int32_t start = 0;
        while (start < length) {
            int32_t end = start;
            while (end < length && !is_paragraph_separator(text[end])) end++;
            if (end < length) end += (text[end] == 0x0D && end + 1 < length && text[end + 1] == 0x0A) ? 2 : 1;
            int32_t level = bidi_levels_of(text + start, end - start, UBIDI_DEFAULT_LTR, levels + start);
            if (level < 0) { para = -1; break; }
            if (start == 0) para = level;
            start = end;
        }
    }
    // Drop the reference to the caller's text.
    ubidi_setPara(bidi, (const UChar *)u"", 0, 0, NULL, &err);
    return para;
}

void tsu_reorder_visual(const uint8_t *levels, int32_t count, int32_t *visual_to_logical) {
    ubidi_reorderVisual(levels, count, visual_to_logical);
}

int32_t tsu_script(uint32_t codepoint) {
    UErrorCode err = U_ZERO_ERROR;
    UScriptCode s = uscript_getScript((UChar32)codepoint, &err);
    return U_FAILURE(err) ? -1 : (int32_t)s;
}

// The script and bidi paired-bracket type of every BMP character, made
// once per process (128 KB): bits 0–8 the script code (ICU's are below
// 512), bits 9–10 the bracket type, 0x1FF for an ICU error.
static uint16_t bmp_script_brackets[0x10000];
static pthread_once_t bmp_script_brackets_once = PTHREAD_ONCE_INIT;

static void make_bmp_script_brackets(void) {
    for (UChar32 c = 0; c < 0x10000; c++) {
        int32_t script = tsu_script((uint32_t)c);
        int32_t bracket = u_getIntPropertyValue(c, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
        bmp_script_brackets[c] = (uint16_t)((script < 0 || script >= 0x1FF ? 0x1FF : script) | (bracket << 9));
    }
}

int32_t tsu_script_and_bracket(uint32_t codepoint) {
    if (codepoint >= 0x10000) {
        int32_t bracket = u_getIntPropertyValue((UChar32)codepoint, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
        return (tsu_script(codepoint) & 0xFFFF) | (bracket << 16);
    }
    pthread_once(&bmp_script_brackets_once, make_bmp_script_brackets);
    uint16_t v = bmp_script_brackets[codepoint];
    int32_t script = v & 0x1FF;
    return (script == 0x1FF ? 0xFFFF : script) | ((v >> 9) << 16);
}

void tsu_script_runs(const uint16_t *text, int32_t length, int32_t *scripts) {
    if (length <= 0) return;
    pthread_once(&bmp_script_brackets_once, make_bmp_script_brackets);
    // Open brackets: their pair and the script before them, the last 64.
    enum { DEPTH = 64 };
    UChar32 pairs[DEPTH + 1];
    int32_t pairScripts[DEPTH + 1];
    int depth = 0;
    int32_t current = -1, firstReal = -1;
    for (int32_t i = 0; i < length;) {
        // A run of ASCII without brackets: letters are Latin, the rest
        // take the script before them (as below, in a tighter loop).
        uint16_t u;
        while (i < length && (u = text[i]) < 0x80 && u != 0x28 && u != 0x29 && u != 0x5B && u != 0x5D && u != 0x7B && u != 0x7D) {
            if ((u | 0x20) >= 0x61 && (u | 0x20) <= 0x7A) {
                current = USCRIPT_LATIN;
                if (firstReal < 0) firstReal = USCRIPT_LATIN;
            }
            scripts[i++] = current;
        }
        if (i >= length) break;
        // A run of BMP characters of a script of their own (ideographs, kana,
        // letters past ASCII): each is its script and makes it the current one
        // (as below, without the brackets, which only Common characters have
        // a say in, in a tighter loop).
        while (i < length && (u = text[i]) >= 0x80 && (u < 0xD800 || u > 0xDFFF)) {
            int32_t own = bmp_script_brackets[u] & 0x1FF;
            if (own == USCRIPT_COMMON || own == USCRIPT_INHERITED || own == 0x1FF) break;
            current = own;
            if (firstReal < 0) firstReal = own;
            scripts[i++] = own;
        }
        if (i >= length) break;
        int32_t len;
        UChar32 c = scalar_at(text, i, length, &len);
        int32_t s, bracket;
        if (c < 0x80) {
            s = ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A) ? USCRIPT_LATIN : USCRIPT_COMMON;
            bracket = c == 0x28 || c == 0x29 || c == 0x5B || c == 0x5D || c == 0x7B || c == 0x7D;
        } else if (c < 0x10000) {
            uint16_t v = bmp_script_brackets[c];
            s = (v & 0x1FF) == 0x1FF ? -1 : (v & 0x1FF);
            bracket = v >> 9;
        } else {
            s = tsu_script((uint32_t)c);
            bracket = u_getIntPropertyValue(c, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
        }
        if (s == USCRIPT_COMMON || s == USCRIPT_INHERITED || s < 0) {
            int32_t type = bracket ? u_getIntPropertyValue(c, UCHAR_BIDI_PAIRED_BRACKET_TYPE) : 0;
            s = current;
            if (type == U_BPT_OPEN) {
                pairs[depth] = u_getBidiPairedBracket(c);
                pairScripts[depth] = current;
                if (++depth > DEPTH) {
                    memmove(pairs, pairs + 1, DEPTH * sizeof pairs[0]);
                    memmove(pairScripts, pairScripts + 1, DEPTH * sizeof pairScripts[0]);
                    depth = DEPTH;
                }
            } else if (type == U_BPT_CLOSE) {
                for (int k = depth - 1; k >= 0; k--) {
                    if (pairs[k] == c) { s = pairScripts[k]; depth = k; break; }
                }
            }
        } else {
            current = s;
            if (firstReal < 0) firstReal = s;
        }
        scripts[i] = s;
        if (len == 2) scripts[i + 1] = s;
        i += len;
    }
    // Leading Common characters take the first real script.
    int32_t lead = firstReal >= 0 ? firstReal : USCRIPT_LATIN;
    for (int32_t k = 0; k < length; k++) if (scripts[k] < 0) scripts[k] = lead;
}

static uint32_t script_tag_uncached(int32_t script) {
    const char *name = uscript_getShortName((UScriptCode)script);
    if (!name || strlen(name) != 4) return 0x5A7A7A7A; // 'Zzzz'
    return ((uint32_t)(unsigned char)name[0] << 24) | ((uint32_t)(unsigned char)name[1] << 16) |
           ((uint32_t)(unsigned char)name[2] << 8) | (uint32_t)(unsigned char)name[3];
}

// The tags of the script codes below 256 (every code ICU has), found once
// each: shaping asks for one per word, and ICU's name lookup is a search.
// 0 is "not found yet"; every thread that finds a tag finds the same one.
#define TSU_SCRIPT_TAGS 256
static _Atomic uint32_t script_tags[TSU_SCRIPT_TAGS];

uint32_t tsu_script_tag(int32_t script) {
    if (script < 0 || script >= TSU_SCRIPT_TAGS) return script_tag_uncached(script);
    uint32_t tag = atomic_load_explicit(&script_tags[script], memory_order_relaxed);
    if (tag == 0) {
        tag = script_tag_uncached(script);
        atomic_store_explicit(&script_tags[script], tag, memory_order_relaxed);
    }
    return tag;
}

int32_t tsu_script_common(void) { return USCRIPT_COMMON; }
int32_t tsu_script_inherited(void) { return USCRIPT_INHERITED; }

int32_t tsu_line_break_class(uint32_t codepoint) {
    return u_getIntPropertyValue((UChar32)codepoint, UCHAR_LINE_BREAK);
}

int32_t tsu_general_category(uint32_t codepoint) { return u_charType((UChar32)codepoint); }

int32_t tsu_is_emoji_presentation(uint32_t codepoint) {
    return u_hasBinaryProperty((UChar32)codepoint, UCHAR_EMOJI_PRESENTATION);
}

int32_t tsu_is_emoji(uint32_t codepoint) {
    return u_hasBinaryProperty((UChar32)codepoint, UCHAR_EMOJI);
}

int32_t tsu_is_extended_pictographic(uint32_t codepoint) {
    return u_hasBinaryProperty((UChar32)codepoint, UCHAR_EXTENDED_PICTOGRAPHIC);
}

int32_t tsu_is_default_ignorable(uint32_t codepoint) {
    return u_hasBinaryProperty((UChar32)codepoint, UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
}

int32_t tsu_is_letter_or_mark(uint32_t codepoint) {
    int32_t mask = U_GET_GC_MASK((UChar32)codepoint);
    return (mask & (U_GC_L_MASK | U_GC_M_MASK)) != 0;
}

int32_t tsu_bracket_type(uint32_t codepoint, uint32_t *pair) {
    int32_t t = u_getIntPropertyValue((UChar32)codepoint, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
    if (pair) *pair = (uint32_t)u_getBidiPairedBracket((UChar32)codepoint);
    return t;
}

int32_t tsu_is_east_asian_wide(uint32_t codepoint) {
    int32_t w = u_getIntPropertyValue((UChar32)codepoint, UCHAR_EAST_ASIAN_WIDTH);
    return w == U_EA_FULLWIDTH || w == U_EA_WIDE || w == U_EA_HALFWIDTH;
}

int32_t tsu_canonical_decomposition(uint32_t codepoint, uint32_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfd = unorm2_getNFDInstance(&status);
    if (U_FAILURE(status)) return 0;
    UChar buffer[8];
    int32_t length = unorm2_getRawDecomposition(nfd, (UChar32)codepoint, buffer, 8, &status);
    if (U_FAILURE(status) || length <= 0) return 0;
    int32_t count = 0;
    for (int32_t i = 0; i < length && count < capacity;) {
        UChar32 c;
        U16_NEXT(buffer, i, length, c);
        out[count++] = (uint32_t)c;
    }
    return count;
}

const char *tsu_icu_version(void) {
    static _Thread_local char buf[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo v;
    u_getVersion(v);
    u_versionToString(v, buf);
    return buf;
}

size_t tsu_heap_block_size(const void *block) {
    return malloc_usable_size((void *)block);
}
