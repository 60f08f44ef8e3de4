/*
 * typeset.h: the C interface of Typeset (libtypeset).
 *
 * Typeset measures text as Chromium lays it out: the size of a paragraph at a
 * width, its lines, its min- and max-content widths. This header is the whole
 * C interface; every language binding (the Python package among them) is
 * built on it. C99, no other header needed than <stddef.h> and <stdint.h>.
 *
 *   ts_fonts *fonts; ts_typesetter *ts; ts_prepared *text; ts_layout *layout;
 *   ts_style style; ts_layout_info info;
 *   if (ts_fonts_bundled(0, &fonts) != TS_OK) { puts(ts_last_error()); return 1; }
 *   ts_typesetter_new(fonts, &ts);
 *   ts_style_init(&style);                       (Noto Sans, 16 px, weight 400)
 *   style.font_family = "Noto Sans, Noto Color Emoji"; style.size = 15;
 *   ts_prepare(ts, "Hello world", 11, &style, NULL, 1, &text);
 *   ts_layout_new(text, TS_WIDTH_AT_MOST, 320, &layout);
 *   ts_layout_get_info(layout, &info);           (info.width, info.height: ceil'd px)
 *   ts_layout_free(layout); ts_prepared_free(text);
 *   ts_typesetter_free(ts); ts_fonts_free(fonts);
 *
 * UNITS. Lengths are CSS pixels (double). A text prepared at a device pixel
 * ratio `scale` (2 or 3 on phones) is laid out in device pixels as Chromium
 * does there and answered in CSS px; its ceil'd sizes are ceil'd to that
 * scale's grid (1/3 px at 3x).
 *
 * TEXT AND OFFSETS. Text comes in as UTF-8: a pointer and a length in bytes
 * (no terminating NUL needed; U+0000 is an ordinary character). Invalid UTF-8
 * is refused with TS_ERROR_ARGUMENT and the offset of the first bad byte.
 * EVERY OFFSET IN THIS INTERFACE COUNTS UTF-8 BYTES of that text: run and
 * attachment offsets going in, line and entity ranges coming out. An offset
 * going in must lie on a character (scalar) boundary. Short names (font
 * families, language tags, paths, the ellipsis) are NUL-terminated UTF-8.
 *
 * ERRORS. Every function that can fail returns a ts_status; on failure it
 * leaves its out-parameters untouched and records a message that names the
 * argument and the problem, read with ts_last_error() on the same thread.
 * Every argument is checked at the edge (NULL pointers, lengths, NaN and
 * infinite numbers, negative sizes, enumeration values out of range, offsets
 * off a character boundary, families no font has): no call aborts the
 * process on bad arguments. What cannot be checked is the caller's part:
 * a pointer must point at as many bytes as its length says, and a handle
 * must be live (not yet freed).
 *
 * HANDLES AND THREADS. ts_fonts, ts_typesetter, ts_prepared and ts_layout
 * are opaque and immutable once made: any number of threads may use one
 * handle at once. Each is freed with its own *_free function (NULL is
 * accepted and ignored), once, when no thread uses it any more. A handle
 * keeps what it was made from alive: a typesetter keeps its fonts, a
 * prepared text its typesetter's fonts, a layout its prepared text, so
 * they may be freed in any order. Strings returned by ts_batch_answer are
 * freed with ts_string_free.
 */
#ifndef TYPESET_H
#define TYPESET_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The interface's version: the major part changes when a declaration here changes incompatibly. */
#define TS_ABI_VERSION_MAJOR 1
#define TS_ABI_VERSION_MINOR 4

/* ------------------------------------------------------------------ status */

/* What a call returns. */
typedef enum ts_status {
    TS_OK = 0,
    /* An argument is invalid: NULL where a value is needed, a NaN, infinite or
     * negative size, an enumeration value out of range, invalid UTF-8, an
     * offset outside the text or inside a character, a malformed tag. */
    TS_ERROR_ARGUMENT = 1,
    /* Fonts: a font file or directory not found or unreadable, a file that is
     * not a font, the bundled fonts not found, a font stack none of whose
     * families has a font. */
    TS_ERROR_FONT = 2,
    /* A batch request line was answered with an error object (the answer is
     * still returned; see ts_batch_answer). */
    TS_ERROR_REQUEST = 3,
    /* A system library failed (ICU, Fontconfig) or memory ran out. */
    TS_ERROR_INTERNAL = 4
} ts_status;

