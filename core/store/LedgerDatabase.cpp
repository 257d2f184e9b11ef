#include "store/LedgerDatabase.h"

#include "log/Logging.h"
#include "util/AtomicFile.h"
#include "util/JsonFile.h"
#include "util/FileLock.h"
#include "util/Paths.h"

#include "store/FinishedIds.h"
#include "store/LedgerNotice.h"
#include "store/LedgerSalvage.h"
#include "store/SqliteQuery.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>

#include <sqlite3.h>

#include <cerrno>

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

// Version 2: what `teamai mcp` (one agent's commands by default) and `teamai history` filter by,
// so that every filter combination with an agent, and an id without one, is an index range even
// at a million rows (docs/performance.md). Creating them on an existing ledger reads it once.
const char *const kSchemaV2[] = {
    "CREATE INDEX IF NOT EXISTS commands_by_agent ON commands (agent_type, received_at)",
    "CREATE INDEX IF NOT EXISTS commands_by_agent_state ON commands (agent_type, state, received_at)",
    "CREATE INDEX IF NOT EXISTS commands_by_agent_type ON commands (agent_type, type, received_at)",
    "CREATE INDEX IF NOT EXISTS commands_by_type ON commands (type, received_at)",
    "CREATE INDEX IF NOT EXISTS commands_by_id ON commands (command_id)",
};

// Version 3: state and type together. With only the indexes above, a state + type filter that few
// rows match read every row of the type: 127 ms through `teamai mcp` at a million rows, seconds
// for `teamai history --state --type` without an agent (docs/performance.md, 2026-12-02).
const char *const kSchemaV3[] = {
    "CREATE INDEX IF NOT EXISTS commands_by_agent_state_type ON commands (agent_type, state, type, received_at)",
    "CREATE INDEX IF NOT EXISTS commands_by_state_type ON commands (state, type, received_at)",
};

// Forward-only migrations: a ledger at version v gets every step above v, in order.
struct SchemaStep {
    int version;
    const char *const *statements;
    size_t count;
};
template <size_t N>
constexpr SchemaStep schemaStep(int version, const char *const (&statements)[N])
{
    return SchemaStep{version, statements, N};
}
const SchemaStep kSchemaSteps[] = {schemaStep(1, kSchemaV1), schemaStep(2, kSchemaV2), schemaStep(3, kSchemaV3)};
static_assert(sizeof kSchemaSteps / sizeof kSchemaSteps[0] == LedgerDatabase::kSchemaVersion, "one step per version");

// SQLite's own verdict that the file is not (or no longer) a usable database, as opposed to a
// busy database, a full disk (SQLITE_FULL), a failing device (SQLITE_IOERR) or a folder we cannot
// write to: those are "cannot write now" and setting the ledger aside would lose what it knows.
bool isDamage(int code)
{
    const int primary = code & 0xff;
    return primary == SQLITE_NOTADB || primary == SQLITE_CORRUPT;
}

// The message for a failure of @p db: a full or failing disk in plain words, else SQLite's own.
QString failureText(sqlite3 *db, const QString &path)
{
    const int primary = sqlite3_extended_errcode(db) & 0xff;
    if (primary == SQLITE_FULL)
        return atomicfile::writeError(ENOSPC, path);
    if (primary == SQLITE_IOERR && sqlite3_system_errno(db))
        return atomicfile::writeError(sqlite3_system_errno(db), path);
    return QString::fromUtf8(sqlite3_errmsg(db));
}

} // namespace

QString LedgerDatabase::defaultPath()
{
    return paths::agentStateDir() + QStringLiteral("/ledger.db");
}

LedgerDatabase::LedgerDatabase(const QString &path)
    : m_path(path)
{
}

LedgerDatabase::~LedgerDatabase()
{
    closeConnection();
}

void LedgerDatabase::closeConnection(bool foldLog)
{
    if (!m_db)
        return;
    // The first process to open the ledger after everyone closed it replays (reads and checksums)
    // the whole write-ahead log, and hooks open it many times an hour. So the last connection out
    // folds a non-empty log into the database and removes it — what SQLite does on close unless
    // told not to — while one that leaves the log empty (an idle hook) skips the fsyncs that costs.
    // SQLite only does this when no other connection is open; it never waits for one.
    // A ledger suspected of damage is left as found: folding its log could spread the damage into
    // the database file, and the log may hold the only readable copy of its rows.
    if (foldLog && !m_suspect && QFileInfo(m_path + QStringLiteral("-wal")).size() > 0)
        sqlite3_db_config(m_db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 0, nullptr);
    // v2: statements still prepared (a CommandLedger's cache) are finalized by their owners later.
    sqlite3_close_v2(m_db);
    m_db = nullptr;
}

bool LedgerDatabase::isOpen() const
{
    return m_db != nullptr;
}

