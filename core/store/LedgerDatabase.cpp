#include "store/LedgerDatabase.h"

#include "log/Logging.h"
#include "util/FileLock.h"
#include "util/Paths.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>

#include <sqlite3.h>

#include <atomic>

namespace teamai {
namespace {

// Version 1. Times are milliseconds since the epoch (UTC); text columns hold UTF-8.
const char *const kSchemaV1[] = {
    R"sql(CREATE TABLE commands (
        row_id            INTEGER PRIMARY KEY,
        command_id        INTEGER NOT NULL,
        agent_type        TEXT    NOT NULL,
        local_agent_id    TEXT    NOT NULL DEFAULT '',
        type              TEXT    NOT NULL DEFAULT '',
        raw_json          TEXT    NOT NULL,
        received_at       INTEGER NOT NULL,
        updated_at        INTEGER NOT NULL,
        started_at        INTEGER,
        finished_at       INTEGER,
        state             TEXT    NOT NULL CHECK (state IN ('pending','running','succeeded','failed','rejected','skipped','interrupted')),
        delivery          TEXT    NOT NULL CHECK (delivery IN ('not_delivered','delivered','unknown')),
        reason            TEXT    NOT NULL DEFAULT '',
        runner_pid        INTEGER,
        runner_start_time TEXT,
        child_pid         INTEGER,
        exit_code         INTEGER,
        signal            INTEGER,
        timed_out         INTEGER NOT NULL DEFAULT 0,
        cancelled         INTEGER NOT NULL DEFAULT 0,
        stdout_tail       BLOB,
        stderr_tail       BLOB,
        stdout_spill      TEXT,
        stderr_spill      TEXT,
        error             TEXT    NOT NULL DEFAULT '',
        version           TEXT    NOT NULL DEFAULT '',
        detail            TEXT    NOT NULL DEFAULT '',
        UNIQUE (agent_type, command_id))
    )sql",
    "CREATE INDEX commands_by_received ON commands (received_at)",
    "CREATE INDEX commands_by_state ON commands (state, received_at)",
    R"sql(CREATE TABLE acks (
        ack_id            INTEGER PRIMARY KEY,
        command_row       INTEGER NOT NULL REFERENCES commands (row_id),
        command_id        INTEGER NOT NULL,
        type              TEXT    NOT NULL DEFAULT '',
        status            TEXT    NOT NULL CHECK (status IN ('success','failed')),
        error             TEXT    NOT NULL DEFAULT '',
        version           TEXT    NOT NULL DEFAULT '',
        payload           TEXT    NOT NULL,
        created_at        INTEGER NOT NULL,
        delivered_at      INTEGER,
        attempts          INTEGER NOT NULL DEFAULT 0,
        next_attempt_at   INTEGER NOT NULL,
        last_http_status  INTEGER,
        last_error        TEXT    NOT NULL DEFAULT '')
    )sql",
    "CREATE INDEX acks_outbox ON acks (delivered_at, ack_id)",
    "CREATE INDEX acks_by_command ON acks (command_row)",
    // One row per attempt to deliver an ack. Type, status and state are copied in so the admin
    // history can filter a million rows through indexes alone, without joins.
    R"sql(CREATE TABLE ack_attempts (
        attempt_id        INTEGER PRIMARY KEY,
        ack_id            INTEGER NOT NULL REFERENCES acks (ack_id),
        command_id        INTEGER NOT NULL,
        agent_type        TEXT    NOT NULL DEFAULT '',
        type              TEXT    NOT NULL DEFAULT '',
        command_state     TEXT    NOT NULL DEFAULT '',
        status            TEXT    NOT NULL,
        error             TEXT    NOT NULL DEFAULT '',
        version           TEXT    NOT NULL DEFAULT '',
        attempted_at      INTEGER NOT NULL,
        http_status       INTEGER,
        transport_error   TEXT    NOT NULL DEFAULT '',
        delivered         INTEGER NOT NULL,
        attempt_number    INTEGER NOT NULL)
    )sql",
    "CREATE INDEX ack_attempts_by_time ON ack_attempts (attempted_at)",
    "CREATE INDEX ack_attempts_by_type ON ack_attempts (type, attempted_at)",
    "CREATE INDEX ack_attempts_by_state ON ack_attempts (command_state, attempted_at)",
    "CREATE INDEX ack_attempts_by_command ON ack_attempts (command_id)",
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
};

