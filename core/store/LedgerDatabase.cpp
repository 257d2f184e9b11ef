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
    recordFinished(QList<finishedids::Entry>{{agentType, commandId, state, type}});
}

void LedgerDatabase::recordFinished(const QList<finishedids::Entry> &entries)
{
    if (const Status recorded = finishedids::appendAll(finishedids::pathFor(m_path), entries); !recorded)
        qCWarning(lcStore).noquote() << "cannot record" << entries.size() << "finished command(s), the first" << entries.constFirst().id
                                     << ":" << recorded.error();
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
    // Fails only out of memory: the statements using them then fail, and say so.
    (void)ledgerfunctions::registerAll(m_db);
    m_names = std::make_unique<LedgerNames>(m_db);
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

Status LedgerDatabase::configureAndMigrate(int targetVersion)
{
    // By default the last connection to close checkpoints the WAL and deletes it, which costs
    // fsyncs even when the WAL is empty; closeConnection() turns that back on only when needed.
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
    const auto unusable = [this](const QString &failure) {
        return Error{m_damaged ? QStringLiteral("%1 is not a usable database: %2").arg(m_path, failure) : failure};
    };
    if (QFileInfo(m_path).size() == 0) {
        // Only a database with nothing written yet takes these (switching to WAL writes its first
        // page): pages freed by retention go back to the file system (PRAGMA incremental_vacuum)
        // instead of staying in the file for ever. Not taken, the ledger only stays larger.
        (void)run(QByteArray("PRAGMA page_size=" + QByteArray::number(ledgerschema::kPageSize)).constData());
        (void)run("PRAGMA auto_vacuum=INCREMENTAL");
    }
    for (const char *pragma : {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA foreign_keys=ON",
                               "PRAGMA journal_size_limit=4194304"}) {
        if (const Status set = run(pragma); !set)
            return unusable(set.error());
    }
    const Result<int> version = userVersion();
    if (!version)
        return unusable(version.error());
    if (*version == targetVersion)
        return {};
    if (*version > targetVersion) {
        // Written by a newer agent: use it as is rather than destroying its data.
        qCWarning(lcStore) << "ledger schema" << *version << "is newer than this agent's" << targetVersion;
        return {};
    }
    return migrate(*version, targetVersion);
}

Status LedgerDatabase::runSteps(int current, int targetVersion)
{
    for (int version = current + 1; version <= targetVersion; ++version) {
        for (const QString &statement : ledgerschema::step(version)) {
            if (const Status done = run(statement.toUtf8().constData()); !done) {
                return Error{version == 1 ? QStringLiteral("cannot create the ledger schema: %1").arg(done.error())
                                          : QStringLiteral("cannot migrate %1 to schema %2: %3")
                                                .arg(m_path, QString::number(version), done.error())};
            }
        }
    }
    const QByteArray setVersion = "PRAGMA user_version=" + QByteArray::number(targetVersion);
    if (const Status set = run(setVersion.constData()); !set)
        return Error{QStringLiteral("cannot migrate %1: %2").arg(m_path, set.error())};
    return {};
}

Status LedgerDatabase::migrate(int fromVersion, int targetVersion)
{
    // Dropping the old tables need not overwrite their pages first: the VACUUM below rewrites the
    // file without them anyway (this connection only; SQLite's default comes back on reopen).
    // Not taken, the migration is only slower.
    (void)run("PRAGMA secure_delete=OFF");
    // IMMEDIATE takes the write lock at once, so two processes never migrate at the same time.
    // One transaction: a process killed in the middle leaves the ledger as it was, to be migrated
    // by the next one.
    if (const Status began = run("BEGIN IMMEDIATE"); !began)
        return Error{QStringLiteral("cannot migrate %1: %2").arg(m_path, began.error())};
    QElapsedTimer clock;
    clock.start();
    // Re-read under the lock: another process may have migrated meanwhile.
    const int current = userVersion().valueOr(fromVersion);
    const Status migrated = current >= targetVersion ? Status() : runSteps(current, targetVersion);
    (void)run(migrated ? "COMMIT" : "ROLLBACK");  // a failed COMMIT leaves the old schema: the next open migrates again
    (void)run("PRAGMA secure_delete=ON");  // back to SQLite's default for this connection, as reopening would
    if (migrated && current < targetVersion && current > 0)
        qCInfo(lcStore) << "ledger schema migrated from" << current << "to" << targetVersion << "in" << clock.elapsed() << "ms";
    m_created = migrated && current < 1;
    if (migrated && current >= 1 && current < 4 && targetVersion >= 4)
        compactAfterMigration();
    return migrated;
}

void LedgerDatabase::compactAfterMigration()
{
    // Version 4 rewrote every table: the old pages are free, and the file is as large as before.
    // VACUUM gives them back and turns on incremental vacuuming. It is its own transaction: killed,
    // it leaves the migrated ledger whole, only larger; failing (a full disk), the same.
    QElapsedTimer clock;
    clock.start();
    Status compacted = run("PRAGMA auto_vacuum=INCREMENTAL");
    if (compacted)
        compacted = run("VACUUM");
    if (!compacted)
        qCWarning(lcStore).noquote() << "ledger migrated but not compacted:" << compacted.error();
    else
        qCInfo(lcStore) << "ledger compacted in" << clock.elapsed() << "ms";
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
    // The fresh ledger starts at the damaged one's version, so its rows copy over as they are;
    // then it is migrated like any other.
    const int asideVersion = ledgersalvage::schemaVersionOf(aside);
    if (const Status opened = openConnection(); !opened)
        return opened;
    if (const Status configured = configureAndMigrate(asideVersion >= 1 && asideVersion <= kSchemaVersion ? asideVersion : kSchemaVersion);
        !configured)
        return configured;
    // Rows first (they keep their row ids), then whatever only the finished-ids record knows.
    const ledgersalvage::Salvaged salvaged = ledgersalvage::copyReadableRows(m_db, aside);
    notice.recoveredCommands = salvaged.commands;
    notice.recoveredAcks = salvaged.acks;
    if (const Status migrated = configureAndMigrate(); !migrated)
        return migrated;
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