/* The message of the last call that failed on the calling thread ("" when
 * none has): UTF-8, owned by the library, valid until the next failing call
 * on this thread. Messages name the argument and the problem, e.g.
 * "ts_prepare: style.size must be a finite number >= 0 (got -1)". */
const char *ts_last_error(void);

/* The library's version, e.g. "0.1.0" (static storage). */
const char *ts_version(void);

/* ------------------------------------------------------------------- fonts */

/* A set of font files: faces are read once and shared by every thread. */
typedef struct ts_fonts ts_fonts;

/* The fonts bundled with Typeset (Noto Sans and its script families, Noto
 * Sans CJK JP, Noto Color Emoji), which Chromium's answers were recorded
 * with. Looked for in $TYPESET_FONTS, then in share/typeset/fonts of the
 * prefix the library is installed in (PREFIX/lib/libtypeset.so ->
 * PREFIX/share/typeset/fonts, as scripts/install lays it out), then beside the
 * executable and in the source tree it was built from.
 * include_system_fonts: nonzero to also reach the system's fonts through
 * Fontconfig (fallback and family names). */
ts_status ts_fonts_bundled(int include_system_fonts, ts_fonts **out);

/* Every font file (.ttf .otf .ttc .otc .woff .woff2) in a directory. */
ts_status ts_fonts_from_directory(const char *path, int include_system_fonts, ts_fonts **out);

/* The font files at `count` paths (count >= 1). Each path is opened once and
 * examined before anything is read: only a regular file of 1 byte to 1 GiB is
 * mapped (a FIFO, a device or a kernel file reporting no size, such as
 * /proc/self/pagemap, is TS_FONT_ERROR at once). */
ts_status ts_fonts_from_files(const char *const *paths, size_t count, int include_system_fonts, ts_fonts **out);

/* The faces of the CSS @font-face rules in the file at `css_path` (UTF-8),
 * as a web page declares them: font-family; src with url() relative to the
 * CSS file (TrueType, OpenType, WOFF, WOFF2; data: URLs) or local() (an
 * installed font by full or PostScript name); font-weight, font-stretch and
 * font-style ranges; unicode-range (a family split into files by range is one
 * family, each character from the file whose range holds it); size-adjust;
 * ascent-, descent- and line-gap-override. Their families are found by name
 * beside the font files of `fonts_dir` (NULL: the bundled fonts, found as
 * ts_fonts_bundled finds them), which serve every other family and fallback.
 * A malformed rule or a rule none of whose sources loads is TS_ERROR_FONT,
 * the message naming the CSS file, the line and the rule. */
ts_status ts_fonts_from_font_faces(const char *css_path, const char *fonts_dir, int include_system_fonts,
                                   ts_fonts **out);

/* How many faces the collection holds. */
ts_status ts_fonts_face_count(const ts_fonts *fonts, size_t *out);

void ts_fonts_free(ts_fonts *fonts);

/* -------------------------------------------------------------- typesetter */

/* Prepares text in the fonts of a collection; holds the shaping caches.
 * Make one per process and share it between threads. */
typedef struct ts_typesetter ts_typesetter;

ts_status ts_typesetter_new(const ts_fonts *fonts, ts_typesetter **out);
void ts_typesetter_free(ts_typesetter *typesetter);

/* ------------------------------------------------------------------ styles */

/* CSS line-height. */
typedef enum ts_line_height_kind {
    TS_LINE_HEIGHT_NORMAL = 0,   /* the fonts' own ascent + descent + line gap */
    TS_LINE_HEIGHT_PX = 1,       /* line_height px per line */
    TS_LINE_HEIGHT_MULTIPLE = 2  /* line_height times the font size */
} ts_line_height_kind;

/* The character style of a text or a run of it. Fill it with ts_style_init
 * and change what differs. */
