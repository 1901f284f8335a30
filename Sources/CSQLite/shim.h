#ifndef RIFFLE_CSQLITE_SHIM_H
#define RIFFLE_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
