// CUnicode: the few ICU services Typeset needs, behind functions of our own.
//
// Swift on Linux ships its own copy of ICU's headers inside Foundation; a Swift
// module that sees both copies fails to compile (duplicate UErrorCode). So only
// this C target includes the system's ICU headers, and this header exposes
// plain C types. All functions are thread-safe: iterators are cached per thread.
#ifndef TYPESET_CUNICODE_H
#define TYPESET_CUNICODE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Writes the UAX #14 break opportunities of `text` (UTF-16, `length` units)
/// into `out` (at most `capacity`): each is a UTF-16 offset where a line may
/// start, in increasing order, excluding 0 and including `length`. A negated
/// value -(offset) marks a mandatory break (after a hard line break).
/// `locale` is a full ICU locale ID with its line-break keywords
/// ("ja@lb=strict", "@lb=normal;lw=keepall"; under 64 bytes).
/// Returns the number written, or -1 on an ICU error.
int32_t tsu_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                        int32_t *out, int32_t capacity);

/// ICU's line break opportunities of `text` under `locale` (as for
/// `tsu_line_breaks`) without running its iterator over the text, from
/// answers it gave for pairs of character classes (asked once per locale
/// ID and pair, then kept): writes `length + 1` flags into `flags`, bit 0
/// an opportunity, bit 1 a forced break. Exact where a caller that breaks
/// after every space, tab and line feed and never before one reads ICU: at
/// offsets between two characters that are neither, one of which is past
/// ASCII and not U+00A0 (0 elsewhere, but after a line feed, forced).
/// Returns 1, or 0 when the text has a character or a pair whose breaks
/// depend on more than the pair (numbers, Hebrew, dictionary scripts,
/// controls, unassigned characters...): then `flags` means nothing and
/// ICU's iterator must be asked.
int32_t tsu_line_breaks_by_pairs(const uint16_t *text, int32_t length, const char *locale, uint8_t *flags);

/// ICU's line break opportunities of `text` under `locale` as flags (as
/// `tsu_line_breaks_by_pairs` writes them, but exact at every offset) for
/// text with Thai letters: the text cut after the spaces that follow a Thai
/// word, where ICU's rules and dictionary start afresh, and each piece
/// asked of ICU's iterator alone, a short piece's answer kept per thread
/// under its units and locale ID. Returns 1, 0 when the text has no Thai
/// letter or is one long piece (ask the iterator over the text), -1 on an
/// ICU error.
int32_t tsu_line_breaks_by_pieces(const uint16_t *text, int32_t length, const char *locale, uint8_t *flags);

/// Writes the extended grapheme cluster boundaries (UAX #29) of `text`,
/// excluding 0 and including `length`. Returns the count or -1.
int32_t tsu_grapheme_breaks(const uint16_t *text, int32_t length,
                            int32_t *out, int32_t capacity);

/// The same boundaries by UAX #29's rules as ICU 72 (Unicode 15.0) states
/// them, over ICU's character properties, without a break iterator:
/// writes `length + 1` flags into `starts`, 1 where a grapheme cluster
/// starts (and at `length`), 0 inside one (the second unit of a surrogate
/// pair included).
void tsu_grapheme_starts(const uint16_t *text, int32_t length, uint8_t *starts);

/// The word boundaries (UAX #29, ICU's word break rules, dictionaries for
/// CJK and Thai) around `offset`: the segment containing it (at `length`,
/// the last one) in [*start, *end). Returns 1 when the segment is a word
/// (letters, numbers, ideographs, kana), 0 for spaces or punctuation, -1
/// on an ICU error.
int32_t tsu_word_bounds(const uint16_t *text, int32_t length, int32_t offset,
                        int32_t *start, int32_t *end);

/// Resolves UAX #9 embedding levels for one paragraph. `paragraph_level` is
/// 0 (LTR), 1 (RTL) or 0xFE (auto: first strong character, default LTR).
/// Writes one level per UTF-16 unit into `levels` and returns the resolved
/// paragraph level, or -1 on an ICU error.
int32_t tsu_bidi_levels(const uint16_t *text, int32_t length, uint8_t paragraph_level,
                        uint8_t *levels);

/// Reorders `count` runs with the given levels into visual order (UAX #9 L2):
/// writes into `visual_to_logical` the logical index of each visual position.
void tsu_reorder_visual(const uint8_t *levels, int32_t count, int32_t *visual_to_logical);

