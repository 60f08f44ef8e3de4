// Counts heap allocations per thread, for typeset-bench's "allocations per
// text" figures. scripts/bench builds it as a shared library and preloads it;
// typeset-bench finds typeset_thread_allocations with dlsym and reports
// nothing when it is absent. Each call forwards to glibc's allocator; the
// count is thread-local (no contention in the multi-threaded figures).
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *block, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static __thread __attribute__((tls_model("initial-exec"))) uint64_t allocations;

void *malloc(size_t size) { allocations++; return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { allocations++; return __libc_calloc(count, size); }
void *realloc(void *block, size_t size) { allocations++; return __libc_realloc(block, size); }

int posix_memalign(void **out, size_t alignment, size_t size) {
    allocations++;
    void *block = __libc_memalign(alignment, size);
    if (!block) return 12;  // ENOMEM
    *out = block;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) { allocations++; return __libc_memalign(alignment, size); }

/// Allocations made by the calling thread so far.
uint64_t typeset_thread_allocations(void) { return allocations; }
