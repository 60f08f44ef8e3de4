// Thin wrappers over ICU4C; see include/CUnicode.h.
#include "CUnicode.h"

#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
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
        UChar32 c = text[i];
        int32_t len = 1;
        uint8_t b;
        if (U16_IS_LEAD(c) && i + 1 < length && U16_IS_TRAIL(text[i + 1])) {
            c = U16_GET_SUPPLEMENTARY(c, text[i + 1]);
            len = 2;
            b = grapheme_byte_uncached(c);
        } else {
            b = bytes[c];
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
