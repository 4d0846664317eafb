#ifndef CSQLITETUNING_H
#define CSQLITETUNING_H

/// Process-wide SQLite settings for mwkit, applied before the first connection opens.
///
/// Why C: `sqlite3_config` is variadic, which Swift cannot call.
///
/// - multi-thread mode: no mutex around each connection's every call (bind, step, reset).
///   GRDB already serialises all use of a connection on its own queue, which is exactly
///   the guarantee SQLite's multi-thread mode asks of its caller.
/// - no memory statistics: SQLite otherwise takes a global mutex on every allocation to
///   count bytes, which mwkit never reads.
///
/// Returns 0 when both settings took effect; SQLITE_MISUSE (21) when SQLite was already
/// initialised in this process (a connection opened earlier), in which case nothing changed
/// and SQLite keeps its defaults, which are correct, only slower.
int mwkit_sqlite_tune(void);

#endif
