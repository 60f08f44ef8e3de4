#ifndef TYPESET_CFONTCONFIG_SHIM_H
#define TYPESET_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
