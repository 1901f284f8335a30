#define _XOPEN_SOURCE 700
#include <wchar.h>
#include "cterminal.h"

int riffle_wcwidth(unsigned int scalar) { return wcwidth((wchar_t)scalar); }
