#include "OldLedger.h"

#include "store/AckPayload.h"
#include "store/LedgerCodes.h"
#include "store/LedgerFunctions.h"
#include "store/LedgerSchema.h"
#include "store/SqliteQuery.h"

#include <QFile>
#include <QJsonDocument>

#include <sqlite3.h>

namespace teamai::test {
namespace {

using ledgercodes::Column;

const char *const kCommands = R"sql(
INSERT INTO commands (row_id, command_id, agent_type, local_agent_id, type, raw_json, received_at, updated_at, started_at,
    finished_at, state, delivery, reason, runner_pid, runner_start_time, child_pid, exit_code, signal, timed_out, cancelled,
    stdout_tail, stderr_tail, stdout_spill, stderr_spill, error, version, detail)
SELECT c.row_id, c.command_id, (SELECT name FROM v4.names WHERE name_id = c.agent), (SELECT name FROM v4.names WHERE name_id = c.local_agent),
    (SELECT name FROM v4.names WHERE name_id = c.type), ledger_unpack_json(c.raw_json, (SELECT dict FROM v4.names WHERE name_id = c.type), c.command_id, (SELECT name FROM v4.names WHERE name_id = c.type)),
    c.received_at, c.received_at + c.updated_after, c.received_at + c.started_after, c.received_at + c.finished_after, %1, %2,
    c.reason, c.runner_pid, c.runner_start_time, c.child_pid, c.exit_code, c.signal, c.timed_out, c.cancelled, c.stdout_tail,
    c.stderr_tail, c.stdout_spill, c.stderr_spill, c.error, c.version, c.detail FROM v4.commands c ORDER BY c.row_id
)sql";

const char *const kAttempts = R"sql(
INSERT INTO ack_attempts SELECT t.attempt_id, t.ack_id, t.command_id, (SELECT name FROM v4.names WHERE name_id = t.agent),
    (SELECT name FROM v4.names WHERE name_id = t.type), %1, %2,
    COALESCE(t.error, (SELECT COALESCE(k.error, c.error) FROM v4.acks k JOIN v4.commands c ON c.row_id = k.command_row WHERE k.ack_id = t.ack_id)),
    t.version, t.attempted_at, t.http_status, t.transport_error,
    t.delivered, t.attempt_number FROM v4.ack_attempts t ORDER BY t.attempt_id
)sql";

Status run(sqlite3 *db, const QString &sql)
{
    SqliteQuery q(db);
    if (const Status done = q.exec(sql); !done)
        return Error{done.error() + QStringLiteral(" in: ") + sql.left(200)};
    return {};
}

// Every ack with the payload, error and version schema 3 stored (the payload as the sender
// serialized it: compact JSON).
Status copyAcks(sqlite3 *db)
{
    SqliteQuery read(db);
    if (const Status done = read.exec(QStringLiteral("SELECT a.ack_id, a.command_row, (SELECT name FROM v4.names WHERE name_id = c.type), "
                                                     "a.created_at, a.created_at + a.delivered_after, a.attempts, a.created_at + a.next_attempt_after, "
                                                     "a.last_http_status, a.last_error, %1 FROM v4.acks a JOIN v4.commands c ON c.row_id = a.command_row "
                                                     "ORDER BY a.ack_id").arg(ackpayload::columnsSql().replace(QStringLiteral("FROM names"), QStringLiteral("FROM v4.names"))));
        !done)
        return done;
    SqliteQuery write(db);
    (void)write.prepare(QStringLiteral("INSERT INTO acks (ack_id, command_row, command_id, type, status, error, version, payload, created_at, "
                                       "delivered_at, attempts, next_attempt_at, last_http_status, last_error) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    while (read.next()) {
        QVariantList parts;
        for (int i = 9; i < 15; ++i)
            parts << read.value(i);
        const QJsonObject payload = ackpayload::fromColumns(parts);
        const QString stored = parts.at(0).isNull() ? QString::fromUtf8(QJsonDocument(payload).toJson(QJsonDocument::Compact)) : parts.at(0).toString();
        for (const QVariant &v : QVariantList{read.value(0), read.value(1), parts.at(1), read.value(2),
                                              ledgercodes::name(Column::Status, parts.at(3).toInt()), parts.at(4), parts.at(5), stored,
                                              read.value(3), read.value(4), read.value(5), read.value(6), read.value(7), read.value(8)})
            write.addBindValue(v);
        if (const Status done = write.exec(); !done)
            return done;
    }
    return {};
}

Status fill(sqlite3 *db, const QString &source, int version)
{
    QStringList statements{QStringLiteral("PRAGMA journal_mode=WAL"), QStringLiteral("BEGIN")};
    for (int v = 1; v <= version; ++v)
        statements << ledgerschema::step(v);
    for (const QString &statement : std::as_const(statements)) {
        if (const Status done = run(db, statement); !done)
            return done;
    }
    SqliteQuery attach(db);
    (void)attach.prepare(QStringLiteral("ATTACH DATABASE ? AS v4"));
    attach.addBindValue(source);
    if (const Status attached = attach.exec(); !attached)
        return attached;
    Status done = run(db, QString::fromUtf8(kCommands).arg(ledgercodes::nameSql(Column::State, QStringLiteral("c.state")),
                                                           ledgercodes::nameSql(Column::Delivery, QStringLiteral("c.delivery"))));
    if (done)
        done = copyAcks(db);
    const QStringList rest{QString::fromUtf8(kAttempts).arg(ledgercodes::nameSql(Column::State, QStringLiteral("t.command_state")),
                                                            ledgercodes::nameSql(Column::Status, QStringLiteral("t.status"))),
                           QStringLiteral("INSERT INTO meta SELECT * FROM v4.meta"), QStringLiteral("PRAGMA user_version=%1").arg(version),
                           QStringLiteral("COMMIT")};
    for (qsizetype i = 0; done && i < rest.size(); ++i)
        done = run(db, rest.at(i));
    return done;
}

} // namespace

Status rewriteAsOldLedger(const QString &path, int version)
{
    const QString old = path + QStringLiteral(".old");
    for (const char *suffix : {"", "-wal", "-shm"})
        QFile::remove(old + QLatin1String(suffix));
    sqlite3 *db = nullptr;
    if (sqlite3_open(QFile::encodeName(old).constData(), &db) != SQLITE_OK) {
        sqlite3_close(db);
        return Error{QStringLiteral("cannot create %1").arg(old)};
    }
    Status done = ledgerfunctions::registerAll(db);
    if (done)
        done = fill(db, path, version);
    sqlite3_close(db);  // the last connection: the log is folded in and removed
    if (!done)
        return done;
    for (const char *suffix : {"", "-wal", "-shm"})
        QFile::remove(path + QLatin1String(suffix));
    if (!QFile::rename(old, path))
        return Error{QStringLiteral("cannot move %1 to %2").arg(old, path)};
    return {};
}

} // namespace teamai::test
