#pragma once

#include "store/FinishedIds.h"
#include "util/Result.h"

#include <QString>

#include <memory>

struct sqlite3;

namespace teamai {

class LedgerNames;

/// @brief The agent's SQLite database (`~/.teamai/local-agent/ledger.db`): opened with WAL and a
/// busy timeout so several agent processes share it safely, its schema migrated to the current
/// version on open. A file that is not a usable database is moved aside with its WAL and SHM
/// (kept for inspection), a fresh one is started, every row that can still be read is copied into
/// it, and the finished-ids record fills in the rest, so a damaged ledger neither stops the agent
/// nor makes it run a finished command again. A full or failing disk is never taken for damage.
///
/// Through SQLite's C API (see SqliteQuery for why not QtSql). One object per thread.
class LedgerDatabase
{
public:
    static constexpr int kSchemaVersion = 4;

    static QString defaultPath();

    explicit LedgerDatabase(const QString &path = defaultPath());
    ~LedgerDatabase();
    Q_DISABLE_COPY(LedgerDatabase)

    /// @brief Opens (creating or migrating as needed). Fails when even a fresh database cannot be
    /// made (disk full, folder not writable).
    Status open();
    bool isOpen() const;
    /// @brief Where a damaged database was moved during open(), empty when none was.
    QString setAsidePath() const { return m_setAside; }
    QString path() const { return m_path; }

    /// @brief The connection, for SqliteQuery; null when not open.
    sqlite3 *db() const { return m_db; }
    /// @brief The `names` table of this connection (ids of agent types, command types, local agent
    /// ids, and the types' packing dictionaries). Only while open.
    LedgerNames &names() { return *m_names; }

    /// @brief A statement on db() failed. When it was SQLITE_CORRUPT or SQLITE_NOTADB (damage the
    /// header did not show), the next open() runs `PRAGMA quick_check` and, if that fails, sets the
    /// ledger aside. Any other failure (busy, disk full) changes nothing.
    void noteFailure();

    /// @brief Appends the finished command to the finished-ids record beside the ledger (see
    /// finishedids), which survives the ledger being damaged or lost.
    void recordFinished(const QString &agentType, qint64 commandId, const QString &state, const QString &type);
    /// @brief recordFinished() for the results of one transaction: one write and one fsync.
    void recordFinished(const QList<finishedids::Entry> &entries);

private:
    Status openConnection();
    void closeConnection(bool foldLog = true);
    Status run(const char *sql);
    Result<int> userVersion();
    Status configureAndMigrate(int targetVersion = kSchemaVersion);
    Status migrate(int fromVersion, int targetVersion);
    Status runSteps(int current, int targetVersion);
    void compactAfterMigration();
    Status passesSuspectedDamageCheck();
    Status setAsideAndRecover(const QString &why);
    int restoreFinishedIds();
    QString suspectMarkerPath() const;

    QString m_path;
    sqlite3 *m_db = nullptr;
    std::unique_ptr<LedgerNames> m_names;
    QString m_setAside;
    bool m_damaged = false;
    bool m_created = false;
    bool m_suspect = false;  // a statement reported damage: do not fold the log on close  // the last migrate() made the schema from nothing
};

} // namespace teamai
