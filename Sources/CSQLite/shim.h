#ifndef RIFFLE_CSQLITE_SHIM_H
#define RIFFLE_CSQLITE_SHIM_H
#include <sqlite3.h>

/// Whether closing `db`, when it is the last connection to its file, checkpoints the write-ahead log
/// (SQLite's default) or leaves it for the next open. `sqlite3_db_config` is variadic, which Swift
/// cannot call.
static inline int riffle_sqlite3_checkpoint_on_close(sqlite3 *db, int checkpoint) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, checkpoint ? 0 : 1, (int *)0);
}

/// The size in bytes of the write-ahead log `db` has open, or -1 when it has none open.
static inline sqlite3_int64 riffle_sqlite3_wal_size(sqlite3 *db) {
    sqlite3_file *file = 0;
    sqlite3_int64 size = -1;
    if (sqlite3_file_control(db, "main", SQLITE_FCNTL_JOURNAL_POINTER, &file) != SQLITE_OK || file == 0
        || file->pMethods == 0 || file->pMethods->xFileSize(file, &size) != SQLITE_OK) {
        return -1;
    }
    return size;
}
#endif