typedef struct ts_style {
    /* CSS font-family: family names, first preferred, separated by commas
     * ("Noto Sans, Noto Color Emoji"); generic families (sans-serif, serif,
     * monospace, emoji) too. A family without a font is skipped; a stack left
     * with none is TS_ERROR_FONT. */
    const char *font_family;
    double size;            /* font-size, px, finite, >= 0 (default 16) */
    int32_t weight;         /* font-weight, 1 to 1000 (default 400) */
    int32_t italic;         /* nonzero for italic (default 0) */
    double letter_spacing;  /* px, finite (default 0) */
    int32_t line_height_kind; /* a ts_line_height_kind (default NORMAL) */
    double line_height;     /* px or multiple, finite, >= 0; ignored for NORMAL */
    const char *lang;       /* BCP 47 tag for shaping and breaking ("ja"), or NULL */
} ts_style;

/* Fills a style with the defaults above (font_family "Noto Sans"). */
void ts_style_init(ts_style *style);

/* CSS white-space. PRE_LINE, PRE and BREAK_SPACES added in ABI 1.4. */
typedef enum ts_white_space {
    TS_WHITE_SPACE_NORMAL = 0, TS_WHITE_SPACE_PRE_WRAP = 1, TS_WHITE_SPACE_NOWRAP = 2,
    TS_WHITE_SPACE_PRE_LINE = 3,     /* newlines kept, spaces collapsed (chat messages) */
    TS_WHITE_SPACE_PRE = 4,          /* everything kept, never wraps */
    TS_WHITE_SPACE_BREAK_SPACES = 5  /* everything kept; spaces take width and wrap instead of hanging */
} ts_white_space;
/* CSS overflow-wrap, the values of ts_paragraph.break_words (ABI 1.4; 1.0's
 * "nonzero on" still holds: any value but 0 and 2 is BREAK_WORD). */
typedef enum ts_overflow_wrap {
    TS_OVERFLOW_WRAP_NORMAL = 0,      /* words overflow */
    TS_OVERFLOW_WRAP_BREAK_WORD = 1,  /* a word alone too wide for its line breaks between characters */
    TS_OVERFLOW_WRAP_ANYWHERE = 2     /* as BREAK_WORD, and min-content counts those breaks */
} ts_overflow_wrap;
/* CSS word-break. */
typedef enum ts_word_break { TS_WORD_BREAK_NORMAL = 0, TS_WORD_BREAK_KEEP_ALL = 1, TS_WORD_BREAK_BREAK_ALL = 2 } ts_word_break;
/* CSS line-break. */
typedef enum ts_line_break {
    TS_LINE_BREAK_AUTO = 0, TS_LINE_BREAK_LOOSE = 1, TS_LINE_BREAK_NORMAL = 2,
    TS_LINE_BREAK_STRICT = 3, TS_LINE_BREAK_ANYWHERE = 4
} ts_line_break;
/* CSS text-align. */
typedef enum ts_align {
    TS_ALIGN_START = 0, TS_ALIGN_END = 1, TS_ALIGN_LEFT = 2, TS_ALIGN_RIGHT = 3,
    TS_ALIGN_CENTER = 4, TS_ALIGN_JUSTIFY = 5
} ts_align;
/* The paragraph's base direction (auto: from its first strong character). */
typedef enum ts_direction { TS_DIRECTION_AUTO = 0, TS_DIRECTION_LTR = 1, TS_DIRECTION_RTL = 2 } ts_direction;
/* CSS text-overflow, for nowrap and pre text. */
typedef enum ts_text_overflow { TS_TEXT_OVERFLOW_CLIP = 0, TS_TEXT_OVERFLOW_ELLIPSIS = 1 } ts_text_overflow;

/* CSS text-wrap-style: how lines are chosen among the break opportunities
 * (text-wrap: nowrap is white_space NOWRAP). Added in ABI 1.1. */
typedef enum ts_text_wrap {
    TS_TEXT_WRAP_WRAP = 0,     /* as many words on each line as fit (CSS's initial value) */
    TS_TEXT_WRAP_BALANCE = 1,  /* lines of even width (headlines); paragraphs of up to 6 lines */
    TS_TEXT_WRAP_PRETTY = 2    /* no lone short word on the last line (posts) */
} ts_text_wrap;