// QtSql names each connection; a counter is unique within the process (and, unlike a UUID, needs
// no randomness, which is slow to draw on some virtual machines).
int nextConnectionNumber()
{
    static std::atomic<int> counter{0};
    return ++counter;
}

bool isDamage(const QSqlError &error)
{
    const QString text = error.text().toLower();
    return text.contains(QLatin1String("not a database")) || text.contains(QLatin1String("malformed"))
        || text.contains(QLatin1String("corrupt")) || text.contains(QLatin1String("disk i/o error"))
        || text.contains(QLatin1String("unable to open"));
}

} // namespace

QString LedgerDatabase::defaultPath()
{
    return paths::agentStateDir() + QStringLiteral("/ledger.db");
}

LedgerDatabase::LedgerDatabase(const QString &path)
    : m_path(path)
    , m_connectionName(QStringLiteral("teamai-ledger-%1").arg(nextConnectionNumber()))
{
}

LedgerDatabase::~LedgerDatabase()
{
    closeConnection();
}

sqlite3 *LedgerDatabase::nativeHandle() const
{
    if (!m_db.isValid() || !m_db.driver())
        return nullptr;
    const QVariant handle = m_db.driver()->handle();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        return nullptr;
    return *static_cast<sqlite3 *const *>(handle.constData());
}

void LedgerDatabase::closeConnection(bool foldLog)
{
    if (!m_db.isValid())
        return;
    // The first process to open the ledger after everyone closed it replays (reads and checksums)
    // the whole write-ahead log, and hooks open it many times an hour. So the last connection out
    // folds a non-empty log into the database and removes it — what SQLite does on close unless
    // told not to — while one that leaves the log empty (an idle hook) skips the fsyncs that costs.
    // SQLite only does this when no other connection is open; it never waits for one.
    if (sqlite3 *connection = nativeHandle(); foldLog && connection && QFileInfo(m_path + QStringLiteral("-wal")).size() > 0)
        sqlite3_db_config(connection, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 0, nullptr);
    m_db.close();
    m_db = QSqlDatabase();
    QSqlDatabase::removeDatabase(m_connectionName);
}

bool LedgerDatabase::isOpen() const
{
    return m_db.isValid() && m_db.isOpen();
}

bool LedgerDatabase::open()
{
    if (!paths::ensurePrivateDir(QFileInfo(m_path).absolutePath(), &m_error))
        return false;
    // Two processes that both set up a new ledger (switch it to WAL, create the schema) can each
    // hold a shared lock while waiting for the other's exclusive one: SQLite then sits out its
    // busy timeout in both. Setting up one at a time avoids that; it costs one flock per open.
    FileLock setup(m_path + QStringLiteral(".lock"));
    if (!setup.acquire(15000, &m_error))
        return false;
    if (openConnection() && configureAndMigrate())
        return true;
    // One retry with a fresh file when the old one is damaged; anything else is a real error.
    if (m_damaged && QFile::exists(m_path) && setAside(m_error))
        return openConnection() && configureAndMigrate();
    return false;
}

