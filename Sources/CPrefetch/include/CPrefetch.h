// CPU cache hints for the hot paths: C because a prefetch is a compiler
// builtin Swift does not expose, and because a hint may read memory another
// thread writes, which only C can keep out of ThreadSanitizer's view.
#ifndef CPREFETCH_H
#define CPREFETCH_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Asks the CPU to bring the cache line at `address` closer (a hint: any
/// address may be given, a stale or unmapped one costs nothing).
static inline void tsp_prefetch(const void *address) {
    __builtin_prefetch(address);
}

/// When the 64-bit word at `key_at` is `key`, reads the address stored at
/// `pointer_at` and prefetches the first two cache lines there; nothing
/// else. The caller says where its key and pointer are (this knows no
/// layout). Both reads are without a lock and may race a writer: a torn or
/// stale value only prefetches the wrong line, which is why they are not
/// visible to ThreadSanitizer, and why the caller must read the same memory
/// again, under its lock, before it uses any of it.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
__attribute__((no_sanitize("thread")))
#endif
#endif
static inline void tsp_prefetch_pointee_if(const void *key_at, uint64_t key, const void *pointer_at) {
    if (*(const volatile uint64_t *)key_at != key) return;
    const char *pointee = *(const char *const volatile *)pointer_at;
    __builtin_prefetch(pointee);
    __builtin_prefetch(pointee + 64);
}

#ifdef __cplusplus
}
#endif

#endif
