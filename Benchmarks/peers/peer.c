/*
 * peer: measures the benchmark's texts with Pango and with raw HarfBuzz, so
 * Typeset's figures can be set against theirs on the same machine in the same
 * run. typeset-bench (Benchmarks/TypesetBenchmark) writes the texts and runs
 * this; scripts/bench builds it.
 *
 *   peer [options] TEXTS.jsonl
 *
 *   TEXTS.jsonl        one JSON object per line with a string member "text"
 *                      (other members are ignored; blank lines are skipped)
 *   --fonts DIR        the only fonts Pango may use (default: fonts;
 *                      also --fonts-dir)
 *   --size PX          font size in pixels (default: 15)
 *   --width PX         wrap width for the cold measure (default: 320)
 *   --relayout-width PX  width the re-layout pass changes to (default: 280;
 *                      also --width2)
 *   --runs N           repetitions of every measurement (default: 5; also
 *                      --repetitions)
 *   --limit N          use only the first N texts (default: all)
 *
 * Pango (PangoCairo over a Fontconfig configuration holding only the fonts in
 * --fonts; family list "Noto Sans, Noto Sans Arabic, Noto Sans Hebrew, Noto
 * Sans Devanagari, Noto Sans Thai, Noto Sans CJK JP, Noto Color Emoji",
 * absolute size, unhinted metrics, unrounded glyph positions,
 * PANGO_WRAP_WORD_CHAR):
 *   cold      one reused PangoLayout: set_text + get_pixel_size per text.
 *             "Cold" is the layout's state (a text it has not seen); Pango's
 *             font and glyph caches are only cold in the first run, which
 *             is also reported alone (cold_first_run_us_per_text).
 *   relayout  one PangoLayout per text, laid out at --width beforehand
 *             (untimed); timed: set_width(--relayout-width) + get_pixel_size
 *             per text. Layouts are put back to --width (untimed) between
 *             runs, so every run times the same change of width.
 * Fontconfig keeps its scan of --fonts in the usual per-user cache
 * (~/.cache/fontconfig). Pango's language is "en" whatever the locale.
 * HarfBuzz (Noto Sans alone, no fallback, no line breaking):
 *   shape     one reused hb_buffer: reset, add_utf8, guess_segment_properties,
 *             hb_shape, per text (the whole text as one run).
 *
 * Output: one JSON object on stdout. Each timing figure is the median over
 * the runs of the wall-clock time (CLOCK_MONOTONIC), with _min and _max beside
 * it, in microseconds per text; the matching _cpu_ figure is the median of the
 * thread's CPU time, which a busy machine disturbs less. load_average is the
 * 1-minute load when the measurements start and end. The sums are checksums
 * (identical in every run, or the program fails) that keep the work from
 * being optimised away and let figures be sanity-checked:
 *
 *   {"texts": N, "bytes": B, "runs": R, "size_px": 15, "width_px": 320,
 *    "relayout_width_px": 280, "load_average": [start, end],
 *    "pango": {"cold_us_per_text": m, "cold_us_per_text_min": a,
 *              "cold_us_per_text_max": b, "cold_cpu_us_per_text": c,
 *              "cold_first_run_us_per_text": f,
 *              "relayout_us_per_text": m, "relayout_us_per_text_min": a,
 *              "relayout_us_per_text_max": b, "relayout_cpu_us_per_text": c,
 *              "heights_sum": H, "lines_sum": L,
 *              "relayout_heights_sum": H2, "relayout_lines_sum": L2,
 *              "pango_version": "1.50.12", "cairo_version": "...",
 *              "fontconfig_version": "...", "fonts_dir": "...",
 *              "application_fonts": 10, "system_fonts": 0},
 *    "harfbuzz": {"shape_us_per_text": m, "shape_us_per_text_min": a,
 *                 "shape_us_per_text_max": b, "shape_cpu_us_per_text": c,
 *                 "glyphs_sum": G,
 *                 "advance_sum_px": X, "font": "NotoSans-Regular.ttf",
 *                 "harfbuzz_version": "6.0.0"}}
 *
 * Heights are pango_layout_get_pixel_size heights (logical extents rounded
 * out to whole pixels), summed over the texts.
 *
 * Errors go to stderr, with exit status 1 (2 for bad usage).
 */
