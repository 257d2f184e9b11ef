#pragma once

#include <QString>

struct sqlite3;

namespace teamai {

/// @brief The agent's SQLite database (`~/.teamai/local-agent/ledger.db`): opened with WAL and a
/// busy timeout so several agent processes share it safely, its schema migrated to the current
/// version on open. A file that is not a usable database is moved aside (kept for inspection)
/// and a fresh one is started, so a damaged ledger never stops the agent.
///
/// Through SQLite's C API (see SqliteQuery for why not QtSql). One object per thread.
class LedgerDatabase
{
public:
    static constexpr int kSchemaVersion = 1;

    static QString defaultPath();

    explicit LedgerDatabase(const QString &path = defaultPath());
    ~LedgerDatabase();
    LedgerDatabase(const LedgerDatabase &) = delete;
    LedgerDatabase &operator=(const LedgerDatabase &) = delete;

    /// @brief Opens (creating or migrating as needed). False with error() set when even a fresh
    /// database cannot be made (disk full, folder not writable).
    bool open();
    bool isOpen() const;
    QString error() const { return m_error; }
    /// @brief Where a damaged database was moved during open(), empty when none was.
    QString setAsidePath() const { return m_setAside; }
    QString path() const { return m_path; }

    /// @brief The connection, for SqliteQuery; null when not open.
    sqlite3 *db() const { return m_db; }

private:
    bool openConnection();
    void closeConnection(bool foldLog = true);
    bool run(const char *sql, QString *failure);
    int userVersion(QString *failure);
    bool configureAndMigrate();
    bool migrate(int fromVersion);
    bool setAside(const QString &why);

    QString m_path;
    sqlite3 *m_db = nullptr;
    QString m_error;
    QString m_setAside;
    bool m_damaged = false;
};

} // namespace teamai
