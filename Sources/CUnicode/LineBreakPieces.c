// Line breaks of text with Thai, piece by piece, each piece's answer kept; see include/CUnicode.h.
//
// ICU breaks Thai by dictionary, and its iterator over a Thai post costs
// far more than the rest of the post's analysis. But a line always
// breaks after the spaces that follow a Thai word (UAX #14's LB18: no
// rule keeps a letter's spaces to what follows, only an opening bracket's,
// a quote's, a closing one's or a dash's), and ICU's rules and its
// dictionary start afresh at such a boundary: the text before it changes
// nothing after it, and the text after it nothing before it (the rules
// read past the spaces only to find the next character, which breaks
// there whatever it is, as long as the rules before LB18 (LB7–LB17) do not
// keep it to them: a space, a closing bracket or punctuation, a word
// joiner does; a letter or a digit does not). So the text is cut at such
// boundaries, and each piece's opportunities are ICU's over that piece
// alone (its last boundary, at the end of its spaces, an ordinary one);
// pieces come back from text to text (a Thai phrase between spaces), and
// a short one's answer is kept, per thread, under its units and locale ID.

#include "CUnicode.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>

// The longest piece kept, in units (a Thai phrase is shorter); longer ones are asked of ICU each time.
#define PIECE_LONGEST 31
// Sets of four entries each: 8,192 pieces kept, 76 bytes each (608 KB, allocated by a thread when it
// first meets Thai text; a feed of a few hundred Thai posts has some 4,000 distinct pieces).
#define PIECE_SETS 2048
#define PIECE_WAYS 4
#define PIECE_LOCALES 16
#define PIECE_LOCALE_MAX 64

typedef struct {
    uint32_t breaks;  // bit k: ICU's opportunity at offset k (1...length)
    uint32_t hard;    // bit k: and it is forced
    uint32_t used;    // when the entry was last read or written (the thread's clock): the oldest of a set goes
    uint8_t length;   // 0: no piece
    uint8_t locale;   // index in the thread's locale IDs
    uint16_t units[PIECE_LONGEST];
} piece_entry;

static _Thread_local piece_entry *piece_table;
static _Thread_local uint32_t piece_clock;
static _Thread_local char piece_locales[PIECE_LOCALES][PIECE_LOCALE_MAX];
static _Thread_local int piece_locale_count;

// The table is freed when its thread exits.
static pthread_key_t piece_key;
static pthread_once_t piece_key_once = PTHREAD_ONCE_INIT;
static void make_piece_key(void) { pthread_key_create(&piece_key, free); }

// Per unit of the Thai block: 1 a letter (line-break class SA, a letter
// of the Thai script: a word of it ends a piece), 2 a mark of one (SA, a
// mark: it belongs to the letter before it).
static uint8_t thai_roles[0x80];
static pthread_once_t thai_roles_once = PTHREAD_ONCE_INIT;

static void make_thai_roles(void) {
    for (UChar32 c = 0x0E00; c < 0x0E80; c++) {
        UErrorCode err = U_ZERO_ERROR;
        if (u_getIntPropertyValue(c, UCHAR_LINE_BREAK) != U_LB_COMPLEX_CONTEXT
            || uscript_getScript(c, &err) != USCRIPT_THAI || U_FAILURE(err)) continue;
        int8_t gc = u_charType(c);
        if (gc == U_OTHER_LETTER || gc == U_MODIFIER_LETTER) thai_roles[c - 0x0E00] = 1;
        else if (gc == U_NON_SPACING_MARK || gc == U_COMBINING_SPACING_MARK) thai_roles[c - 0x0E00] = 2;
    }
}

static inline int thai_role(uint16_t u) { return (u >= 0x0E00 && u < 0x0E80) ? thai_roles[u - 0x0E00] : 0; }

// A character a piece may start with: a Thai letter, an ASCII letter or digit (classes SA, AL, NU: no rule
// before LB18 keeps them to the spaces before them).
static inline int starts_piece(uint16_t u) {
    return thai_role(u) == 1 || (u >= 0x30 && u <= 0x39) || ((u | 0x20) >= 0x61 && (u | 0x20) <= 0x7A);
}

// The index of `locale` in the thread's list (added if new), or -1 when the list is full or the ID too long.
static int piece_locale(const char *locale) {
    for (int i = 0; i < piece_locale_count; i++)
        if (strcmp(piece_locales[i], locale) == 0) return i;
    if (piece_locale_count >= PIECE_LOCALES || strlen(locale) >= PIECE_LOCALE_MAX) return -1;
    strcpy(piece_locales[piece_locale_count], locale);
    return piece_locale_count++;
}