#define _DEFAULT_SOURCE /* getloadavg */

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>

#include "peer_input.h"

#define FAMILIES                                                              \
    "Noto Sans, Noto Sans Arabic, Noto Sans Hebrew, Noto Sans Devanagari, " \
    "Noto Sans Thai, Noto Sans CJK JP, Noto Color Emoji"
#define HB_FONT_FILE "NotoSans-Regular.ttf"

/* The whole Fontconfig configuration Pango sees (besides the fonts directory).
   The cache is fontconfig's usual per-user one. The rules scale colour bitmap
   fonts (Noto Color Emoji has one 109 ppem strike) to the requested pixel
   size, as fontconfig's stock conf.d/10-scale-bitmap-fonts.conf does; without
   them Pango lays emoji out at 109 px. */
static const char FONTCONFIG_XML[] =
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE fontconfig SYSTEM \"urn:fontconfig:fonts.dtd\">\n"
    "<fontconfig>\n"
    "  <cachedir prefix=\"xdg\">fontconfig</cachedir>\n"
    "  <match target=\"font\">\n"
    "    <test name=\"outline\" compare=\"eq\"><bool>false</bool></test>\n"
    "    <edit name=\"pixelsizefixupfactor\" mode=\"assign\">\n"
    "      <divide><name target=\"pattern\">pixelsize</name><name target=\"font\">pixelsize</name></divide>\n"
    "    </edit>\n"
    "  </match>\n"
    "  <match target=\"font\">\n"
    "    <test name=\"outline\" compare=\"eq\"><bool>false</bool></test>\n"
    "    <test name=\"pixelsizefixupfactor\" compare=\"not_eq\"><double>1.0</double></test>\n"
    "    <edit name=\"matrix\" mode=\"assign\">\n"
    "      <times><name>matrix</name><matrix>\n"
    "        <name>pixelsizefixupfactor</name><double>0</double>\n"
    "        <double>0</double><name>pixelsizefixupfactor</name>\n"
    "      </matrix></times>\n"
    "    </edit>\n"
    "    <edit name=\"size\" mode=\"assign\"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>\n"
    "  </match>\n"
    "</fontconfig>\n";


static double clock_us(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/* Times one pass: wall clock (CLOCK_MONOTONIC, the figure reported) and this
   thread's CPU time (less disturbed by other processes on a busy machine). */
typedef struct {
    double wall, cpu;
} Stamp;

static Stamp stamp(void) { return (Stamp){clock_us(CLOCK_MONOTONIC), clock_us(CLOCK_THREAD_CPUTIME_ID)}; }

static void record(double *wall, double *cpu, int run, Stamp start, size_t n) {
    Stamp end = stamp();
    wall[run] = (end.wall - start.wall) / (double)n;
    cpu[run] = (end.cpu - start.cpu) / (double)n;
}

/* ---- Statistics over runs --------------------------------------------- */

typedef struct {
    double median, min, max, first, cpu_median;
} Summary;

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(const double *values, int n, double *min, double *max) {
    double *v = xrealloc(NULL, (size_t)n * sizeof *v);
    memcpy(v, values, (size_t)n * sizeof *v);
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    double m = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    if (min) *min = v[0];
    if (max) *max = v[n - 1];
    free(v);
    return m;
}

static Summary summarise(const double *wall, const double *cpu, int n) {
    Summary s;
    s.median = median(wall, n, &s.min, &s.max);
    s.first = wall[0];
    s.cpu_median = median(cpu, n, NULL, NULL);
    return s;
}

static void json_print_string(const char *s) {
    putchar('"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') printf("\\%c", *p);
        else if (*p < 0x20) printf("\\u%04x", *p);
        else putchar(*p);
    }
    putchar('"');
}

static void print_figure(const char *name, const char *cpu_name, Summary s) {
    printf("\"%s\": %.3f, \"%s_min\": %.3f, \"%s_max\": %.3f, \"%s\": %.3f", name, s.median, name, s.min, name,
           s.max, cpu_name, s.cpu_median);
}