/* Paragraph options, named after their CSS properties. Fill with
 * ts_paragraph_init; passing NULL where one is asked for means the defaults.
 * text_wrap (ABI 1.1) sits in what was the struct's tail padding in 1.0: on
 * the 64-bit platforms the library is built for, sizeof(ts_paragraph) and
 * every other field's offset are as they were, so a program built against
 * 1.0 that fills its paragraphs with ts_paragraph_init runs unchanged. */
typedef struct ts_paragraph {
    int32_t white_space;    /* ts_white_space (default NORMAL) */
    int32_t word_break;     /* ts_word_break (default NORMAL) */
    int32_t break_words;    /* CSS overflow-wrap: a ts_overflow_wrap (default BREAK_WORD = 1) */
    int32_t line_break;     /* ts_line_break (default AUTO) */
    int32_t align;          /* ts_align (default START) */
    int32_t direction;      /* ts_direction (default AUTO) */
    int32_t max_lines;      /* at most this many lines, the last cut with the ellipsis; 0: no limit */
    int32_t text_overflow;  /* ts_text_overflow (default CLIP) */
    const char *ellipsis;   /* the truncation marker; NULL for "…" (which becomes "..." as Chromium's does) */
    const char *lang;       /* BCP 47 tag for line breaking, or NULL for the text's own */
    int32_t tab_size;       /* tab stops every this many spaces, 0 to 1000 (default 8) */
    int32_t text_wrap;      /* ts_text_wrap (default WRAP); ABI 1.1 */
} ts_paragraph;

void ts_paragraph_init(ts_paragraph *paragraph);

/* ----------------------------------------------------------------- prepare */

/* A text analysed, itemized and shaped: everything that does not depend on
 * the width. Laying it out at any width is arithmetic only. */
typedef struct ts_prepared ts_prepared;

/* Prepares UTF-8 text in one style. paragraph: NULL for the defaults.
 * scale: the device pixel ratio it will be shown at (0.01 to 100; 1 for CSS
 * px). */
ts_status ts_prepare(const ts_typesetter *typesetter, const char *text, size_t length,
                     const ts_style *style, const ts_paragraph *paragraph, double scale,
                     ts_prepared **out);

/* A run of the text restyled, as a <span>: bytes start..end (UTF-8 offsets). */
typedef struct ts_run {
    size_t start;
    size_t end;
    ts_style style;
} ts_run;

/* CSS vertical-align of an inline box. */
typedef enum ts_vertical_align {
    TS_VERTICAL_ALIGN_BASELINE = 0, TS_VERTICAL_ALIGN_MIDDLE = 1,
    TS_VERTICAL_ALIGN_TEXT_TOP = 2, TS_VERTICAL_ALIGN_TEXT_BOTTOM = 3
} ts_vertical_align;

/* A fixed-size inline box (a badge, a custom emoji) standing at the U+FFFC
 * (OBJECT REPLACEMENT CHARACTER, bytes EF BF BC) at byte `offset`. */
typedef struct ts_attachment {
    size_t offset;
    double width;           /* px, finite, >= 0 */
    double height;          /* px, finite, >= 0 */
    int32_t vertical_align; /* ts_vertical_align */
} ts_attachment;

/* Prepares attributed text: the text in `base_style` (its block style, the
 * strut every line has), `runs` restyling byte ranges of it (later runs
 * over earlier ones), `attachments` at U+FFFC characters, at most one per
 * offset (two at one offset are TS_ARGUMENT_ERROR, as in the batch protocol).
 * runs and attachments may be NULL when their counts are 0. */
ts_status ts_prepare_attributed(const ts_typesetter *typesetter, const char *text, size_t length,
                                const ts_style *base_style, const ts_run *runs, size_t run_count,
                                const ts_attachment *attachments, size_t attachment_count,
                                const ts_paragraph *paragraph, double scale, ts_prepared **out);

/* ------------------------------------------------- variable-font properties */

/* CSS font-optical-sizing. */
typedef enum ts_optical_sizing { TS_OPTICAL_SIZING_AUTO = 0, TS_OPTICAL_SIZING_NONE = 1 } ts_optical_sizing;