// ICU's opportunities in a piece alone, as bits (see piece_entry); 0 on an error (a piece has its end).
static int ask_piece(const uint16_t *units, int32_t length, const char *locale, uint32_t *breaks, uint32_t *hard) {
    int32_t out[PIECE_LONGEST + 1];
    int32_t count = tsu_line_breaks(units, length, locale, out, length + 1);
    if (count <= 0) return 0;
    *breaks = 0;
    *hard = 0;
    for (int32_t k = 0; k < count; k++) {
        int32_t v = out[k] < 0 ? -out[k] : out[k];
        *breaks |= 1u << v;
        if (out[k] < 0) *hard |= 1u << v;
    }
    return 1;
}

// Writes the piece `text[start..<end]`'s opportunities into `flags` (offsets start+1...end); its end an
// ordinary opportunity unless it ends the text. Returns 0 on an ICU error.
static int piece_breaks(const uint16_t *text, int32_t start, int32_t end, int32_t length, const char *locale,
                        int locale_index, uint8_t *flags) {
    const uint16_t *units = text + start;
    int32_t n = end - start;
    if (n > PIECE_LONGEST || locale_index < 0 || !piece_table) {
        // Too long to keep: ICU over the piece alone.
        int32_t *out = malloc(sizeof(int32_t) * (size_t)(n + 1));
        if (!out) return 0;
        int32_t count = tsu_line_breaks(units, n, locale, out, n + 1);
        for (int32_t k = 0; k < count; k++) {
            int32_t v = out[k] < 0 ? -out[k] : out[k];
            flags[start + v] |= out[k] < 0 ? 3 : 1;
        }
        free(out);
        if (count <= 0) return 0;
    } else {
        uint32_t hash = 2166136261u ^ (uint32_t)locale_index;
        for (int32_t k = 0; k < n; k++) hash = (hash ^ units[k]) * 16777619u;
        piece_entry *set = piece_table + PIECE_WAYS * (hash & (PIECE_SETS - 1)), *entry = NULL;
        for (int w = 0; w < PIECE_WAYS && !entry; w++)
            if (set[w].length == n && set[w].locale == locale_index && memcmp(set[w].units, units, (size_t)n * 2) == 0)
                entry = &set[w];
        if (!entry) {
            uint32_t breaks, hard;
            if (!ask_piece(units, n, locale, &breaks, &hard)) return 0;
            entry = &set[0];
            for (int w = 1; w < PIECE_WAYS; w++)
                if ((uint32_t)(piece_clock - set[w].used) > (uint32_t)(piece_clock - entry->used)) entry = &set[w];
            entry->breaks = breaks;
            entry->hard = hard;
            entry->length = (uint8_t)n;
            entry->locale = (uint8_t)locale_index;
            memcpy(entry->units, units, (size_t)n * 2);
        }
        entry->used = ++piece_clock;
        for (uint32_t b = entry->breaks; b; b &= b - 1) {
            int k = __builtin_ctz(b);
            flags[start + k] |= (entry->hard >> k) & 1 ? 3 : 1;
        }
    }
    // Not the text's end: the end of its spaces, where the next piece starts (LB18, never forced).
    if (end < length) flags[end] = 1;
    return 1;
}

int32_t tsu_line_breaks_by_pieces(const uint16_t *text, int32_t length, const char *locale, uint8_t *flags) {
    if (length <= 0) return 0;
    if (locale == NULL) locale = "";
    pthread_once(&thai_roles_once, make_thai_roles);
    // Where pieces start: after spaces that follow a Thai letter (and its marks), before a letter or digit.
    int32_t cuts = 0, thai = 0;
    for (int32_t c = 1; c < length && !thai; c++) thai = thai_role(text[c]) == 1;
    if (!thai && thai_role(text[0]) != 1) return 0;
    if (!piece_table) {
        piece_table = calloc(PIECE_SETS * PIECE_WAYS, sizeof(piece_entry));
        if (piece_table) {
            pthread_once(&piece_key_once, make_piece_key);
            pthread_setspecific(piece_key, piece_table);
        }
    }
    int locale_index = piece_locale(locale);
    memset(flags, 0, (size_t)length + 1);
    int32_t start = 0;
    for (int32_t c = 1; c < length; c++) {
        if (text[c - 1] != 0x20 || !starts_piece(text[c])) continue;
        int32_t k = c - 1;
        while (k > start && text[k] == 0x20) k--;
        while (k > start && thai_role(text[k]) == 2) k--;
        if (thai_role(text[k]) != 1) continue;
        if (!piece_breaks(text, start, c, length, locale, locale_index, flags)) return -1;
        start = c;
        cuts++;
    }
    if (cuts == 0 && length > PIECE_LONGEST) return 0;  // one long piece: the caller's iterator over the text
    if (!piece_breaks(text, start, length, length, locale, locale_index, flags)) return -1;
    return 1;
}
