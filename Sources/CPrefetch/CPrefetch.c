// The hints are inline functions of the header (CPrefetch.h); a C target needs a source file.
#include "CPrefetch.h"