/* The CSS properties that set a variable font's axes beyond a ts_style's
 * weight and italic (a style's wght follows its weight, its opsz its size
 * in CSS px with optical sizing AUTO). Fill with ts_font_variation_init. */
typedef struct ts_font_variation {
    double stretch;                       /* font-stretch, percent, finite, > 0 (default 100): picks a
                                           * family's width and sets wdth */
    const char *variation_settings;       /* CSS font-variation-settings ("'wght' 650, 'GRAD' 50"),
                                           * applied last; NULL or "normal" for none */
    int32_t optical_sizing;               /* a ts_optical_sizing (default AUTO) */
} ts_font_variation;

/* Fills a ts_font_variation with the defaults above. */
void ts_font_variation_init(ts_font_variation *variation);

/* ts_prepare with the style's variable-font properties; variation NULL is
 * the defaults (the same as ts_prepare). */
ts_status ts_prepare_varied(const ts_typesetter *typesetter, const char *text, size_t length,
                            const ts_style *style, const ts_font_variation *variation,
                            const ts_paragraph *paragraph, double scale, ts_prepared **out);

/* ts_prepare_attributed with variable-font properties: base_variation for
 * base_style (NULL: the defaults), run_variations NULL or one per run (the
 * properties of runs[i].style). */
ts_status ts_prepare_attributed_varied(const ts_typesetter *typesetter, const char *text, size_t length,
                                       const ts_style *base_style, const ts_font_variation *base_variation,
                                       const ts_run *runs, const ts_font_variation *run_variations, size_t run_count,
                                       const ts_attachment *attachments, size_t attachment_count,
                                       const ts_paragraph *paragraph, double scale, ts_prepared **out);

/* ------------------------------------ inline boxes and text box trimming */

/* The padding, border and margin of a run's inline box: CSS padding,
 * border-width (a solid border) and margin on its <span>, as a mention chip
 * or inline code has them. Each is four lengths in px: top, right, bottom,
 * left. Only the left and right sides take room on a line: the start side
 * before the run's first character, the end side after its last (sliced
 * over lines); the top and bottom are drawn around the text but do not move
 * the line. Padding and border finite and >= 0, margin finite. Fill with
 * ts_inline_box_init (all zero). Added in ABI 1.3. */
typedef struct ts_inline_box {
    double padding[4];
    double border_width[4];
    double margin[4];
} ts_inline_box;

void ts_inline_box_init(ts_inline_box *box);

/* CSS text-box-trim: which outer edges of a paragraph are trimmed. */
typedef enum ts_text_box_trim {
    TS_TEXT_BOX_TRIM_NONE = 0, TS_TEXT_BOX_TRIM_START = 1, TS_TEXT_BOX_TRIM_END = 2, TS_TEXT_BOX_TRIM_BOTH = 3
} ts_text_box_trim;
/* CSS text-box-edge, its over edge (above the first line's baseline)... */
typedef enum ts_text_box_over { TS_TEXT_BOX_OVER_TEXT = 0, TS_TEXT_BOX_OVER_CAP = 1, TS_TEXT_BOX_OVER_EX = 2 } ts_text_box_over;
/* ...and its under edge (below the last line's baseline). */
typedef enum ts_text_box_under { TS_TEXT_BOX_UNDER_TEXT = 0, TS_TEXT_BOX_UNDER_ALPHABETIC = 1 } ts_text_box_under;

/* CSS text-box-trim and text-box-edge: the first line's top trimmed to the
 * block font's ascent (TEXT), cap height or x-height over its baseline, the
 * last line's bottom to its descent (TEXT) or its baseline (ALPHABETIC);
 * the layout's height shrinks and its lines move up by what the top loses.
 * Design tools' vertical trim is BOTH with CAP and ALPHABETIC. Fill with
 * ts_text_box_init (NONE, TEXT, TEXT). Added in ABI 1.3. */
typedef struct ts_text_box {
    int32_t trim;   /* ts_text_box_trim */
    int32_t over;   /* ts_text_box_over */
    int32_t under;  /* ts_text_box_under */
} ts_text_box;