/* ---- Pango --------------------------------------------------------------- */

typedef struct {
    Summary cold, relayout;
    long long heights, lines, relayout_heights, relayout_lines;
    int app_fonts, system_fonts;
} PangoResult;

static void check_same(const char *what, int run, long long first, long long now) {
    if (first != now) die("pango: %s differs between runs (run 1: %lld, run %d: %lld)", what, first, run + 1, now);
}

static PangoResult run_pango(const Text *texts, size_t n, const char *fonts_dir, double size, double width,
                             double relayout_width, int runs) {
    PangoResult r = {0};

    /* Fontconfig: a configuration of our own (no system fonts, none of the
       system's rules) plus the fonts directory as application fonts. */
    FcConfig *config = FcConfigCreate();
    if (!config) die("FcConfigCreate failed");
    if (!FcConfigParseAndLoadFromMemory(config, (const FcChar8 *)FONTCONFIG_XML, FcTrue))
        die("fontconfig rejected the built-in configuration");
    if (!FcConfigAppFontAddDir(config, (const FcChar8 *)fonts_dir))
        die("fontconfig could not add the fonts directory %s", fonts_dir);
    if (!FcConfigBuildFonts(config)) die("FcConfigBuildFonts failed");
    if (!FcConfigSetCurrent(config)) die("FcConfigSetCurrent failed");
    FcFontSet *app = FcConfigGetFonts(config, FcSetApplication);
    FcFontSet *sys = FcConfigGetFonts(config, FcSetSystem);
    r.app_fonts = app ? app->nfont : 0;
    r.system_fonts = sys ? sys->nfont : 0;
    if (r.app_fonts == 0) die("no fonts found in %s", fonts_dir);

    PangoFontMap *fontmap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    if (!fontmap || !PANGO_IS_FC_FONT_MAP(fontmap)) die("PangoCairo has no Fontconfig font map");
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(fontmap), config);

    PangoContext *ctx = pango_font_map_create_context(fontmap);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options(ctx, options);
    cairo_font_options_destroy(options);
    pango_cairo_context_set_resolution(ctx, 96);
    pango_context_set_round_glyph_positions(ctx, FALSE);
    pango_context_set_language(ctx, pango_language_from_string("en"));
    PangoFontDescription *desc = pango_font_description_from_string(FAMILIES);
    pango_font_description_set_absolute_size(desc, size * PANGO_SCALE);
    pango_context_set_font_description(ctx, desc);
    pango_font_description_free(desc);

    int w1 = (int)lround(width * PANGO_SCALE), w2 = (int)lround(relayout_width * PANGO_SCALE);
    double *times = xrealloc(NULL, (size_t)runs * sizeof *times), *cpu = xrealloc(NULL, (size_t)runs * sizeof *cpu);

    /* Cold: one reused layout, new text each time. */
    PangoLayout *layout = pango_layout_new(ctx);
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_width(layout, w1);
    for (int run = 0; run < runs; run++) {
        long long heights = 0, lines = 0;
        Stamp start = stamp();
        for (size_t i = 0; i < n; i++) {
            int w, h;
            pango_layout_set_text(layout, texts[i].s, texts[i].len);
            pango_layout_get_pixel_size(layout, &w, &h);
            heights += h;
            lines += pango_layout_get_line_count(layout);
        }
        record(times, cpu, run, start, n);
        if (run == 0) {
            r.heights = heights;
            r.lines = lines;
        }
        check_same("heights_sum", run, r.heights, heights);
        check_same("lines_sum", run, r.lines, lines);
    }
    r.cold = summarise(times, cpu, runs);
    g_object_unref(layout);

    /* Re-layout: one layout per text, laid out at w1 beforehand. */
    PangoLayout **layouts = xrealloc(NULL, n * sizeof *layouts);
    for (size_t i = 0; i < n; i++) {
        int w, h;
        layouts[i] = pango_layout_new(ctx);
        pango_layout_set_wrap(layouts[i], PANGO_WRAP_WORD_CHAR);
        pango_layout_set_width(layouts[i], w1);
        pango_layout_set_text(layouts[i], texts[i].s, texts[i].len);
        pango_layout_get_pixel_size(layouts[i], &w, &h);
    }
    for (int run = 0; run < runs; run++) {
        long long heights = 0, lines = 0;
        Stamp start = stamp();
        for (size_t i = 0; i < n; i++) {
            int w, h;
            pango_layout_set_width(layouts[i], w2);
            pango_layout_get_pixel_size(layouts[i], &w, &h);
            heights += h;
            lines += pango_layout_get_line_count(layouts[i]);
        }
        record(times, cpu, run, start, n);
        if (run == 0) {
            r.relayout_heights = heights;
            r.relayout_lines = lines;
        }
        check_same("relayout_heights_sum", run, r.relayout_heights, heights);
        check_same("relayout_lines_sum", run, r.relayout_lines, lines);
        for (size_t i = 0; i < n; i++) { /* back to w1, untimed */
            int w, h;
            pango_layout_set_width(layouts[i], w1);
            pango_layout_get_pixel_size(layouts[i], &w, &h);
        }
    }
    r.relayout = summarise(times, cpu, runs);
    for (size_t i = 0; i < n; i++) g_object_unref(layouts[i]);
    free(layouts);
    free(times);
    free(cpu);
    g_object_unref(ctx);
    g_object_unref(fontmap);
    return r;
}

