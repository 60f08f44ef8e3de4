// The C side of libtypeset: the calling thread's last error message and
// where the library itself lies (for the bundled fonts of an installed
// prefix). The entry points themselves are Swift (Sources/TypesetC).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>

#include "typeset.h"
#include "typeset_internal.h"

/// The last failure's message, per thread; long messages are cut.
static _Thread_local char last_error[1024];

const char *ts_last_error(void) { return last_error; }

void typeset_internal_set_error(const char *message, size_t length) {
    if (length >= sizeof last_error) length = sizeof last_error - 1;
    memcpy(last_error, message, length);
    last_error[length] = '\0';
}

const char *typeset_internal_library_path(void) {
    Dl_info info;
    if (dladdr((const void *)&ts_last_error, &info) == 0 || info.dli_fname == NULL) return NULL;
    return info.dli_fname;
}
