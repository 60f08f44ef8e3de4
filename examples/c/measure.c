/*
 * Typeset from C: measures a paragraph, prints its lines, and sizes a text
 * leaf the way a layout engine's measure callback does (Yoga's measure
 * modes: undefined, exactly, at-most).
 *
 *   cc -std=c99 -Wall -Wextra -pedantic measure.c -I PREFIX/include -L PREFIX/lib -ltypeset
 *   (or `pkg-config --cflags --libs typeset`)
 *
 * Exits 0 when every call succeeded and every answer holds together, 1
 * otherwise (scripts/test builds it with gcc and clang and runs it).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <typeset.h>

/* Yoga's measure modes, as Yoga's C API numbers them (YGMeasureMode). */
typedef enum { MEASURE_UNDEFINED = 0, MEASURE_EXACTLY = 1, MEASURE_AT_MOST = 2 } measure_mode;

typedef struct { double width, height; } size;

static int failures = 0;

static int check(ts_status status, const char *what) {
    if (status == TS_OK) return 1;
    fprintf(stderr, "measure.c: %s failed (status %d): %s\n", what, (int)status, ts_last_error());
    failures++;
    return 0;
}

/* A Yoga-style measure callback: a text leaf's size for a width and its
 * mode. UNDEFINED is max-content (one line per paragraph); EXACTLY breaks
 * at the width and reports it; AT_MOST breaks at it and reports the widest
 * line. The height is the lines' height, ceil'd to the text's pixel grid. */
static size measure_text(const ts_prepared *text, double width, measure_mode mode) {
    ts_measurement m;
    int32_t ts_mode = mode == MEASURE_EXACTLY ? TS_WIDTH_EXACTLY
                    : mode == MEASURE_AT_MOST ? TS_WIDTH_AT_MOST : TS_WIDTH_UNDEFINED;
    size s = {0, 0};
    if (check(ts_measure(text, ts_mode, width, &m), "ts_measure")) {
        s.width = m.width;
        s.height = m.height;
    }
    return s;
}

int main(void) {
    static const char paragraph[] =
        "Typeset measures text before anything is drawn: the height of every row of a feed, "
        "the size of a label for a layout engine. Hello world \xF0\x9F\x91\x8B #typeset";
    ts_fonts *fonts = NULL;
    ts_typesetter *typesetter = NULL;
    ts_prepared *text = NULL;
    ts_layout *layout = NULL;
    ts_style style;
    ts_layout_info info;
    double min_content = 0, max_content = 0;
    size_t i;

    printf("libtypeset %s\n", ts_version());
    if (!check(ts_fonts_bundled(0, &fonts), "ts_fonts_bundled")) return 1;
    if (!check(ts_typesetter_new(fonts, &typesetter), "ts_typesetter_new")) return 1;
    ts_fonts_free(fonts); /* the typesetter keeps them */

    ts_style_init(&style);
    style.font_family = "Noto Sans, Noto Color Emoji";
    style.size = 15;
    style.line_height_kind = TS_LINE_HEIGHT_PX;
    style.line_height = 21;
    if (!check(ts_prepare(typesetter, paragraph, strlen(paragraph), &style, NULL, 1, &text), "ts_prepare")) return 1;

    /* The paragraph at 320 px: its size and lines (byte offsets into `paragraph`). */
    if (check(ts_layout_new(text, TS_WIDTH_AT_MOST, 320, &layout), "ts_layout_new")
        && check(ts_layout_get_info(layout, &info), "ts_layout_get_info")) {
        printf("at 320 px: %g x %g px, %zu lines\n", info.width, info.height, info.line_count);
        for (i = 0; i < info.line_count; i++) {
            ts_line line;
            if (!check(ts_layout_get_line(layout, i, &line), "ts_layout_get_line")) break;
            printf("  line %zu: bytes %zu..%zu, width %.4f, baseline %g: \"%.*s\"\n", i, line.start, line.end,
                   line.width, line.baseline, (int)(line.end - line.start), paragraph + line.start);
        }
        if (info.line_count < 2 || info.height != 21.0 * (double)info.line_count) {
            fprintf(stderr, "measure.c: %zu lines of 21 px are %g px tall\n", info.line_count, info.height);
            failures++;
        }
    }
    ts_layout_free(layout);

    /* The measure callback under each mode. */
    if (check(ts_prepared_intrinsic_widths(text, &min_content, &max_content), "ts_prepared_intrinsic_widths"))
        printf("min-content %.4f px, max-content %.4f px\n", min_content, max_content);
    {
        size undefined = measure_text(text, NAN, MEASURE_UNDEFINED);
        size exactly = measure_text(text, 200, MEASURE_EXACTLY);
        size at_most = measure_text(text, 200, MEASURE_AT_MOST);
        printf("measure(undefined)      = %g x %g\n", undefined.width, undefined.height);
        printf("measure(exactly 200)    = %g x %g\n", exactly.width, exactly.height);
        printf("measure(at-most 200)    = %g x %g\n", at_most.width, at_most.height);
        if (undefined.height != 21 || undefined.width != ceil(max_content) || exactly.width != 200
            || at_most.width > 200 || at_most.height != exactly.height) {
            fprintf(stderr, "measure.c: the measure modes disagree\n");
            failures++;
        }
    }

    /* Bad arguments are errors with a message, never a crash. */
    {
        ts_prepared *bad = NULL;
        style.size = -1;
        if (ts_prepare(typesetter, paragraph, strlen(paragraph), &style, NULL, 1, &bad) != TS_ERROR_ARGUMENT || bad) {
            fprintf(stderr, "measure.c: a negative font size was not refused\n");
            failures++;
        } else {
            printf("refused: %s\n", ts_last_error());
        }
    }

    ts_prepared_free(text);
    ts_typesetter_free(typesetter);
    if (failures) fprintf(stderr, "measure.c: %d failures\n", failures);
    return failures ? 1 : 0;
}
