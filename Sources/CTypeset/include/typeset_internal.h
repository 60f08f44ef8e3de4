// What the Swift entry points of libtypeset need from its C side; not
// installed, not part of the interface (typeset.h is).
#ifndef TYPESET_INTERNAL_H
#define TYPESET_INTERNAL_H

#include <stddef.h>

/// Records the calling thread's last error message (UTF-8, `length` bytes).
void typeset_internal_set_error(const char *message, size_t length);

/// The path of the file holding the library (the shared library, or the
/// executable it is linked into), or NULL when it cannot be found.
const char *typeset_internal_library_path(void);

#endif