Status LedgerDatabase::open()
{
    if (const Status folder = paths::ensurePrivateDir(QFileInfo(m_path).absolutePath()); !folder)
        return folder;
    // Two processes that both set up a new ledger (switch it to WAL, create the schema) can each
    // hold a shared lock while waiting for the other's exclusive one: SQLite then sits out its
    // busy timeout in both. Setting up one at a time avoids that; it costs one flock per open.
    FileLock setup(m_path + QStringLiteral(".lock"));
    if (const FileLock::Attempt locked = setup.acquire(15000); !locked)
        return locked.status;
    m_created = false;
    Status opened = openConnection();
    if (opened)
        opened = configureAndMigrate();
    if (opened)
        opened = passesSuspectedDamageCheck();
    if (opened) {
        if (m_created)  // the ledger was deleted or lost: what finished before stays finished
            restoreFinishedIds();
        return opened;
    }
    // One retry with a fresh file when the old one is damaged; anything else is a real error.
    if (m_damaged && QFile::exists(m_path))
        return setAsideAndRecover(opened.error());
    return opened;
}

QString LedgerDatabase::suspectMarkerPath() const
{
    return m_path + QStringLiteral(".check");
}

void LedgerDatabase::noteFailure()
{
    if (!m_db || !isDamage(sqlite3_extended_errcode(m_db)))
        return;
    m_suspect = true;
    // Checked (PRAGMA quick_check) by the next open, not here: this connection's statements are
    // still in use, and a check on every hook would cost every hook.
    if (!QFile::exists(suspectMarkerPath()))
        (void)atomicfile::write(suspectMarkerPath(), QByteArray("SQLITE_CORRUPT seen\n"), jsonfile::kPrivateFile);
}

Status LedgerDatabase::passesSuspectedDamageCheck()
{
    if (!QFile::exists(suspectMarkerPath()))
        return {};
    SqliteQuery check(m_db);
    QString verdict;
    const Status checked = check.exec(QStringLiteral("PRAGMA quick_check(5)"));
    if (checked) {
        while (check.next())
            verdict += check.value(0).toString() + QLatin1Char(' ');
        verdict = verdict.trimmed();
    }
    const int code = sqlite3_extended_errcode(m_db);
    if (verdict == QLatin1String("ok")) {
        QFile::remove(suspectMarkerPath());
        return {};
    }
    if (verdict.isEmpty() && !isDamage(code))
        return {};  // the check could not run (busy, disk full): decide another time
    m_damaged = true;
    return Error{QStringLiteral("%1 failed its integrity check: %2").arg(m_path, verdict.isEmpty() ? checked.error() : verdict)};
}

void LedgerDatabase::recordFinished(const QString &agentType, qint64 commandId, const QString &state, const QString &type)
{
    if (const Status recorded = finishedids::append(finishedids::pathFor(m_path), {agentType, commandId, state, type}); !recorded)
        qCWarning(lcStore).noquote() << "cannot record the finished command" << commandId << ":" << recorded.error();
}

int LedgerDatabase::restoreFinishedIds()
{
    const int restored = ledgersalvage::importFinishedIds(m_db, finishedids::readAll(finishedids::pathFor(m_path)));
    if (restored > 0)
        qCWarning(lcStore) << "new ledger: restored" << restored << "finished command(s) from the finished-ids record";
    return restored;
}

Status LedgerDatabase::openConnection()
{
    closeConnection();
    m_damaged = false;
    // NOFOLLOW: the ledger is never reached through a symbolic link planted in its place.
    const int code = sqlite3_open_v2(QFile::encodeName(m_path).constData(), &m_db,
                                     SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOFOLLOW, nullptr);
    if (code != SQLITE_OK) {
        const Error failed{QStringLiteral("cannot open %1: %2").arg(m_path, m_db ? failureText(m_db, m_path) : QString::fromUtf8(sqlite3_errstr(code)))};
        m_damaged = isDamage(code);
        sqlite3_close_v2(m_db);
        m_db = nullptr;
        return failed;
    }
    sqlite3_extended_result_codes(m_db, 1);
    // Concurrent agent processes wait for each other instead of failing with SQLITE_BUSY.
    sqlite3_busy_timeout(m_db, 10000);
    paths::restrictMode(m_path, QFile::ReadOwner | QFile::WriteOwner);
    return {};
}

Status LedgerDatabase::run(const char *sql)
{
    const int code = sqlite3_exec(m_db, sql, nullptr, nullptr, nullptr);
    if (code == SQLITE_OK)
        return {};
    m_damaged = isDamage(sqlite3_extended_errcode(m_db));
    return Error{failureText(m_db, m_path)};
}

Result<int> LedgerDatabase::userVersion()
{
    SqliteQuery query(m_db);
    Status read = query.exec(QStringLiteral("PRAGMA user_version"));
    if (read && !query.next())
        read = Error{QStringLiteral("PRAGMA user_version gave no answer")};
    if (!read) {
        m_damaged = isDamage(sqlite3_extended_errcode(m_db));
        return Error{read.error()};
    }
    return query.value(0).toInt();
}