/* ---- Raw HarfBuzz -------------------------------------------------------- */

typedef struct {
    Summary shape;
    long long glyphs;
    double advance_px;
} HarfBuzzResult;

static HarfBuzzResult run_harfbuzz(const Text *texts, size_t n, const char *fonts_dir, double size, int runs) {
    HarfBuzzResult r = {0};
    size_t plen = strlen(fonts_dir) + sizeof "/" HB_FONT_FILE;
    char *path = xrealloc(NULL, plen);
    snprintf(path, plen, "%s/%s", fonts_dir, HB_FONT_FILE);
    hb_blob_t *blob = hb_blob_create_from_file(path);
    if (hb_blob_get_length(blob) == 0) die("harfbuzz: cannot read %s", path);
    free(path);
    hb_face_t *face = hb_face_create(blob, 0);
    hb_font_t *font = hb_font_create(face);
    int scale = (int)lround(size * 64); /* positions in 26.6 pixels */
    hb_font_set_scale(font, scale, scale);
    hb_buffer_t *buf = hb_buffer_create();
    double *times = xrealloc(NULL, (size_t)runs * sizeof *times), *cpu = xrealloc(NULL, (size_t)runs * sizeof *cpu);

    for (int run = 0; run < runs; run++) {
        long long glyphs = 0, advance = 0;
        Stamp start = stamp();
        for (size_t i = 0; i < n; i++) {
            unsigned int len;
            hb_buffer_reset(buf);
            hb_buffer_add_utf8(buf, texts[i].s, texts[i].len, 0, texts[i].len);
            hb_buffer_guess_segment_properties(buf);
            hb_shape(font, buf, NULL, 0);
            hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(buf, &len);
            glyphs += len;
            for (unsigned int g = 0; g < len; g++) advance += pos[g].x_advance;
        }
        record(times, cpu, run, start, n);
        if (run == 0) {
            r.glyphs = glyphs;
            r.advance_px = (double)advance / 64.0;
        } else if (glyphs != r.glyphs) {
            die("harfbuzz: glyphs_sum differs between runs");
        }
    }
    r.shape = summarise(times, cpu, runs);
    free(times);
    free(cpu);
    hb_buffer_destroy(buf);
    hb_font_destroy(font);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    return r;
}

/* ---- main ------------------------------------------------------------------ */

static void usage(FILE *to) {
    fputs("usage: peer [--fonts DIR] [--size PX] [--width PX] [--relayout-width PX]\n"
          "            [--runs N] [--limit N] TEXTS.jsonl\n",
          to);
}

