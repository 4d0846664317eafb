#include "CSQLiteTuning.h"
#include <sqlite3.h>

int mwkit_sqlite_disable_memstatus(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
