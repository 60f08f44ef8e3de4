/* The C side of the cross-language test (python/tests/test_cross_language.py):
 * reads requests already turned into ts_style / ts_paragraph values, one per
 * line, and answers each with its layout as one JSON line, byte offsets.
 *
 *   line:  TEXT WIDTH SCALE STYLE PARAGRAPH RUNS [START END STYLE]...
 *   STYLE: FAMILY SIZE WEIGHT ITALIC LETTER_SPACING LINE_HEIGHT_KIND LINE_HEIGHT LANG
 *   PARAGRAPH: WHITE_SPACE WORD_BREAK LINE_BREAK ALIGN DIRECTION MAX_LINES TEXT_OVERFLOW TEXT_WRAP
 * TEXT, FAMILY and LANG are hex-encoded UTF-8 ("-" for an empty LANG),
 * WIDTH "-" for none (max-content), SIZE "d" for ts_style_init's default. A request the library refuses is
 * answered {"error": "..."}. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "typeset.h"

static char *next(char **cursor) {
    char *token = strtok(*cursor, " \n");
    *cursor = NULL;
    if (!token) { fputs("cross_language: a line ends early\n", stderr); exit(2); }
    return token;
}

static char *unhex(const char *hex, size_t *length) {
    size_t n = strcmp(hex, "-") == 0 ? 0 : strlen(hex) / 2;
    char *out = malloc(n + 1);
    for (size_t i = 0; i < n; i++) {
        unsigned byte;
        sscanf(hex + 2 * i, "%2x", &byte);
        out[i] = (char)byte;
    }
    out[n] = 0;
    if (length) *length = n;
    return out;
}

/* A style's fields; its strings are owned by `strings` (freed by the caller). */
static void read_style(char **cursor, ts_style *style, char **strings, size_t *count) {
    ts_style_init(style);
    style->font_family = strings[(*count)++] = unhex(next(cursor), NULL);
    const char *size = next(cursor);
    if (strcmp(size, "d") != 0) style->size = atof(size);  /* "d": ts_style_init's default */
    style->weight = atoi(next(cursor));
    style->italic = atoi(next(cursor));
    style->letter_spacing = atof(next(cursor));
    style->line_height_kind = atoi(next(cursor));
    style->line_height = atof(next(cursor));
    char *lang = strings[(*count)++] = unhex(next(cursor), NULL);
    style->lang = lang[0] ? lang : NULL;
}

int main(void) {
    ts_fonts *fonts;
    ts_typesetter *typesetter;
    if (ts_fonts_bundled(0, &fonts) != TS_OK || ts_typesetter_new(fonts, &typesetter) != TS_OK) {
        fprintf(stderr, "cross_language: %s\n", ts_last_error());
        return 1;
    }
    static char line[1 << 16];
    while (fgets(line, sizeof line, stdin)) {
        char *cursor = line, *strings[64];
        size_t count = 0, length;
        char *text = strings[count++] = unhex(next(&cursor), &length);
        const char *width_field = next(&cursor);
        double scale = atof(next(&cursor));
        ts_style base;
        read_style(&cursor, &base, strings, &count);
        ts_paragraph paragraph;
        ts_paragraph_init(&paragraph);
        paragraph.white_space = atoi(next(&cursor));
        paragraph.word_break = atoi(next(&cursor));
        paragraph.line_break = atoi(next(&cursor));
        paragraph.align = atoi(next(&cursor));
        paragraph.direction = atoi(next(&cursor));
        paragraph.max_lines = atoi(next(&cursor));
        paragraph.text_overflow = atoi(next(&cursor));
        paragraph.text_wrap = atoi(next(&cursor));
        size_t run_count = (size_t)atoi(next(&cursor));
        ts_run runs[8];
        for (size_t i = 0; i < run_count && i < 8; i++) {
            runs[i].start = (size_t)atol(next(&cursor));
            runs[i].end = (size_t)atol(next(&cursor));
            read_style(&cursor, &runs[i].style, strings, &count);
        }
        ts_prepared *prepared = NULL;
        ts_layout *layout = NULL;
        ts_status status = run_count == 0
            ? ts_prepare(typesetter, text, length, &base, &paragraph, scale, &prepared)
            : ts_prepare_attributed(typesetter, text, length, &base, runs, run_count, NULL, 0, &paragraph, scale, &prepared);
        if (status == TS_OK) {
            int unbounded = strcmp(width_field, "-") == 0;
            status = ts_layout_new(prepared, unbounded ? TS_WIDTH_UNDEFINED : TS_WIDTH_AT_MOST,
                                   unbounded ? 0 : atof(width_field), &layout);
        }
        ts_layout_info info;
        if (status == TS_OK) status = ts_layout_get_info(layout, &info);
        if (status != TS_OK) {
            printf("{\"error\": \"%d\"}\n", (int)status);
        } else {
            printf("{\"width\": %.17g, \"height\": %.17g, \"exact_width\": %.17g, \"exact_height\": %.17g, "
                   "\"natural_width\": %.17g, \"line_count\": %zu, \"truncated\": %s, \"lines\": [",
                   info.width, info.height, info.exact_width, info.exact_height, info.natural_width,
                   info.line_count, info.truncated ? "true" : "false");
            for (size_t i = 0; i < info.line_count; i++) {
                ts_line l;
                ts_layout_get_line(layout, i, &l);
                printf("%s{\"start\": %zu, \"end\": %zu, \"width\": %.17g, \"x\": %.17g, \"top\": %.17g, "
                       "\"baseline\": %.17g, \"height\": %.17g}", i ? ", " : "", l.start, l.end, l.width, l.x, l.top,
                       l.baseline, l.height);
            }
            printf("]}\n");
        }
        ts_layout_free(layout);
        ts_prepared_free(prepared);
        for (size_t i = 0; i < count; i++) free(strings[i]);
    }
    ts_typesetter_free(typesetter);
    ts_fonts_free(fonts);
    return 0;
}
