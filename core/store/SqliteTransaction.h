#pragma once

#include "util/Result.h"

#include <QString>

struct sqlite3;

namespace teamai {

/// @brief One write transaction on a SQLite connection: BEGIN IMMEDIATE on construction (the
/// write lock is taken now, waiting up to the busy timeout, rather than failing later when a read
/// upgrades), ROLLBACK on destruction unless commit() succeeded. commit() is checked: in WAL mode
/// a full disk shows up there, and then nothing of the transaction is stored.
class SqliteTransaction
{
public:
    explicit SqliteTransaction(sqlite3 *db);
    ~SqliteTransaction();
    Q_DISABLE_COPY(SqliteTransaction)

    /// @brief Whether BEGIN worked, or why not: then do nothing, there is no transaction.
    const Status &began() const { return m_began; }
    /// @brief COMMIT. Fails when it did (the transaction is rolled back).
    Status commit();

private:
    Status run(const char *sql);

    sqlite3 *m_db;
    Status m_began;
    bool m_open = false;
};

} // namespace teamai
