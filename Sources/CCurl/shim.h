#ifndef RIFFLE_CCURL_SHIM_H
#define RIFFLE_CCURL_SHIM_H
#include <curl/curl.h>
#endif
