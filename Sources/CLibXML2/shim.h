#ifndef RIFFLE_CLIBXML2_SHIM_H
#define RIFFLE_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU, so encoding.h would include the system's <unicode/*.h>, whose
 * types clash with the copy Foundation carries (_FoundationICU) in any module that sees both. riffle never
 * touches ICU through libxml2: the converters stay opaque pointers, and the ICU fields sit only at the end
 * of xmlCharEncodingHandler, which riffle neither allocates nor reads. */
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#include <libxml/encoding.h>
#include <libxml/parserInternals.h>
#include <libxml/HTMLparser.h>
#endif
