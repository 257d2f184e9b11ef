#include "store/LedgerDatabase.h"

#include "log/Logging.h"
#include "util/AtomicFile.h"
#include "util/JsonFile.h"
#include "util/FileLock.h"
#include "util/Paths.h"

#include "store/FinishedIds.h"
#include "store/LedgerFunctions.h"
#include "store/LedgerNames.h"
#include "store/LedgerSchema.h"
#include "store/LedgerNotice.h"
#include "store/LedgerSalvage.h"
#include "store/SqliteQuery.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#include <sqlite3.h>

#include <cerrno>

namespace teamai {
namespace {

static_assert(LedgerDatabase::kSchemaVersion == ledgerschema::kVersion, "one version");

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
    m_names.reset();
}

bool LedgerDatabase::isOpen() const
{
    return m_db != nullptr;
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
    m_created = false;
    if (openConnection() && configureAndMigrate() && passesSuspectedDamageCheck()) {
        if (m_created)  // the ledger was deleted or lost: what finished before stays finished
            restoreFinishedIds();
        return true;
    }
    // One retry with a fresh file when the old one is damaged; anything else is a real error.
    if (m_damaged && QFile::exists(m_path))
        return setAsideAndRecover(m_error);
    return false;
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
        atomicfile::write(suspectMarkerPath(), QByteArray("SQLITE_CORRUPT seen\n"), jsonfile::kPrivateFile);
}

bool LedgerDatabase::passesSuspectedDamageCheck()
{
    if (!QFile::exists(suspectMarkerPath()))
        return true;
    SqliteQuery check(m_db);
    QString verdict;
    if (check.exec(QStringLiteral("PRAGMA quick_check(5)"))) {
        while (check.next())
            verdict += check.value(0).toString() + QLatin1Char(' ');
        verdict = verdict.trimmed();
    }
    const int code = sqlite3_extended_errcode(m_db);
    if (verdict == QLatin1String("ok")) {
        QFile::remove(suspectMarkerPath());
        return true;
    }
    if (verdict.isEmpty() && !isDamage(code))
        return true;  // the check could not run (busy, disk full): decide another time
    m_damaged = true;
    m_error = QStringLiteral("%1 failed its integrity check: %2").arg(m_path, verdict.isEmpty() ? check.lastError() : verdict);
    return false;
}

void LedgerDatabase::recordFinished(const QString &agentType, qint64 commandId, const QString &state, const QString &type)
{
    QString error;
    if (!finishedids::append(finishedids::pathFor(m_path), {agentType, commandId, state, type}, &error))
        qCWarning(lcStore).noquote() << "cannot record the finished command" << commandId << ":" << error;
}

int LedgerDatabase::restoreFinishedIds()
{
    const int restored = ledgersalvage::importFinishedIds(m_db, finishedids::readAll(finishedids::pathFor(m_path)));
    if (restored > 0)
        qCWarning(lcStore) << "new ledger: restored" << restored << "finished command(s) from the finished-ids record";
    return restored;
}

bool LedgerDatabase::openConnection()
{
    closeConnection();
    m_damaged = false;
    // NOFOLLOW: the ledger is never reached through a symbolic link planted in its place.
    const int code = sqlite3_open_v2(QFile::encodeName(m_path).constData(), &m_db,
                                     SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOFOLLOW, nullptr);
    if (code != SQLITE_OK) {
        m_error = QStringLiteral("cannot open %1: %2").arg(m_path, m_db ? failureText(m_db, m_path) : QString::fromUtf8(sqlite3_errstr(code)));
        m_damaged = isDamage(code);
        sqlite3_close_v2(m_db);
        m_db = nullptr;
        return false;
    }
    sqlite3_extended_result_codes(m_db, 1);
    ledgerfunctions::registerAll(m_db);  // fails only out of memory: the statements using them then fail
    m_names = std::make_unique<LedgerNames>(m_db);
    // Concurrent agent processes wait for each other instead of failing with SQLITE_BUSY.
    sqlite3_busy_timeout(m_db, 10000);
    paths::restrictMode(m_path, QFile::ReadOwner | QFile::WriteOwner);
    return true;
}

bool LedgerDatabase::run(const char *sql, QString *failure)
{
    const int code = sqlite3_exec(m_db, sql, nullptr, nullptr, nullptr);
    if (code == SQLITE_OK)
        return true;
    *failure = failureText(m_db, m_path);
    m_damaged = isDamage(sqlite3_extended_errcode(m_db));
    return false;
}

int LedgerDatabase::userVersion(QString *failure)
{
    SqliteQuery query(m_db);
    if (!query.exec(QStringLiteral("PRAGMA user_version")) || !query.next()) {
        *failure = query.lastError();
        m_damaged = isDamage(sqlite3_extended_errcode(m_db));
        return -1;
    }
    return query.value(0).toInt();
}

bool LedgerDatabase::configureAndMigrate(int targetVersion)
{
    // By default the last connection to close checkpoints the WAL and deletes it, which costs
    // fsyncs even when the WAL is empty; closeConnection() turns that back on only when needed.
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
    QString failure;
    if (QFileInfo(m_path).size() == 0) {
        // Only a database with nothing written yet takes these (switching to WAL writes its first
        // page): pages freed by retention go back to the file system (PRAGMA incremental_vacuum)
        // instead of staying in the file for ever.
        run(QByteArray("PRAGMA page_size=" + QByteArray::number(ledgerschema::kPageSize)).constData(), &failure);
        run("PRAGMA auto_vacuum=INCREMENTAL", &failure);
    }
    for (const char *pragma : {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA foreign_keys=ON",
                               "PRAGMA journal_size_limit=4194304"}) {
        if (!run(pragma, &failure)) {
            m_error = m_damaged ? QStringLiteral("%1 is not a usable database: %2").arg(m_path, failure) : failure;
            return false;
        }
    }
    const int version = userVersion(&failure);
    if (version < 0) {
        m_error = m_damaged ? QStringLiteral("%1 is not a usable database: %2").arg(m_path, failure) : failure;
        return false;
    }
    if (version == targetVersion)
        return true;
    if (version > targetVersion) {
        // Written by a newer agent: use it as is rather than destroying its data.
        qCWarning(lcStore) << "ledger schema" << version << "is newer than this agent's" << targetVersion;
        return true;
    }
    return migrate(version, targetVersion);
}

bool LedgerDatabase::runSteps(int current, int targetVersion)
{
    QString failure;
    for (int version = current + 1; version <= targetVersion; ++version) {
        for (const QString &statement : ledgerschema::step(version)) {
            if (!run(statement.toUtf8().constData(), &failure)) {
                m_error = version == 1 ? QStringLiteral("cannot create the ledger schema: %1").arg(failure)
                                       : QStringLiteral("cannot migrate %1 to schema %2: %3").arg(m_path, QString::number(version), failure);
                return false;
            }
        }
    }
    const QByteArray setVersion = "PRAGMA user_version=" + QByteArray::number(targetVersion);
    if (!run(setVersion.constData(), &failure)) {
        m_error = QStringLiteral("cannot migrate %1: %2").arg(m_path, failure);
        return false;
    }
    return true;
}

bool LedgerDatabase::migrate(int fromVersion, int targetVersion)
{
    QString failure;
    // Dropping the old tables need not overwrite their pages first: the VACUUM below rewrites the
    // file without them anyway (this connection only; SQLite's default comes back on reopen).
    run("PRAGMA secure_delete=OFF", &failure);
    // IMMEDIATE takes the write lock at once, so two processes never migrate at the same time.
    // One transaction: a process killed in the middle leaves the ledger as it was, to be migrated
    // by the next one.
    if (!run("BEGIN IMMEDIATE", &failure)) {
        m_error = QStringLiteral("cannot migrate %1: %2").arg(m_path, failure);
        return false;
    }
    QElapsedTimer clock;
    clock.start();
    // Re-read under the lock: another process may have migrated meanwhile.
    const int read = userVersion(&failure);
    const int current = read < 0 ? fromVersion : read;
    const bool ok = current >= targetVersion || runSteps(current, targetVersion);
    QString ignored;
    run(ok ? "COMMIT" : "ROLLBACK", &ignored);
    run("PRAGMA secure_delete=ON", &ignored);
    if (ok && current < targetVersion && current > 0)
        qCInfo(lcStore) << "ledger schema migrated from" << current << "to" << targetVersion << "in" << clock.elapsed() << "ms";
    m_created = ok && current < 1;
    if (ok && current >= 1 && current < 4 && targetVersion >= 4)
        compactAfterMigration();
    return ok;
}

void LedgerDatabase::compactAfterMigration()
{
    // Version 4 rewrote every table: the old pages are free, and the file is as large as before.
    // VACUUM gives them back and turns on incremental vacuuming. It is its own transaction: killed,
    // it leaves the migrated ledger whole, only larger; failing (a full disk), the same.
    QString failure;
    QElapsedTimer clock;
    clock.start();
    if (!run("PRAGMA auto_vacuum=INCREMENTAL", &failure) || !run("VACUUM", &failure))
        qCWarning(lcStore).noquote() << "ledger migrated but not compacted:" << failure;
    else
        qCInfo(lcStore) << "ledger compacted in" << clock.elapsed() << "ms";
}

bool LedgerDatabase::setAsideAndRecover(const QString &why)
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
        if (!QFile::rename(from, aside + QLatin1String(suffix))) {
            m_error = QStringLiteral("%1 is damaged (%2) and cannot be moved aside").arg(from, why);
            return false;
        }
        notice.files.append(aside + QLatin1String(suffix));
    }
    m_setAside = aside;
    m_damaged = false;
    // The fresh ledger starts at the damaged one's version, so its rows copy over as they are;
    // then it is migrated like any other.
    const int asideVersion = ledgersalvage::schemaVersionOf(aside);
    if (!openConnection() || !configureAndMigrate(asideVersion >= 1 && asideVersion <= kSchemaVersion ? asideVersion : kSchemaVersion))
        return false;
    // Rows first (they keep their row ids), then whatever only the finished-ids record knows.
    const ledgersalvage::Result salvaged = ledgersalvage::copyReadableRows(m_db, aside);
    notice.recoveredCommands = salvaged.commands;
    notice.recoveredAcks = salvaged.acks;
    if (!configureAndMigrate())
        return false;
    notice.restoredFinishedIds = restoreFinishedIds();
    QFile::remove(suspectMarkerPath());
    QString noticeError;
    if (!ledgernotice::save(ledgernotice::pathFor(m_path), notice, &noticeError))
        qCWarning(lcStore).noquote() << "cannot write the set-aside notice:" << noticeError;
    qCWarning(lcStore).noquote() << "ledger" << m_path << "was unusable (" << why << "); kept as" << aside
                                 << "and started afresh with" << notice.recoveredCommands << "command(s) and"
                                 << notice.recoveredAcks << "ack(s) read back," << notice.restoredFinishedIds
                                 << "restored from the finished-ids record";
    m_error.clear();
    return true;
}

} // namespace teamai
