#include "store/SqliteTransaction.h"

#include <sqlite3.h>

namespace teamai {

SqliteTransaction::SqliteTransaction(sqlite3 *db)
    : m_db(db)
{
    m_open = run("BEGIN IMMEDIATE");
}

SqliteTransaction::~SqliteTransaction()
{
    // After a failed statement SQLite may have rolled back already; ROLLBACK then just fails.
    if (m_open && !sqlite3_get_autocommit(m_db))
        sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
}

bool SqliteTransaction::commit()
{
    if (!m_open)
        return false;
    if (!run("COMMIT"))
        return false;  // still open: the destructor rolls it back
    m_open = false;
    return true;
}

bool SqliteTransaction::run(const char *sql)
{
    char *message = nullptr;
    if (sqlite3_exec(m_db, sql, nullptr, nullptr, &message) == SQLITE_OK)
        return true;
    m_error = message ? QString::fromUtf8(message) : QString::fromUtf8(sqlite3_errmsg(m_db));
    sqlite3_free(message);
    return false;
}

} // namespace teamai
