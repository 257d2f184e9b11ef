#include "store/LedgerSalvage.h"

#include "log/Logging.h"
#include "store/LedgerCodes.h"
#include "store/LedgerNames.h"
#include "store/SqliteQuery.h"

#include <QDateTime>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtEndian>

#include <sqlite3.h>

namespace teamai::ledgersalvage {
namespace {

constexpr qint64 kMaxRowsPerTable = 2000000;  // a bound for a max(rowid) read from a damaged page
constexpr int kHeaderSize = 100;

// The page size a WAL file was written with (bytes 8–11 of its header), 0 when unknown.
quint32 walPageSize(const QString &wal)
{
    QFile file(wal);
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray header = file.read(32);
    if (header.size() < 32)
        return 0;
    const quint32 size = qFromBigEndian<quint32>(header.constData() + 8);
    return size >= 512 && size <= 65536 && (size & (size - 1)) == 0 ? size : 0;
}

// A plain database header (file format 3, WAL mode, UTF-8, schema format 4) for @p pageSize.
QByteArray plainHeader(quint32 pageSize, qint64 fileSize)
{
    QByteArray h(kHeaderSize, '\0');
    char *p = h.data();
    memcpy(p, "SQLite format 3", 16);
    qToBigEndian<quint16>(pageSize == 65536 ? 1 : quint16(pageSize), p + 16);
    p[18] = 2;  // write and read versions 2: WAL
    p[19] = 2;
    p[21] = 64;
    p[22] = 32;
    p[23] = 32;
    qToBigEndian<quint32>(1, p + 24);                                 // change counter
    qToBigEndian<quint32>(quint32(fileSize / pageSize), p + 28);     // size in pages
    qToBigEndian<quint32>(1, p + 40);                                 // schema cookie
    qToBigEndian<quint32>(4, p + 44);                                 // schema format
    qToBigEndian<quint32>(1, p + 56);                                 // UTF-8
    qToBigEndian<quint32>(1, p + 92);                                 // size valid for change 1
    qToBigEndian<quint32>(quint32(SQLITE_VERSION_NUMBER), p + 96);
    return h;
}

// Copies @p aside and its WAL to @p scratch, giving the copy a plain header when its own is garbage.
bool makeScratch(const QString &aside, const QString &scratch)
{
    for (const char *suffix : {"", "-wal", "-shm"})
        QFile::remove(scratch + QLatin1String(suffix));
    if (!QFile::copy(aside, scratch))
        return false;
    const QString wal = aside + QStringLiteral("-wal");
    if (QFile::exists(wal) && !QFile::copy(wal, scratch + QStringLiteral("-wal")))
        return false;
    QFile file(scratch);
    if (!file.open(QIODevice::ReadWrite))
        return false;
    if (file.read(16) == QByteArray("SQLite format 3", 16))
        return true;
    // The page size is in the WAL's header; without a WAL, SQLite's default (the ledger's own).
    const quint32 fromWal = walPageSize(wal);
    const quint32 pageSize = fromWal ? fromWal : 4096;
    if (file.size() < kHeaderSize)
        return true;  // nothing to go on: the rows are lost, the finished-ids record remains
    qCInfo(lcStore) << "damaged ledger header replaced by a plain one to read the rows in its log";
    return file.seek(0) && file.write(plainHeader(pageSize, file.size())) == kHeaderSize;
}

bool run(sqlite3 *db, const char *sql)
{
    return sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
}

// Copies the readable rows of one table, one rowid at a time; returns how many were copied.
int copyTable(sqlite3 *db, const QString &table)
{
    SqliteQuery max(db);
    qint64 last = kMaxRowsPerTable;
    if (max.exec(QStringLiteral("SELECT max(rowid) FROM old.%1").arg(table)) && max.next())
        last = std::min(max.value(0).toLongLong(), kMaxRowsPerTable);
    max.finish();
    SqliteQuery copy(db);
    if (!copy.prepare(QStringLiteral("INSERT OR IGNORE INTO main.%1 SELECT * FROM old.%1 WHERE rowid = ?").arg(table)))
        return 0;
    int copied = 0;
    for (qint64 rowid = 1; rowid <= last; ++rowid) {
        copy.addBindValue(rowid);
        if (copy.exec())
            copied += copy.numRowsAffected();
        else if (sqlite3_get_autocommit(db))
            run(db, "BEGIN");  // an error rolled the transaction back: carry on in a new one
    }
    return copied;
}

} // namespace

int schemaVersionOf(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray header = file.read(kHeaderSize);
    if (header.size() < kHeaderSize || !header.startsWith(QByteArray("SQLite format 3", 16)))
        return -1;
    return int(qFromBigEndian<qint32>(header.constData() + 60));  // the user_version field
}

Salvaged copyReadableRows(sqlite3 *db, const QString &aside)
{
    Salvaged result;
    const QString scratch = aside + QStringLiteral(".salvage");
    if (makeScratch(aside, scratch)) {
        SqliteQuery attach(db);
        (void)attach.prepare(QStringLiteral("ATTACH DATABASE ? AS old"));
        attach.addBindValue(scratch);
        if (attach.exec()) {
            attach.finish();
            run(db, "BEGIN");
            copyTable(db, QStringLiteral("names"));  // first: the rows refer to its ids
            result.commands = copyTable(db, QStringLiteral("commands"));
            result.acks = copyTable(db, QStringLiteral("acks"));
            copyTable(db, QStringLiteral("ack_attempts"));
            copyTable(db, QStringLiteral("meta"));
            if (!run(db, "COMMIT")) {
                run(db, "ROLLBACK");
                result = {};
            }
            run(db, "DETACH DATABASE old");
        }
    }
    for (const char *suffix : {"", "-wal", "-shm"})
        QFile::remove(scratch + QLatin1String(suffix));
    return result;
}

namespace {

QString deliveryFor(const QString &state)
{
    if (state == QLatin1String("interrupted"))
        return QStringLiteral("unknown");
    return state == QLatin1String("succeeded") || state == QLatin1String("failed") ? QStringLiteral("delivered")
                                                                                   : QStringLiteral("not_delivered");
}

bool importOne(sqlite3 *db, LedgerNames &names, const finishedids::Entry &e, qint64 now)
{
    using ledgercodes::Column;
    static const QString kLost = QStringLiteral("finished before the ledger was set aside; details were lost with it");
    const bool success = e.state == QLatin1String("succeeded");
    const int state = ledgercodes::code(Column::State, e.state);
    const Result<qint64> agent = names.intern(e.agent);
    const Result<qint64> type = names.intern(e.type.isNull() ? QStringLiteral("") : e.type);
    const Result<qint64> local = names.intern(QStringLiteral(""));
    if (state < 0 || !agent || !type || !local)
        return false;
    SqliteQuery insert(db);
    (void)insert.prepare(QStringLiteral(  // a failure shows in exec()
        "INSERT OR IGNORE INTO commands (command_id, agent, local_agent, type, raw_json, received_at, finished_after, state, delivery, error) "
        "VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?)"));
    const QJsonObject raw{{QStringLiteral("id"), e.id}, {QStringLiteral("type"), e.type}};
    for (const QVariant &v : QVariantList{e.id, *agent, *local, *type, QString::fromUtf8(QJsonDocument(raw).toJson(QJsonDocument::Compact)), now,
                                          state, ledgercodes::code(Column::Delivery, deliveryFor(e.state)), success ? QStringLiteral("") : kLost})
        insert.addBindValue(v);
    if (!insert.exec() || insert.numRowsAffected() != 1)
        return false;
    const qint64 row = insert.lastInsertId();
    if (e.state == QLatin1String("skipped"))
        return true;  // skipped commands owe no ack
    // The ack is marked delivered (it was, before): it is only there to be repeated on a re-send.
    // Its payload is the derived one: {id, type, status, error} of the command row.
    SqliteQuery queue(db);
    (void)queue.prepare(QStringLiteral("INSERT INTO acks (command_row, status, created_at, delivered_after) VALUES (?, ?, ?, 0)"));
    for (const QVariant &v : QVariantList{row, success ? 1 : 0, now})
        queue.addBindValue(v);
    return queue.exec().ok();
}

} // namespace

int importFinishedIds(sqlite3 *db, const QList<finishedids::Entry> &entries)
{
    if (entries.isEmpty() || !run(db, "BEGIN IMMEDIATE"))
        return 0;
    int imported = 0;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    LedgerNames names(db);
    for (const finishedids::Entry &entry : entries)
        imported += importOne(db, names, entry, now) ? 1 : 0;
    if (!run(db, "COMMIT")) {
        run(db, "ROLLBACK");
        return 0;
    }
    return imported;
}

} // namespace teamai::ledgersalvage
