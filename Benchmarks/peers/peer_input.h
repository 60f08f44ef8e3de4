/*
 * peer_input: reading the benchmark's texts for the peer (peer.c): a growable
 * byte buffer, a small JSON reader (enough for {"text": "..."} lines) and
 * read_texts, which loads a JSON Lines file of texts.
 */
#ifndef PEER_INPUT_H
#define PEER_INPUT_H

#include <stddef.h>

/* One text: NUL-terminated UTF-8 and its length in bytes. */
typedef struct {
    char *s;
    int len;
} Text;

/* Prints "peer: MESSAGE" to stderr and exits with status 1. */
void die(const char *fmt, ...);

/* realloc that dies when memory runs out. */
void *xrealloc(void *p, size_t n);

/* The texts of the JSON Lines file at path (at most limit of them, all when
   limit is 0); count and bytes receive their number and total size. Dies,
   naming the line, on unreadable files, bad JSON or invalid UTF-8. */
Text *read_texts(const char *path, size_t limit, size_t *count, size_t *bytes);

#endif
