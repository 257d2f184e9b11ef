#include "store/SqliteTransaction.h"

#include <sqlite3.h>

namespace teamai {

SqliteTransaction::SqliteTransaction(sqlite3 *db)
    : m_db(db)
{
    m_began = run("BEGIN IMMEDIATE");
    m_open = m_began.ok();
}

SqliteTransaction::~SqliteTransaction()
{
    // After a failed statement SQLite may have rolled back already; ROLLBACK then just fails.
    if (m_open && !sqlite3_get_autocommit(m_db))
        sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
}

Status SqliteTransaction::commit()
{
    if (!m_open)
        return m_began.ok() ? Status(Error{QStringLiteral("the transaction is over")}) : m_began;
    if (const Status committed = run("COMMIT"); !committed)
        return committed;  // still open: the destructor rolls it back
    m_open = false;
    return {};
}

Status SqliteTransaction::run(const char *sql)
{
    char *message = nullptr;
    if (sqlite3_exec(m_db, sql, nullptr, nullptr, &message) == SQLITE_OK)
        return {};
    const QString error = message ? QString::fromUtf8(message) : QString::fromUtf8(sqlite3_errmsg(m_db));
    sqlite3_free(message);
    return Error{error};
}

} // namespace teamai
