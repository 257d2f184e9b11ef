#pragma once

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
    SqliteTransaction(const SqliteTransaction &) = delete;
    SqliteTransaction &operator=(const SqliteTransaction &) = delete;

    /// @brief False when BEGIN failed (error() says why): do nothing, there is no transaction.
    bool began() const { return m_open; }
    /// @brief COMMIT. False when it failed (the transaction is rolled back, error() says why).
    [[nodiscard]] bool commit();
    QString error() const { return m_error; }

private:
    bool run(const char *sql);

    sqlite3 *m_db;
    bool m_open = false;
    QString m_error;
};

} // namespace teamai
