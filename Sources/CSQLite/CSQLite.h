#ifndef CSQLITE_H
#define CSQLITE_H

// SQLite's C API, from Debian's libsqlite3-dev (`make deps`), for the game store's own wrapper
// (Sources/GameStore/SQLite.swift).
#include <sqlite3.h>

// Swift imports no function-like macro: SQLITE_TRANSIENT (SQLite copies what is bound) stands here.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
