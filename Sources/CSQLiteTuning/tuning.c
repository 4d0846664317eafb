#include "CSQLiteTuning.h"
#include <sqlite3.h>

int mwkit_sqlite_tune(void) {
    if (sqlite3_threadsafe() == 0) return 0; /* built single-threaded: nothing to relax */
    int rc = sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
    if (rc != SQLITE_OK) return rc;
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