void ts_text_box_init(ts_text_box *text_box);

/* ts_prepare_attributed_varied with the runs' inline boxes and the
 * paragraph's text box trimming: run_boxes NULL or one per run (runs[i]'s
 * box), text_box NULL for no trimming. base_variation and run_variations
 * may be NULL (the defaults); runs and attachments may be NULL when their
 * counts are 0. Added in ABI 1.3. */
ts_status ts_prepare_boxed(const ts_typesetter *typesetter, const char *text, size_t length,
                           const ts_style *base_style, const ts_font_variation *base_variation,
                           const ts_run *runs, const ts_font_variation *run_variations,
                           const ts_inline_box *run_boxes, size_t run_count,
                           const ts_attachment *attachments, size_t attachment_count,
                           const ts_paragraph *paragraph, const ts_text_box *text_box, double scale,
                           ts_prepared **out);

/* ------------------------------------------------ text transform, spacing */

/* CSS text-transform. FULL_WIDTH is measured as NONE, as Chromium does. */
typedef enum ts_text_transform {
    TS_TEXT_TRANSFORM_NONE = 0, TS_TEXT_TRANSFORM_UPPERCASE = 1, TS_TEXT_TRANSFORM_LOWERCASE = 2,
    TS_TEXT_TRANSFORM_CAPITALIZE = 3, TS_TEXT_TRANSFORM_FULL_WIDTH = 4
} ts_text_transform;

/* The text properties of a style (the base style or a run's): CSS
 * text-transform (language-aware through the style's lang: Turkish and
 * Azeri i, Greek accents; offsets in every answer stay in the source text,
 * "ß" as "SS" answers for its two bytes) and word-spacing (px, finite; added
 * to every U+0020 and U+00A0, as Chromium adds it). Fill with
 * ts_text_properties_init (NONE, 0). Added in ABI 1.4. */
typedef struct ts_text_properties {
    int32_t text_transform; /* ts_text_transform */
    double word_spacing;
} ts_text_properties;

void ts_text_properties_init(ts_text_properties *properties);

/* The unit of a text indent. */
typedef enum ts_length_unit { TS_LENGTH_PX = 0, TS_LENGTH_PERCENT = 1, TS_LENGTH_EM = 2 } ts_length_unit;
/* CSS text-align-last. */
typedef enum ts_align_last {
    TS_ALIGN_LAST_AUTO = 0, TS_ALIGN_LAST_START = 1, TS_ALIGN_LAST_END = 2, TS_ALIGN_LAST_LEFT = 3,
    TS_ALIGN_LAST_RIGHT = 4, TS_ALIGN_LAST_CENTER = 5, TS_ALIGN_LAST_JUSTIFY = 6
} ts_align_last;

/* Paragraph text properties: CSS text-indent (text_indent in
 * text_indent_unit: px, percent of the box's width (0 in min- and
 * max-content), or em of the base style's font size; each_line and hanging
 * nonzero for CSS's keywords) and text-align-last. Fill with
 * ts_paragraph_text_init (no indent, AUTO). Added in ABI 1.4. */
typedef struct ts_paragraph_text {
    double text_indent;
    int32_t text_indent_unit;      /* ts_length_unit */
    int32_t text_indent_each_line;
    int32_t text_indent_hanging;
    int32_t text_align_last;       /* ts_align_last */
} ts_paragraph_text;

void ts_paragraph_text_init(ts_paragraph_text *text);

/* ts_prepare_boxed with text properties: base_text for base_style,
 * run_texts NULL or one per run, paragraph_text for the paragraph (each
 * NULL: the defaults). base_variation, run_variations, run_boxes and
 * text_box may be NULL (as for ts_prepare_boxed); runs and attachments may
 * be NULL when their counts are 0. Added in ABI 1.4. */
