#ifndef CSQLITETUNING_H
#define CSQLITETUNING_H

/// Turns off SQLite's memory statistics for the whole process. Must run before SQLite's first
/// connection in the process.
///
/// Why: with statistics on, SQLite takes a global mutex around every allocation to count
/// bytes, which mwkit never reads (~3% of a large restore's database thread). Side effect for
/// the process: sqlite3_memory_used(), sqlite3_status64() and the heap limits stop working.
///
/// Why C: `sqlite3_config` is variadic, which Swift cannot call.
///
/// Returns 0 when the setting took effect; SQLITE_MISUSE (21) when SQLite was already
/// initialised in this process, in which case nothing changed.
int mwkit_sqlite_disable_memstatus(void);

#endif