static double number_arg(const char *name, const char *value, double lo, double hi) {
    char *end;
    errno = 0;
    double v = strtod(value, &end);
    if (errno || end == value || *end || !(v >= lo && v <= hi)) {
        fprintf(stderr, "peer: %s: expected a number from %g to %g, got '%s'\n", name, lo, hi, value);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv) {
    const char *fonts_dir = "fonts", *input = NULL;
    double size = 15, width = 320, relayout_width = 280;
    int runs = 5;
    size_t limit = 0;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        }
        if (a[0] == '-' && a[1] == '-' && a[2]) {
            if (i + 1 >= argc) {
                fprintf(stderr, "peer: %s needs a value\n", a);
                return 2;
            }
            const char *v = argv[++i];
            if (!strcmp(a, "--fonts") || !strcmp(a, "--fonts-dir")) fonts_dir = v;
            else if (!strcmp(a, "--size")) size = number_arg(a, v, 1, 1000);
            else if (!strcmp(a, "--width")) width = number_arg(a, v, 1, 100000);
            else if (!strcmp(a, "--relayout-width") || !strcmp(a, "--width2")) relayout_width = number_arg(a, v, 1, 100000);
            else if (!strcmp(a, "--runs") || !strcmp(a, "--repetitions")) runs = (int)number_arg(a, v, 1, 1000);
            else if (!strcmp(a, "--limit")) limit = (size_t)number_arg(a, v, 0, 1e12);
            else {
                fprintf(stderr, "peer: unknown option %s\n", a);
                usage(stderr);
                return 2;
            }
        } else if (!input) {
            input = a;
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (!input) {
        usage(stderr);
        return 2;
    }
    if (relayout_width == width) {
        fputs("peer: --relayout-width must differ from --width\n", stderr);
        return 2;
    }

    size_t n, bytes;
    Text *texts = read_texts(input, limit, &n, &bytes);
    if (n == 0) die("%s: no texts", input);

    double load_start[1] = {-1}, load_end[1] = {-1};
    if (getloadavg(load_start, 1) < 1) load_start[0] = -1;
    PangoResult p = run_pango(texts, n, fonts_dir, size, width, relayout_width, runs);
    HarfBuzzResult h = run_harfbuzz(texts, n, fonts_dir, size, runs);
    if (getloadavg(load_end, 1) < 1) load_end[0] = -1;

    int fc = FcGetVersion();
    char fc_version[32];
    snprintf(fc_version, sizeof fc_version, "%d.%d.%d", fc / 10000, fc / 100 % 100, fc % 100);

    printf("{\"texts\": %zu, \"bytes\": %zu, \"runs\": %d, \"size_px\": %g, \"width_px\": %g, "
           "\"relayout_width_px\": %g, \"load_average\": [%.2f, %.2f],\n",
           n, bytes, runs, size, width, relayout_width, load_start[0], load_end[0]);
    printf(" \"pango\": {");
    print_figure("cold_us_per_text", "cold_cpu_us_per_text", p.cold);
    printf(", \"cold_first_run_us_per_text\": %.3f, ", p.cold.first);
    print_figure("relayout_us_per_text", "relayout_cpu_us_per_text", p.relayout);
    printf(",\n  \"heights_sum\": %lld, \"lines_sum\": %lld, \"relayout_heights_sum\": %lld, "
           "\"relayout_lines_sum\": %lld,\n",
           p.heights, p.lines, p.relayout_heights, p.relayout_lines);
    printf("  \"pango_version\": ");
    json_print_string(pango_version_string());
    printf(", \"cairo_version\": ");
    json_print_string(cairo_version_string());
    printf(", \"fontconfig_version\": ");
    json_print_string(fc_version);
    printf(", \"fonts_dir\": ");
    json_print_string(fonts_dir);
    printf(", \"application_fonts\": %d, \"system_fonts\": %d},\n", p.app_fonts, p.system_fonts);
    printf(" \"harfbuzz\": {");
    print_figure("shape_us_per_text", "shape_cpu_us_per_text", h.shape);
    printf(", \"glyphs_sum\": %lld, \"advance_sum_px\": %.3f, \"font\": \"%s\", \"harfbuzz_version\": ", h.glyphs,
           h.advance_px, HB_FONT_FILE);
    json_print_string(hb_version_string());
    printf("}}\n");

    for (size_t i = 0; i < n; i++) free(texts[i].s);
    free(texts);
    return 0;
}