ts_status ts_prepare_text_properties(const ts_typesetter *typesetter, const char *text, size_t length,
                                     const ts_style *base_style, const ts_font_variation *base_variation,
                                     const ts_text_properties *base_text,
                                     const ts_run *runs, const ts_font_variation *run_variations,
                                     const ts_text_properties *run_texts, const ts_inline_box *run_boxes,
                                     size_t run_count,
                                     const ts_attachment *attachments, size_t attachment_count,
                                     const ts_paragraph *paragraph, const ts_paragraph_text *paragraph_text,
                                     const ts_text_box *text_box, double scale, ts_prepared **out);

/* CSS min-content width (the widest piece the text cannot break inside)
 * and max-content width (one line per paragraph), exact px. Either out
 * pointer may be NULL. */
ts_status ts_prepared_intrinsic_widths(const ts_prepared *text, double *min_content, double *max_content);

void ts_prepared_free(ts_prepared *text);

/* ------------------------------------------------------------------ layout */

/* How a layout engine constrains a text's width (Yoga's measure modes and
 * Taffy's available space):
 *   EXACTLY      the box is `width` wide; lines break at it        (Yoga EXACTLY, a definite width)
 *   AT_MOST      lines break at `width`; the box is its widest line (Yoga AT_MOST, Taffy Definite)
 *   UNDEFINED    no limit: one line per paragraph (max-content)    (Yoga UNDEFINED, Taffy MaxContent)
 *   MIN_CONTENT  as narrow as the text allows                      (Taffy MinContent)
 *   LONGEST_LINE lines break at `width`, the box as wide as the longest, lines aligned in it
 * `width` is ignored for UNDEFINED and MIN_CONTENT, and must otherwise be
 * finite and >= 0.
 * Lines are placed (ts_line.x) in the box of `width` for EXACTLY and AT_MOST
 * alike: AT_MOST reports a narrower box (its widest line) for a measure
 * function, but its right-to-left, right-aligned and centred lines stay
 * placed against `width`. To draw lines in the box it reports, lay out with
 * LONGEST_LINE (the same line breaks, but for text-wrap balance and pretty,
 * which it breaks again at the narrower width), or with EXACTLY at the
 * width the layout engine gave the node. */
typedef enum ts_width_mode {
    TS_WIDTH_UNDEFINED = 0,
    TS_WIDTH_EXACTLY = 1,
    TS_WIDTH_AT_MOST = 2,
    TS_WIDTH_MIN_CONTENT = 3,
    TS_WIDTH_LONGEST_LINE = 4
} ts_width_mode;

/* A prepared text's lines at one width. */
typedef struct ts_layout ts_layout;

ts_status ts_layout_new(const ts_prepared *text, int32_t mode, double width, ts_layout **out);

/* A layout's size and counts. */
typedef struct ts_layout_info {
    double width;          /* the box width, ceil'd to the text's scale grid */
    double height;         /* the sum of line heights, ceil'd likewise */
    double exact_width;    /* unrounded */
    double exact_height;   /* unrounded */
    double natural_width;  /* max-content width */
    size_t line_count;
    int32_t truncated;     /* nonzero when max_lines (or a nowrap or pre ellipsis) cut the text */
} ts_layout_info;

ts_status ts_layout_get_info(const ts_layout *layout, ts_layout_info *out);

/* One line. Lines partition the text (collapsed and hanging spaces belong to
 * the line they end) unless it was truncated. */
typedef struct ts_line {
    size_t start;          /* UTF-8 byte offsets of the text the line covers */
    size_t end;
    double x;              /* left edge from the layout's left (alignment) */
    double top;            /* line box top from the layout's top */
    double width;          /* without trailing spaces; a truncated line's with its ellipsis */
    double height;         /* line box height */
    double baseline;       /* baseline from the layout's top */
    double ascent;         /* line box extent above the baseline */
    double descent;        /* line box extent below the baseline */
    int32_t has_ellipsis;  /* nonzero on the line the ellipsis was appended to */
} ts_line;

/* Line `index` (0 <= index < line_count). */
ts_status ts_layout_get_line(const ts_layout *layout, size_t index, ts_line *out);

/* Lines first .. first + count - 1 into out[0 .. count - 1] (all of them:
 * first 0, count line_count); out may be NULL when count is 0. */
ts_status ts_layout_get_lines(const ts_layout *layout, size_t first, size_t count, ts_line *out);

void ts_layout_free(ts_layout *layout);

