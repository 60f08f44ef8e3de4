/* peer_input: see peer_input.h. */
#include "peer_input.h"

#include <errno.h>
#include <glib.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("peer: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

void *xrealloc(void *p, size_t n) {
    p = realloc(p, n ? n : 1);
    if (!p) die("out of memory");
    return p;
}

/* ---- A growable byte buffer ------------------------------------------- */

typedef struct {
    char *data;
    size_t len, cap;
} Buf;

static void buf_push(Buf *b, const char *s, size_t n) {
    if (b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->data = xrealloc(b->data, b->cap);
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = 0;
}

static void buf_byte(Buf *b, char c) { buf_push(b, &c, 1); }

static void buf_utf8(Buf *b, uint32_t cp) {
    char s[4];
    if (cp < 0x80) {
        s[0] = (char)cp;
        buf_push(b, s, 1);
    } else if (cp < 0x800) {
        s[0] = (char)(0xC0 | (cp >> 6));
        s[1] = (char)(0x80 | (cp & 0x3F));
        buf_push(b, s, 2);
    } else if (cp < 0x10000) {
        s[0] = (char)(0xE0 | (cp >> 12));
        s[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        s[2] = (char)(0x80 | (cp & 0x3F));
        buf_push(b, s, 3);
    } else {
        s[0] = (char)(0xF0 | (cp >> 18));
        s[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        s[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        s[3] = (char)(0x80 | (cp & 0x3F));
        buf_push(b, s, 4);
    }
}

/* ---- A small JSON reader: enough for {"text": "..."} lines ------------- */

typedef struct {
    const char *p, *end;
    const char *err;
} Json;

static void ws(Json *j) {
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\r' || *j->p == '\n')) j->p++;
}

static int fail(Json *j, const char *msg) {
    if (!j->err) j->err = msg;
    return 0;
}

static int hex4(const char *p, const char *end, uint32_t *out) {
    uint32_t v = 0;
    if (end - p < 4) return 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= (uint32_t)(c - '0');
        else if (c >= 'a' && c <= 'f') v |= (uint32_t)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= (uint32_t)(c - 'A' + 10);
        else return 0;
    }
    *out = v;
    return 1;
}

/* A string, j->p at its opening quote; decoded into out when out != NULL.
   \uXXXX escapes are decoded, surrogate pairs joined; a lone surrogate
   becomes U+FFFD. Raw bytes are copied as they are (checked as UTF-8 later). */
static int json_string(Json *j, Buf *out) {
    if (j->p >= j->end || *j->p != '"') return fail(j, "expected a string");
    j->p++;
    for (;;) {
        if (j->p >= j->end) return fail(j, "unterminated string");
        unsigned char c = (unsigned char)*j->p++;
        if (c == '"') return 1;
        if (c < 0x20) return fail(j, "control character in string");
        if (c != '\\') {
            if (out) buf_byte(out, (char)c);
            continue;
        }
        if (j->p >= j->end) return fail(j, "unterminated escape");
        char e = *j->p++;
        char lit = 0;
        switch (e) {
        case '"': lit = '"'; break;
        case '\\': lit = '\\'; break;
        case '/': lit = '/'; break;
        case 'b': lit = '\b'; break;
        case 'f': lit = '\f'; break;
        case 'n': lit = '\n'; break;
        case 'r': lit = '\r'; break;
        case 't': lit = '\t'; break;
        case 'u': {
            uint32_t cp, lo;
            if (!hex4(j->p, j->end, &cp)) return fail(j, "bad \\u escape");
            j->p += 4;
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                if (j->end - j->p >= 6 && j->p[0] == '\\' && j->p[1] == 'u' && hex4(j->p + 2, j->end, &lo) &&
                    lo >= 0xDC00 && lo <= 0xDFFF) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    j->p += 6;
                } else {
                    cp = 0xFFFD;
                }
            } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                cp = 0xFFFD;
            }
            if (cp == 0) return fail(j, "\\u0000 in string");
            if (out) buf_utf8(out, cp);
            continue;
        }
        default: return fail(j, "bad escape");
        }
        if (out) buf_byte(out, lit);
    }
}

static int json_skip_value(Json *j, int depth);