/// The ICU script code (UScriptCode) of a code point; -1 on error.
int32_t tsu_script(uint32_t codepoint);

/// The script code of a code point (bits 0–15; 0xFFFF on error) and its
/// bidi paired-bracket type (bits 16–17: 0 none, 1 open, 2 close), from a
/// table of the BMP made once per process.
int32_t tsu_script_and_bracket(uint32_t codepoint);

/// The script of every UTF-16 unit of `text`, written into `scripts`
/// (`length` of them): ICU's script of each scalar (the table above for the
/// BMP), with Common and Inherited characters taking the script before them,
/// a closing bracket the script before its opening one (the last 64 open
/// brackets are remembered), and leading ones the first real script (Latin
/// when there is none). A surrogate pair's two units share a script.
void tsu_script_runs(const uint16_t *text, int32_t length, int32_t *scripts);

/// The ISO 15924 tag of a script code as a big-endian four-byte tag
/// ('Latn' = 0x4C61746E), suitable for hb_script_from_iso15924_tag.
uint32_t tsu_script_tag(int32_t script);

/// The ICU script codes for Common and Inherited.
int32_t tsu_script_common(void);
int32_t tsu_script_inherited(void);

/// The UAX #14 line-break class (ULineBreak) of a code point.
int32_t tsu_line_break_class(uint32_t codepoint);

/// The general category (UCharCategory) of a code point.
int32_t tsu_general_category(uint32_t codepoint);

/// Non-zero if the code point has the Emoji_Presentation property.
int32_t tsu_is_emoji_presentation(uint32_t codepoint);

/// Non-zero if the code point has the Emoji property.
int32_t tsu_is_emoji(uint32_t codepoint);

/// Whether `codepoint` has the Extended_Pictographic property (UTS #51),
/// which the grapheme rules join across a zero width joiner (GB11).
int32_t tsu_is_extended_pictographic(uint32_t codepoint);

/// Non-zero if the code point is Default_Ignorable_Code_Point.
int32_t tsu_is_default_ignorable(uint32_t codepoint);

/// Non-zero if the code point is a letter or mark (L*, M*).
int32_t tsu_is_letter_or_mark(uint32_t codepoint);

/// The bidi paired-bracket type (0 none, 1 open, 2 close) and, through
/// `pair`, the matching bracket.
int32_t tsu_bracket_type(uint32_t codepoint, uint32_t *pair);

/// Non-zero if the code point's East_Asian_Width is F, W or H.
int32_t tsu_is_east_asian_wide(uint32_t codepoint);

/// The code point's canonical decomposition one level deep (NFD's raw
/// mapping: at most two code points for every precomposed character but
/// Hangul syllables, which decompose algorithmically), written to `out`
/// (room for `capacity`); returns the count, 0 when it has none.
int32_t tsu_canonical_decomposition(uint32_t codepoint, uint32_t *out, int32_t capacity);

/// The ICU version string, e.g. "72.1".
/// Full case mapping of UTF-16 text (ICU's u_strToUpper with `upper`, else
/// u_strToLower) for an ICU locale ("" root, "tr", "el", "lt"): the mapped
/// text's length, written into `out` as far as `capacity` allows; -1 on error.
int32_t tsu_case_map(const uint16_t *text, int32_t length, const char *locale, int32_t upper,
                     uint16_t *out, int32_t capacity);

/// The simple titlecase mapping of a code point (ICU's u_totitle).
uint32_t tsu_totitle(uint32_t codepoint);

/// Word boundaries (ICU's word break iterator, root rules): `starts[i]` is 1
/// where a word boundary falls before unit i (0...length). 0, or -1 on error.
int32_t tsu_word_boundaries(const uint16_t *text, int32_t length, uint8_t *starts);

const char *tsu_icu_version(void);

/// The bytes malloc holds for a heap block (libc's malloc_usable_size, which
/// Swift's Glibc module does not export); for memory accounting.
size_t tsu_heap_block_size(const void *block);

/// The number of per-thread ICU objects (line and grapheme iterators, bidi)
/// open in the process right now: each thread's are closed when it exits.
long tsu_open_thread_objects(void);

#ifdef __cplusplus
}
#endif

#endif