/* ----------------------------------------------------------------- measure */

/* A size without lines: the fastest answer for a measure function. */
typedef struct ts_measurement {
    double width;          /* box width, ceil'd to the text's scale grid */
    double height;         /* ceil'd likewise */
    double exact_width;
    double exact_height;
    size_t line_count;
    int32_t truncated;
} ts_measurement;

/* The size of a prepared text under a width constraint, without building a
 * layout: the same lines as ts_layout_new, no allocation. This is a layout
 * engine's measure function (see examples/c/measure.c). */
ts_status ts_measure(const ts_prepared *text, int32_t mode, double width, ts_measurement *out);

/* The box widths that break a text into the same lines as one width: every
 * width w with min <= w < max gives the same lines (starts, ends, widths,
 * heights, hyphens, the cut and its ellipsis), so the same height, line
 * count and widest line; only each line's x (alignment) and a justified
 * line's stretch follow the box. max is INFINITY when no wider box changes
 * the lines. Exact (the nearest widths outside break differently) but for
 * text_wrap balance and pretty paragraphs that wrap or are cut, cut
 * justified or indented paragraphs, and break-spaces lines whose trailing
 * spaces lie inside them and do not fit, where it is conservative (at least
 * the width's own 1/64 px; under a percentage text_indent, the width alone). */
typedef struct ts_same_lines_widths {
    double min;
    double max;
    int32_t width_follows_box; /* nonzero for justified text (text_align_last justify too): a stretched line is as wide as the box,
                                  so AT_MOST's width follows the box inside [min, max) */
} ts_same_lines_widths;

/* ts_measure, and the widths around the width the lines were broken at that
 * give the same lines: a layout engine keeps the answer with them and
 * answers any width inside without calling Typeset again (the answer's
 * width is the widest line for AT_MOST, `width` itself for EXACTLY).
 * The lines are broken at `width` (EXACTLY, AT_MOST, and LONGEST_LINE's
 * first breaking), at the min-content width (MIN_CONTENT) or unbounded
 * (UNDEFINED: the widths at which the lines are one per paragraph).
 * Costs a few lines' breaking more than ts_measure. Added in ABI 1.4. */
ts_status ts_measure_with_same_lines(const ts_prepared *text, int32_t mode, double width, ts_measurement *out,
                                     ts_same_lines_widths *same_lines);

/* ---------------------------------------------------------------- entities */

/* What an entity is (twitter-text's rules). */
typedef enum ts_entity_kind {
    TS_ENTITY_HASHTAG = 0, TS_ENTITY_MENTION = 1, TS_ENTITY_CASHTAG = 2, TS_ENTITY_URL = 3
} ts_entity_kind;

/* An entity: its kind and byte range (the # or @ included). */
typedef struct ts_entity {
    int32_t kind;          /* ts_entity_kind */
    size_t start;
    size_t end;
} ts_entity;

/* Finds the hashtags, mentions (and lists), cashtags and URLs of UTF-8 text.
 * Writes at most `capacity` of them to `out` (which may be NULL when
 * capacity is 0) and sets *count to how many there are: call again with a
 * larger array when *count > capacity. */
ts_status ts_entities(const char *text, size_t length, ts_entity *out, size_t capacity, size_t *count);

/* ------------------------------------------------------------------- batch */

/* Answers one line of the `measure batch` JSON Lines protocol (every field
 * of docs/Protocol.md: runs, attachments, paragraph options, scale; offsets
 * in Unicode scalars as the protocol counts them). *answer receives the
 * answer line (UTF-8, NUL-terminated, with its newline; *answer_length
 * counts it without the NUL), to free with ts_string_free. A request the
 * protocol refuses is answered with an error object and TS_ERROR_REQUEST
 * (the answer is set then too). font_file is refused, as by `measure batch`
 * without --font-files. */
ts_status ts_batch_answer(const ts_typesetter *typesetter, const char *line, size_t length,
                          char **answer, size_t *answer_length);

/* Frees a string the library returned (NULL is ignored). */
void ts_string_free(char *string);

#ifdef __cplusplus
}
#endif

#endif /* TYPESET_H */
