#ifndef RIFFLE_CLIBXML2_SHIM_H
#define RIFFLE_CLIBXML2_SHIM_H
#include <libxml/xmlreader.h>
#include <libxml/encoding.h>
#include <libxml/parserInternals.h>
#endif
