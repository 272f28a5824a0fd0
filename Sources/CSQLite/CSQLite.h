#ifndef CSQLITE_H
#define CSQLITE_H

// SQLite's C API, from Debian's libsqlite3-dev (`make deps`), for the game store's own wrapper
// (Sources/GameStore/SQLite.swift).
#include <sqlite3.h>

// Swift imports no function-like macro: SQLITE_TRANSIENT (SQLite copies what is bound) stands here.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

// Swift calls no variadic C function: the connection's close leaves the log as it is (no checkpoint).
static inline int csqlite_no_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

#endif