static int json_skip_container(Json *j, int depth, char close) {
    j->p++; /* the opening bracket */
    ws(j);
    if (j->p < j->end && *j->p == close) {
        j->p++;
        return 1;
    }
    for (;;) {
        if (close == '}') {
            ws(j);
            if (!json_string(j, NULL)) return 0;
            ws(j);
            if (j->p >= j->end || *j->p != ':') return fail(j, "expected ':'");
            j->p++;
        }
        if (!json_skip_value(j, depth + 1)) return 0;
        ws(j);
        if (j->p < j->end && *j->p == ',') {
            j->p++;
            continue;
        }
        if (j->p < j->end && *j->p == close) {
            j->p++;
            return 1;
        }
        return fail(j, close == '}' ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

static int json_skip_value(Json *j, int depth) {
    if (depth > 64) return fail(j, "nested too deeply");
    ws(j);
    if (j->p >= j->end) return fail(j, "expected a value");
    char c = *j->p;
    if (c == '"') return json_string(j, NULL);
    if (c == '{') return json_skip_container(j, depth, '}');
    if (c == '[') return json_skip_container(j, depth, ']');
    const char *start = j->p;
    while (j->p < j->end && (strchr("+-.0123456789eE", *j->p) || (*j->p >= 'a' && *j->p <= 'z'))) j->p++;
    if (j->p == start) return fail(j, "expected a value");
    return 1;
}

/* One line: an object with a string member "text", decoded into out. */
static int json_text_line(Json *j, Buf *out) {
    Buf key = {0};
    int found = 0;
    ws(j);
    if (j->p >= j->end || *j->p != '{') return fail(j, "expected '{'");
    j->p++;
    ws(j);
    if (j->p < j->end && *j->p == '}') {
        j->p++;
    } else {
        for (;;) {
            ws(j);
            key.len = 0;
            if (!json_string(j, &key)) goto error;
            ws(j);
            if (j->p >= j->end || *j->p != ':') {
                fail(j, "expected ':'");
                goto error;
            }
            j->p++;
            ws(j);
            if (key.len == 4 && memcmp(key.data, "text", 4) == 0) {
                if (found) {
                    fail(j, "\"text\" given twice");
                    goto error;
                }
                if (j->p >= j->end || *j->p != '"') {
                    fail(j, "\"text\" is not a string");
                    goto error;
                }
                out->len = 0;
                buf_push(out, "", 0);
                if (!json_string(j, out)) goto error;
                found = 1;
            } else if (!json_skip_value(j, 1)) {
                goto error;
            }
            ws(j);
            if (j->p < j->end && *j->p == ',') {
                j->p++;
                continue;
            }
            if (j->p < j->end && *j->p == '}') {
                j->p++;
                break;
            }
            fail(j, "expected ',' or '}'");
            goto error;
        }
    }
    ws(j);
    if (j->p != j->end) {
        fail(j, "text after the object");
        goto error;
    }
    free(key.data);
    if (!found) return fail(j, "no \"text\" member");
    return 1;
error:
    free(key.data);
    return 0;
}

Text *read_texts(const char *path, size_t limit, size_t *count, size_t *bytes) {
    FILE *f = fopen(path, "rb");
    if (!f) die("%s: %s", path, strerror(errno));
    Buf all = {0};
    char chunk[1 << 16];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) buf_push(&all, chunk, n);
    if (ferror(f)) die("%s: read error", path);
    fclose(f);

    Text *texts = NULL;
    size_t cap = 0;
    *count = 0;
    *bytes = 0;
    Buf text = {0};
    const char *p = all.data ? all.data : "", *end = p + all.len;
    for (size_t line = 1; p < end && (!limit || *count < limit); line++) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol) eol = end;
        Json j = {p, eol, NULL};
        ws(&j);
        if (j.p < eol) { /* not a blank line */
            j.p = p;
            if (!json_text_line(&j, &text))
                die("%s:%zu: %s (at column %ld)", path, line, j.err, (long)(j.p - p) + 1);
            if (!g_utf8_validate(text.data, (gssize)text.len, NULL))
                die("%s:%zu: text is not valid UTF-8", path, line);
            if (text.len > INT32_MAX) die("%s:%zu: text too long", path, line);
            if (*count == cap) {
                cap = cap ? cap * 2 : 1024;
                texts = xrealloc(texts, cap * sizeof *texts);
            }
            texts[*count].s = xrealloc(NULL, text.len + 1);
            memcpy(texts[*count].s, text.data, text.len + 1);
            texts[*count].len = (int)text.len;
            *bytes += text.len;
            (*count)++;
        }
        p = eol + 1;
    }
    free(text.data);
    free(all.data);
    return texts;
}