bool LedgerDatabase::openConnection()
{
    closeConnection();
    m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
    m_db.setDatabaseName(m_path);
    // Concurrent agent processes wait for each other instead of failing with SQLITE_BUSY.
    m_db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=10000"));
    if (!m_db.open()) {
        m_error = QStringLiteral("cannot open %1: %2").arg(m_path, m_db.lastError().text());
        m_damaged = isDamage(m_db.lastError());
        return false;
    }
    const auto ownerOnly = QFile::ReadOwner | QFile::WriteOwner;
    if ((QFile::permissions(m_path) & ~(QFile::ReadUser | QFile::WriteUser | QFile::ExeUser)) != ownerOnly)
        QFile::setPermissions(m_path, ownerOnly);
    return true;
}

bool LedgerDatabase::configureAndMigrate()
{
    // By default the last connection to close checkpoints the WAL and deletes it, which costs
    // fsyncs even when the WAL is empty; closeConnection() turns that back on only when needed.
    if (sqlite3 *connection = nativeHandle())
        sqlite3_db_config(connection, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
    QSqlQuery query(m_db);
    for (const char *pragma : {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA foreign_keys=ON",
                               "PRAGMA journal_size_limit=4194304"}) {
        if (!query.exec(QString::fromLatin1(pragma))) {
            m_error = QStringLiteral("%1 is not a usable database: %2").arg(m_path, query.lastError().text());
            m_damaged = isDamage(query.lastError());
            return false;
        }
    }
    if (!query.exec(QStringLiteral("PRAGMA user_version")) || !query.next()) {
        m_error = QStringLiteral("%1 is not a usable database: %2").arg(m_path, query.lastError().text());
        m_damaged = isDamage(query.lastError());
        return false;
    }
    const int version = query.value(0).toInt();
    if (version == kSchemaVersion)
        return true;
    if (version > kSchemaVersion) {
        // Written by a newer agent: use it as is rather than destroying its data.
        qCWarning(lcStore) << "ledger schema" << version << "is newer than this agent's" << kSchemaVersion;
        return true;
    }
    return migrate(version);
}

bool LedgerDatabase::migrate(int fromVersion)
{
    QSqlQuery query(m_db);
    // IMMEDIATE takes the write lock at once, so two processes never migrate at the same time.
    if (!query.exec(QStringLiteral("BEGIN IMMEDIATE"))) {
        m_error = QStringLiteral("cannot migrate %1: %2").arg(m_path, query.lastError().text());
        return false;
    }
    // Re-read under the lock: another process may have migrated meanwhile.
    query.exec(QStringLiteral("PRAGMA user_version"));
    const int current = query.next() ? query.value(0).toInt() : fromVersion;
    bool ok = true;
    if (current < 1) {
        for (const char *statement : kSchemaV1) {
            if (!query.exec(QString::fromUtf8(statement))) {
                m_error = QStringLiteral("cannot create the ledger schema: %1").arg(query.lastError().text());
                ok = false;
                break;
            }
        }
    }
    if (ok && current < kSchemaVersion)
        ok = query.exec(QStringLiteral("PRAGMA user_version=%1").arg(kSchemaVersion));
    query.exec(ok ? QStringLiteral("COMMIT") : QStringLiteral("ROLLBACK"));
    if (ok && current < kSchemaVersion)
        qCInfo(lcStore) << "ledger schema migrated from" << current << "to" << kSchemaVersion;
    return ok;
}

bool LedgerDatabase::setAside(const QString &why)
{
    closeConnection(false);  // keep the damaged file and its log as they are, for inspection
    const QString aside = QStringLiteral("%1.damaged-%2").arg(m_path, QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMddTHHmmsszzz")));
    if (!QFile::rename(m_path, aside)) {
        m_error = QStringLiteral("%1 is damaged (%2) and cannot be moved aside").arg(m_path, why);
        return false;
    }
    for (const char *suffix : {"-wal", "-shm"})
        QFile::remove(m_path + QLatin1String(suffix));
    m_setAside = aside;
    m_damaged = false;
    qCWarning(lcStore).noquote() << "ledger" << m_path << "was unusable (" << why << "); kept as" << aside << "and started afresh";
    m_error.clear();
    return true;
}

} // namespace teamai
