#ifndef TYPESET_CHARFBUZZ_SHIM_H
#define TYPESET_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#endif