Status LedgerDatabase::configureAndMigrate()
{
    // By default the last connection to close checkpoints the WAL and deletes it, which costs
    // fsyncs even when the WAL is empty; closeConnection() turns that back on only when needed.
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
    const auto unusable = [this](const QString &failure) {
        return Error{m_damaged ? QStringLiteral("%1 is not a usable database: %2").arg(m_path, failure) : failure};
    };
    for (const char *pragma : {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA foreign_keys=ON",
                               "PRAGMA journal_size_limit=4194304"}) {
        if (const Status set = run(pragma); !set)
            return unusable(set.error());
    }
    const Result<int> version = userVersion();
    if (!version)
        return unusable(version.error());
    if (*version == kSchemaVersion)
        return {};
    if (*version > kSchemaVersion) {
        // Written by a newer agent: use it as is rather than destroying its data.
        qCWarning(lcStore) << "ledger schema" << *version << "is newer than this agent's" << kSchemaVersion;
        return {};
    }
    return migrate(*version);
}

Status LedgerDatabase::migrate(int fromVersion)
{
    // IMMEDIATE takes the write lock at once, so two processes never migrate at the same time.
    if (const Status began = run("BEGIN IMMEDIATE"); !began)
        return Error{QStringLiteral("cannot migrate %1: %2").arg(m_path, began.error())};
    // Re-read under the lock: another process may have migrated meanwhile.
    const int current = userVersion().valueOr(fromVersion);
    Status migrated;
    for (const SchemaStep &step : kSchemaSteps) {
        for (size_t i = 0; migrated && current < step.version && i < step.count; ++i) {
            if (const Status done = run(step.statements[i]); !done) {
                migrated = Error{step.version == 1 ? QStringLiteral("cannot create the ledger schema: %1").arg(done.error())
                                                   : QStringLiteral("cannot migrate %1 to schema %2: %3")
                                                         .arg(m_path, QString::number(step.version), done.error())};
            }
        }
    }
    if (migrated && current < kSchemaVersion) {
        const QByteArray setVersion = "PRAGMA user_version=" + QByteArray::number(kSchemaVersion);
        if (const Status set = run(setVersion.constData()); !set)
            migrated = Error{QStringLiteral("cannot migrate %1: %2").arg(m_path, set.error())};
    }
    (void)run(migrated ? "COMMIT" : "ROLLBACK");  // a failed COMMIT leaves the old schema: the next open migrates again
    if (migrated && current < kSchemaVersion)
        qCInfo(lcStore) << "ledger schema migrated from" << current << "to" << kSchemaVersion;
    m_created = migrated && current < 1;
    return migrated;
}

Status LedgerDatabase::setAsideAndRecover(const QString &why)
{
    closeConnection(false);  // keep the damaged file and its log as they are, for inspection
    ledgernotice::Notice notice;
    notice.time = QDateTime::currentDateTimeUtc();
    notice.reason = why;
    const QString aside = QStringLiteral("%1.damaged-%2").arg(m_path, notice.time.toString(QStringLiteral("yyyyMMddTHHmmsszzz")));
    // The log goes with the database: in a ledger that was not checkpointed it is the only copy of
    // every row, and left behind it would be replayed into the fresh ledger or deleted.
    for (const char *suffix : {"", "-wal", "-shm"}) {
        const QString from = m_path + QLatin1String(suffix);
        if (!QFile::exists(from))
            continue;
        if (!QFile::rename(from, aside + QLatin1String(suffix)))
            return Error{QStringLiteral("%1 is damaged (%2) and cannot be moved aside").arg(from, why)};
        notice.files.append(aside + QLatin1String(suffix));
    }
    m_setAside = aside;
    m_damaged = false;
    if (const Status opened = openConnection(); !opened)
        return opened;
    if (const Status configured = configureAndMigrate(); !configured)
        return configured;
    // Rows first (they keep their row ids), then whatever only the finished-ids record knows.
    const ledgersalvage::Result salvaged = ledgersalvage::copyReadableRows(m_db, aside);
    notice.recoveredCommands = salvaged.commands;
    notice.recoveredAcks = salvaged.acks;
    notice.restoredFinishedIds = restoreFinishedIds();
    QFile::remove(suspectMarkerPath());
    if (const Status saved = ledgernotice::save(ledgernotice::pathFor(m_path), notice); !saved)
        qCWarning(lcStore).noquote() << "cannot write the set-aside notice:" << saved.error();
    qCWarning(lcStore).noquote() << "ledger" << m_path << "was unusable (" << why << "); kept as" << aside
                                 << "and started afresh with" << notice.recoveredCommands << "command(s) and"
                                 << notice.recoveredAcks << "ack(s) read back," << notice.restoredFinishedIds
                                 << "restored from the finished-ids record";
    return {};
}

} // namespace teamai
