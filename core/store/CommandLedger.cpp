#include "store/CommandLedger.h"

#include "commands/Command.h"
#include "commands/StoredCommand.h"
#include "log/Logging.h"
#include "store/AckPayload.h"
#include "store/GroupMerge.h"
#include "store/LedgerCodes.h"
#include "store/LedgerDatabase.h"
#include "store/LedgerNames.h"
#include "store/PackedJson.h"

#include "store/SqliteQuery.h"
#include "store/SqliteTransaction.h"
#include "util/TextCap.h"

#include <QJsonDocument>
#include <QSet>
#include <QRandomGenerator>

#include <algorithm>
#include <cmath>

namespace teamai {
namespace {

// Tails kept in the ledger; the spill files hold the rest.
constexpr qsizetype kStoredTailBytes = 64 * 1024;
// Ack retry delays: 2 s, 4 s, 8 s … capped at 5 minutes, each ±20 % so agents don't retry in step.
constexpr qint64 kAckRetryBaseMs = 2000;
constexpr qint64 kAckRetryCapMs = 5 * 60 * 1000;
// A next attempt further ahead than any backoff we set means the wall clock went back since it
// was stored: the ack is due now rather than after the jump (a day back would be a day's wait).
constexpr qint64 kAckRetryHorizonMs = 2 * kAckRetryCapMs;
// Commands admitted per transaction by admitAll(): big enough that commits are not the cost,
// small enough that the deadline is checked often and other processes wait little for the lock.
constexpr int kAdmitBatchSize = 500;
// The key the stub of an oversized command carries instead of the command's own fields.
const QString kOversizedKey = QStringLiteral("teamai_oversized_bytes");

using ledgercodes::Column;

// The columns rowFrom() reads, as schema 3 stored them: names, not ids and codes; the JSON
// unpacked; times absolute. @p tails and @p ack fill the output tails' and the ack's positions.
QString rowColumns(const QString &tails, const QString &ack)
{
    return QStringLiteral(
               "c.row_id, c.command_id, (SELECT name FROM names WHERE name_id = c.agent), (SELECT name FROM names WHERE name_id = c.type), "
               "ledger_unpack_json(c.raw_json, (SELECT dict FROM names WHERE name_id = c.type), c.command_id, (SELECT name FROM names WHERE name_id = c.type)), c.received_at, "
               "c.received_at + c.started_after, c.received_at + c.finished_after, %1, %2, c.reason, c.runner_pid, c.child_pid, c.exit_code, "
               "c.signal, c.timed_out, c.cancelled, ")
               .arg(ledgercodes::nameSql(Column::State, QStringLiteral("c.state")), ledgercodes::nameSql(Column::Delivery, QStringLiteral("c.delivery")))
        + tails + QStringLiteral(", c.stdout_spill, c.stderr_spill, c.error, c.version, c.detail, ") + ack;
}

const QString kRowColumns = rowColumns(
    QStringLiteral("c.stdout_tail, c.stderr_tail"),
    QStringLiteral("(SELECT CASE WHEN a.delivered_after IS NULL THEN 'queued' ELSE 'delivered' END FROM acks a "
                   "  WHERE a.command_row = c.row_id ORDER BY a.ack_id DESC LIMIT 1), "
                   "(SELECT COALESCE(SUM(a.attempts), 0) FROM acks a WHERE a.command_row = c.row_id)"));

// What a table of commands never shows (the output tails, the ack's state) left out: the same
// positions, so rowFrom() reads both.
const QString kSummaryColumns = rowColumns(QStringLiteral("NULL, NULL"), QStringLiteral("NULL, 0"));

const QString kPayloadColumns = ackpayload::columnsSql();

const groupmerge::GroupedTable kCommandGroups{QStringLiteral("commands"),
                                              {QStringLiteral("state"), QStringLiteral("type"), QStringLiteral("agent")},
                                              QStringLiteral("received_at"), QStringLiteral("row_id")};

int stateCode(CommandState state)
{
    return ledgercodes::code(Column::State, stateName(state));
}

int deliveryCode(Delivery delivery)
{
    return ledgercodes::code(Column::Delivery, deliveryName(delivery));
}

// `CASE column WHEN ? THEN 0 WHEN ? THEN 1 … ELSE n END`, its names bound in @p values.
QString rankOf(const QString &column, const QStringList &names, QVariantList &values)
{
    QString sql = QStringLiteral("CASE ") + column;
    for (qsizetype i = 0; i < names.size(); ++i) {
        sql += QStringLiteral(" WHEN ? THEN %1").arg(i);
        values << names.at(i);
    }
    return sql + QStringLiteral(" ELSE %1 END").arg(names.size());
}

// The ORDER BY expression of @p request (its ranks' names appended to @p values); not for
// Received, which page() reads through the grouped index instead.
QString orderKey(const CommandPageRequest &request, QVariantList &values)
{
    const QString stateName = ledgercodes::nameSql(Column::State, QStringLiteral("c.state"));
    switch (request.order) {
    case CommandOrder::Received: return QStringLiteral("c.received_at");
    case CommandOrder::CommandId: return QStringLiteral("c.command_id");
    case CommandOrder::Type: return QStringLiteral("(SELECT name FROM names WHERE name_id = c.type)");
    case CommandOrder::Agent: return QStringLiteral("(SELECT name FROM names WHERE name_id = c.agent)");
    case CommandOrder::State: return rankOf(stateName, request.stateOrder, values);
    case CommandOrder::Delivery:
        return QStringLiteral("CASE WHEN c.state IN (%1, %2) THEN -1 ELSE %3 END")
            .arg(stateCode(CommandState::Pending))
            .arg(stateCode(CommandState::Running))
            .arg(rankOf(ledgercodes::nameSql(Column::Delivery, QStringLiteral("c.delivery")), request.deliveryOrder, values));
    case CommandOrder::Started: return QStringLiteral("c.received_at + c.started_after");
    case CommandOrder::Finished: return QStringLiteral("c.received_at + c.finished_after");
    case CommandOrder::Exit: return QStringLiteral("COALESCE(c.exit_code, -1)");
    case CommandOrder::Error: return QStringLiteral("c.error");
    }
    return QStringLiteral("c.received_at");
}

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

QDateTime fromMs(const QVariant &value)
{
    return value.isNull() ? QDateTime() : QDateTime::fromMSecsSinceEpoch(value.toLongLong(), Qt::UTC);
}

std::optional<int> optionalInt(const QVariant &value)
{
    return value.isNull() ? std::nullopt : std::optional<int>(value.toInt());
}

// SQLite stores a null QString as NULL; the text columns are NOT NULL with '' meaning "none".
QString text(const QString &value)
{
    return value.isNull() ? QStringLiteral("") : value;
}

QString cappedError(const QString &error)
{
    return textcap::capUtf8(text(error), textcap::kMaxErrorBytes);
}

QString cappedShort(const QString &value)
{
    return textcap::capUtf8(text(value), textcap::kMaxTypeBytes);
}

// The JSON stored for @p command: the whole of it (without secrets: StoredCommand) when within
// the cap, else a stub that keeps what an ack needs (id and a capped type) and the size that was refused.
QString storedJson(const Command &command, qint64 *oversizedBytes)
{
    const QByteArray json = QJsonDocument(storedcommand::forLedger(command.raw)).toJson(QJsonDocument::Compact);
    if (json.size() <= textcap::kMaxRawCommandBytes) {
        *oversizedBytes = 0;
        return QString::fromUtf8(json);
    }
    *oversizedBytes = json.size();
    const QJsonObject stub{{QStringLiteral("id"), *command.id},
                           {QStringLiteral("type"), cappedShort(command.type)},
                           {kOversizedKey, json.size()}};
    return QString::fromUtf8(QJsonDocument(stub).toJson(QJsonDocument::Compact));
}

QVariant nullable(const std::optional<int> &value)
{
    return value ? QVariant(*value) : QVariant(QMetaType(QMetaType::Int));
}

LedgerCommand rowFrom(const SqliteQuery &q)
{
    LedgerCommand row;
    row.rowId = q.value(0).toLongLong();
    row.commandId = q.value(1).toLongLong();
    row.agentType = q.value(2).toString();
    row.type = q.value(3).toString();
    row.rawJson = q.value(4).toString();
    row.receivedAt = fromMs(q.value(5));
    row.startedAt = fromMs(q.value(6));
    row.finishedAt = fromMs(q.value(7));
    row.state = stateFromName(q.value(8).toString()).value_or(CommandState::Failed);
    const QString delivery = q.value(9).toString();
    row.delivery = delivery == QLatin1String("delivered") ? Delivery::Delivered
        : delivery == QLatin1String("unknown")            ? Delivery::Unknown
                                                          : Delivery::NotDelivered;
    row.reason = q.value(10).toString();
    row.runnerPid = q.value(11).toLongLong();
    row.childPid = q.value(12).toLongLong();
    row.exitCode = optionalInt(q.value(13));
    row.signal = optionalInt(q.value(14));
    row.timedOut = q.value(15).toBool();
    row.cancelled = q.value(16).toBool();
    row.stdoutTail = q.value(17).toByteArray();
    row.stderrTail = q.value(18).toByteArray();
    row.stdoutSpill = q.value(19).toString();
    row.stderrSpill = q.value(20).toString();
    row.error = q.value(21).toString();
    row.version = q.value(22).toString();
    row.detail = q.value(23).toString();
    row.ackState = q.value(24).toString();
    row.ackAttempts = q.value(25).toInt();
    return row;
}

// The row of the admit's short read: key, state and JSON.
std::optional<LedgerCommand> keyAndStateFrom(SqliteQuery &q, qint64 commandId, const QString &agentType, const QString &type)
{
    if (!q.next())
        return std::nullopt;
    LedgerCommand row;
    row.rowId = q.value(0).toLongLong();
    row.commandId = commandId;
    row.agentType = agentType;
    row.type = type;
    row.state = stateFromName(q.value(1).toString()).value_or(CommandState::Failed);
    row.rawJson = q.value(2).toString();
    return row;
}

// The payload in the columns from @p first on (kPayloadColumns): stored, or derived.
QJsonObject ackPayloadFrom(const SqliteQuery &q, int first)
{
    QVariantList values;
    for (int i = 0; i < 6; ++i)
        values << q.value(first + i);
    return ackpayload::fromColumns(values);
}

// The result columns complete() and settleAll() write, bound by bindResult().
const QString kResultColumns = QStringLiteral(
    "state = ?, delivery = ?, reason = ?, error = ?, version = ?, detail = ?, exit_code = ?, signal = ?, timed_out = ?, cancelled = ?, "
    "stdout_tail = ?, stderr_tail = ?, stdout_spill = ?, stderr_spill = ?, child_pid = COALESCE(?, child_pid), "
    "finished_after = ? - received_at, updated_after = ? - received_at");

void bindResult(SqliteQuery &q, const CommandCompletion &c, qint64 now)
{
    q.addBindValue(stateCode(c.state));
    q.addBindValue(deliveryCode(c.delivery));
    q.addBindValue(cappedShort(c.reason));
    q.addBindValue(cappedError(c.error));
    q.addBindValue(cappedShort(c.version));
    q.addBindValue(cappedError(c.detail));
    // exit_code is the shell-style status, so a signal is recorded twice: 143 and 15 for SIGTERM.
    const RunRecord run = c.run.value_or(RunRecord());
    q.addBindValue(nullable(run.status));
    q.addBindValue(nullable(run.signal));
    q.addBindValue(run.timedOut);
    q.addBindValue(run.cancelled);
    q.addBindValue(run.stdoutText.right(kStoredTailBytes));
    q.addBindValue(run.stderrText.right(kStoredTailBytes));
    q.addBindValue(run.stdoutSpill);
    q.addBindValue(run.stderrSpill);
    q.addBindValue(run.pid ? QVariant(run.pid) : QVariant(QMetaType(QMetaType::LongLong)));
    q.addBindValue(now);
    q.addBindValue(now);
}

} // namespace

CommandLedger::CommandLedger(LedgerDatabase &database)
    : m_database(database)
{
}

CommandLedger::~CommandLedger() = default;

SqliteQuery &CommandLedger::statement(const QString &sql)
{
    // Preparing is most of the cost of a small statement; a round runs the same few dozen again
    // and again. Callers finish() what they read, so no statement keeps a read snapshot open.
    auto it = m_statements.find(sql);
    if (it == m_statements.end()) {
        auto query = std::make_unique<SqliteQuery>(m_database.db());
        (void)query->prepare(sql);  // a failure shows in exec()
        it = m_statements.emplace(sql, std::move(query)).first;
    }
    it->second->finish();
    return *it->second;
}

Status CommandLedger::exec(SqliteQuery &query, const char *what)
{
    if (const Status done = query.exec(); !done)
        return noteFailure(done, what);
    return {};
}

Status CommandLedger::began(const SqliteTransaction &transaction)
{
    if (!transaction.began())
        return noteFailure(transaction.began(), "begin");
    return {};
}

Status CommandLedger::committed(SqliteTransaction &transaction)
{
    if (const Status done = transaction.commit(); !done)
        return noteFailure(done, "commit");
    return {};
}

Error CommandLedger::noteFailure(const Status &failed, const char *what)
{
    const Error error{QStringLiteral("ledger %1 failed: %2").arg(QLatin1String(what), failed.error())};
    qCWarning(lcStore).noquote() << error.message;
    m_database.noteFailure();
    return error;
}

Result<std::optional<LedgerCommand>> CommandLedger::readRow(const QString &where, const QVariantList &values)
{
    SqliteQuery &q = statement(QStringLiteral("SELECT %1 FROM commands c WHERE %2").arg(kRowColumns, where));
    for (const QVariant &value : values)
        q.addBindValue(value);
    if (const Status read = exec(q, "read"); !read)
        return Error{read.error()};
    std::optional<LedgerCommand> row;
    if (q.next())
        row = rowFrom(q);
    q.finish();
    return row;
}

std::optional<LedgerCommand> CommandLedger::command(qint64 rowId)
{
    return readRow(QStringLiteral("c.row_id = ?"), {rowId}).valueOr(std::nullopt);
}

Result<QList<LedgerCommand>> CommandLedger::readRows(SqliteQuery &q, const char *what)
{
    if (const Status read = exec(q, what); !read)
        return Error{read.error()};
    QList<LedgerCommand> rows;
    while (q.next())
        rows.append(rowFrom(q));
    q.finish();
    return rows;
}

Result<QList<LedgerCommand>> CommandLedger::commandsWithId(qint64 commandId, const QString &agentType)
{
    SqliteQuery &q = statement(QStringLiteral("SELECT %1 FROM commands c WHERE c.command_id = ?%2 ORDER BY c.received_at DESC, c.row_id DESC LIMIT 50")
                                   .arg(kRowColumns, agentType.isEmpty() ? QString() : QStringLiteral(" AND c.agent = (SELECT name_id FROM names WHERE name = ?)")));
    q.addBindValue(commandId);
    if (!agentType.isEmpty())
        q.addBindValue(agentType);
    return readRows(q, "read");
}

CommandLedger::Admitted CommandLedger::admit(const Command &command, const QString &agentType, const QString &localAgentId)
{
    return admitOne(command, agentType, localAgentId, true);
}

CommandLedger::Admissions CommandLedger::admitAll(const QList<Command> &commands, const QString &agentType,
                                                  const QString &localAgentId, QDeadlineTimer deadline)
{
    Admissions result;
    QList<Admitted> &admitted = result.admitted;
    admitted.reserve(commands.size());
    while (admitted.size() < commands.size() && !deadline.hasExpired()) {
        prepareNames(commands.mid(admitted.size(), kAdmitBatchSize), agentType, localAgentId);
        SqliteTransaction transaction(m_database.db());
        if (result.stopped = began(transaction); !result.stopped)
            break;
        const qsizetype end = std::min<qsizetype>(commands.size(), admitted.size() + kAdmitBatchSize);
        QList<Admitted> batch;
        for (qsizetype i = admitted.size(); i < end; ++i) {
            batch.append(admitOne(commands.at(i), agentType, localAgentId, false));
            if (batch.last().admission == Admission::Error) {
                result.stopped = Error{batch.last().error};
                break;
            }
        }
        if (result.stopped && !batch.isEmpty())
            result.stopped = committed(transaction);
        if (batch.isEmpty() || !result.stopped)
            break;
        admitted.append(batch);
    }
    return result;
}

void CommandLedger::prepareNames(const QList<Command> &batch, const QString &agentType, const QString &localAgentId)
{
    // Outside the batch's transaction, so the names, ids and dictionaries are cached and each
    // admit inside finds them without a statement (LedgerNames caches only committed values).
    // Best effort: what is not cached here is looked up again inside, where a failure is reported.
    LedgerNames &names = m_database.names();
    (void)names.intern(agentType);
    (void)names.intern(localAgentId);
    QSet<QString> seen;
    for (const Command &command : batch) {
        const QString type = cappedShort(command.type);
        if (!command.id || seen.contains(type))
            continue;
        seen.insert(type);
        qint64 oversized = 0;
        if (const Result<qint64> id = names.intern(type))
            (void)names.dictionary(*id, storedJson(command, &oversized).toUtf8());
    }
}

bool CommandLedger::isOversizedStub(const Command &command)
{
    return command.raw.contains(kOversizedKey);
}

CommandLedger::Admitted CommandLedger::admitOne(const Command &command, const QString &agentType,
                                                const QString &localAgentId, bool fullRow)
{
    Admitted admitted;
    if (!command.id) {
        admitted.error = QStringLiteral("a command without an id cannot be stored");
        return admitted;
    }
    LedgerNames &names = m_database.names();
    const Result<qint64> agent = names.intern(agentType);
    const Result<qint64> local = agent ? names.intern(localAgentId) : agent;
    const Result<qint64> type = local ? names.intern(cappedShort(command.type)) : local;
    if (!type) {
        admitted.error = noteFailure(Error{QStringLiteral("cannot store the command's names: %1").arg(type.error())}, "admit").message;
        return admitted;
    }
    SqliteQuery &insert = statement(QStringLiteral(
        "INSERT OR IGNORE INTO commands (command_id, agent, local_agent, type, raw_json, received_at, state, delivery) "
        "VALUES (?, ?, ?, ?, ?, ?, %1, %2)").arg(stateCode(CommandState::Pending)).arg(deliveryCode(Delivery::NotDelivered)));
    insert.addBindValue(*command.id);
    insert.addBindValue(*agent);
    insert.addBindValue(*local);
    insert.addBindValue(*type);
    insert.addBindValue(packedJson(storedJson(command, &admitted.oversizedBytes), *command.id, cappedShort(command.type), *type));
    insert.addBindValue(nowMs());
    if (const Status stored = exec(insert, "admit"); !stored) {
        admitted.error = stored.error();
        return admitted;
    }
    const bool inserted = insert.numRowsAffected() == 1;
    const Result<std::optional<LedgerCommand>> row = fullRow
        ? readRow(QStringLiteral("c.command_id = ? AND c.agent = ?"), {*command.id, *agent})
        : admittedKey(command, agentType, *agent);
    if (!row || !*row) {
        admitted.error = row ? QStringLiteral("ledger admit failed: the row just stored cannot be read") : row.error();
        return admitted;
    }
    admitted.row = **row;
    // A command stored as a stub earlier stays refused, whatever is sent now.
    if (!inserted && admitted.row.rawJson.contains(kOversizedKey) && !admitted.oversizedBytes)
        admitted.oversizedBytes = QJsonDocument::fromJson(admitted.row.rawJson.toUtf8()).object().value(kOversizedKey).toInteger();
    if (inserted)
        admitted.admission = Admission::New;
    else if (admitted.row.state == CommandState::Pending)
        admitted.admission = Admission::Pending;
    else if (admitted.row.state == CommandState::Running)
        admitted.admission = Admission::Running;
    else
        admitted.admission = Admission::Finished;
    return admitted;
}

Result<std::optional<LedgerCommand>> CommandLedger::admittedKey(const Command &command, const QString &agentType, qint64 agentId)
{
    // A batch needs only the key and state; SyncSession reads a finished row in full itself.
    SqliteQuery &q = statement(QStringLiteral("SELECT c.row_id, %1, ledger_unpack_json(c.raw_json, (SELECT dict FROM names WHERE name_id = c.type), "
                                              "c.command_id, (SELECT name FROM names WHERE name_id = c.type)) "
                                              "FROM commands c WHERE c.command_id = ? AND c.agent = ?")
                                   .arg(ledgercodes::nameSql(Column::State, QStringLiteral("c.state"))));
    q.addBindValue(*command.id);
    q.addBindValue(agentId);
    if (const Status read = exec(q, "admit read"); !read)
        return Error{read.error()};
    const std::optional<LedgerCommand> row = keyAndStateFrom(q, *command.id, agentType, cappedShort(command.type));
    q.finish();
    return row;
}

bool CommandLedger::claim(qint64 rowId, const ProcessIdentity &runner)
{
    SqliteQuery &q = statement(QStringLiteral(
        "UPDATE commands SET state = %1, runner_pid = ?, runner_start_time = ?, started_after = ? - received_at, "
        "updated_after = ? - received_at WHERE row_id = ? AND state = %2").arg(stateCode(CommandState::Running)).arg(stateCode(CommandState::Pending)));
    const qint64 now = nowMs();
    q.addBindValue(runner.pid);
    q.addBindValue(runner.startTime);
    q.addBindValue(now);
    q.addBindValue(now);
    q.addBindValue(rowId);
    return exec(q, "claim") && q.numRowsAffected() == 1;
}

void CommandLedger::forgetPending(qint64 rowId)
{
    SqliteQuery &q = statement(QStringLiteral("DELETE FROM commands WHERE row_id = ? AND state = %1").arg(stateCode(CommandState::Pending)));
    q.addBindValue(rowId);
    (void)exec(q, "forget pending");  // exec() logs it; the backend sends the command again anyway
}

void CommandLedger::release(qint64 rowId)
{
    SqliteQuery &q = statement(QStringLiteral(
        "UPDATE commands SET state = %1, runner_pid = NULL, runner_start_time = NULL, started_after = NULL, "
        "updated_after = ? - received_at WHERE row_id = ? AND state = %2").arg(stateCode(CommandState::Pending)).arg(stateCode(CommandState::Running)));
    q.addBindValue(nowMs());
    q.addBindValue(rowId);
    (void)exec(q, "release");  // exec() logs it; the claim's runner is gone soon, and recovery takes it
}

void CommandLedger::setChildPid(qint64 rowId, qint64 childPid)
{
    SqliteQuery &q = statement(QStringLiteral("UPDATE commands SET child_pid = ?, updated_after = ? - received_at WHERE row_id = ?"));
    q.addBindValue(childPid);
    q.addBindValue(nowMs());
    q.addBindValue(rowId);
    (void)exec(q, "child pid");  // exec() logs it; the pid is for diagnostics only
}

Result<qint64> CommandLedger::insertAck(qint64 rowId, const LedgerCommand &row, const QJsonObject &payload)
{
    // What the ack echoes is capped like what the ledger stores (the handlers cap it already;
    // this keeps the outbox bounded whoever built the payload).
    QJsonObject capped = payload;
    for (const QString &key : {QStringLiteral("type"), QStringLiteral("version")}) {
        if (capped.value(key).isString())
            capped.insert(key, cappedShort(capped.value(key).toString()));
    }
    if (capped.value(QStringLiteral("error")).isString())
        capped.insert(QStringLiteral("error"), cappedError(capped.value(QStringLiteral("error")).toString()));
    const QString status = text(capped.value(QStringLiteral("status")).toString());
    const QString error = text(capped.value(QStringLiteral("error")).toString());
    const QString version = text(capped.value(QStringLiteral("version")).toString());
    // Stored once: the error and version when they are not the command's own, the payload when it
    // is not the one its parts make (then the outbox sends exactly what was stored).
    const bool derivable = ackpayload::isDerivable(capped, {row.commandId, row.type, status, error, version});
    SqliteQuery &q = statement(QStringLiteral(
        "INSERT INTO acks (command_row, status, error, version, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)"));
    q.addBindValue(rowId);
    q.addBindValue(ledgercodes::code(Column::Status, status));  // anything but success/failed fails the CHECK
    q.addBindValue(error == row.error ? QVariant(QMetaType(QMetaType::QString)) : QVariant(error));
    q.addBindValue(version == row.version ? QVariant(QMetaType(QMetaType::QString)) : QVariant(version));
    q.addBindValue(derivable ? QVariant(QMetaType(QMetaType::QString)) : QVariant(QString::fromUtf8(QJsonDocument(capped).toJson(QJsonDocument::Compact))));
    q.addBindValue(nowMs());
    if (const Status queued = exec(q, "queue ack"); !queued)
        return Error{queued.error()};
    return q.lastInsertId();
}

QVariant CommandLedger::packedJson(const QString &json, qint64 commandId, const QString &type, qint64 typeId)
{
    // The type's first JSON is its dictionary: the rows after it cost the bytes they differ by.
    // Without one (the names table failed), the JSON is stored as text, which any reader takes.
    const QByteArray bytes = json.toUtf8();
    const QByteArray dictionary = m_database.names().dictionary(typeId, bytes).valueOr(QByteArray());
    const QByteArray packed = dictionary.isEmpty() ? QByteArray() : packedjson::pack(bytes, dictionary, commandId, type);
    if (packed.isEmpty())
        return json;  // TEXT: stored as it is
    return packed;    // BLOB: ledger_unpack_json() gives the text back
}

Result<std::optional<OutboxAck>> CommandLedger::complete(qint64 rowId, const CommandCompletion &c)
{
    SqliteTransaction transaction(m_database.db());
    if (const Status open = began(transaction); !open)
        return Error{open.error()};
    SqliteQuery &q = statement(QStringLiteral("UPDATE commands SET %1 WHERE row_id = ?").arg(kResultColumns));
    bindResult(q, c, nowMs());
    q.addBindValue(rowId);
    if (const Status stored = exec(q, "complete"); !stored)
        return Error{stored.error()};
    QList<finishedids::Entry> finished;
    const Result<std::optional<OutboxAck>> ack = queueResultAck(rowId, c, finished);
    if (!ack)
        return ack;
    if (!finished.isEmpty())  // before the commit: should this commit be lost, the command still never runs again
        m_database.recordFinished(finished);
    if (const Status done = committed(transaction); !done)  // a full disk shows here in WAL mode: no result is reported stored
        return Error{done.error()};
    return ack;
}

Result<QList<CommandLedger::Settled>> CommandLedger::settleAll(const QList<Settlement> &settlements, const ProcessIdentity &runner)
{
    SqliteTransaction transaction(m_database.db());
    if (const Status open = began(transaction); !open)
        return Error{open.error()};
    QList<Settled> settled;
    QList<finishedids::Entry> finished;
    for (const Settlement &settlement : settlements) {
        const Result<Settled> one = settleOne(settlement, runner, finished);
        if (!one)
            return Error{one.error()};  // rolled back: every row is still pending
        settled.append(*one);
    }
    if (!finished.isEmpty())  // one fsync for the batch, before its commit (see complete())
        m_database.recordFinished(finished);
    if (const Status done = committed(transaction); !done)
        return Error{done.error()};
    return settled;
}

Result<CommandLedger::Settled> CommandLedger::settleOne(const Settlement &settlement, const ProcessIdentity &runner,
                                                        QList<finishedids::Entry> &finished)
{
    // The claim's `pending` condition and its runner columns, with the result: of all processes
    // that decided this row, the one whose statement changes it owns it (and its ack).
    SqliteQuery &q = statement(QStringLiteral("UPDATE commands SET %1, runner_pid = ?, runner_start_time = ?, started_after = ? - received_at "
                                              "WHERE row_id = ? AND state = %2").arg(kResultColumns).arg(stateCode(CommandState::Pending)));
    const qint64 now = nowMs();
    bindResult(q, settlement.completion, now);
    q.addBindValue(runner.pid);
    q.addBindValue(runner.startTime);
    q.addBindValue(now);
    q.addBindValue(settlement.rowId);
    if (const Status stored = exec(q, "settle"); !stored)
        return Error{stored.error()};
    if (q.numRowsAffected() != 1)
        return Settled{};
    const Result<std::optional<OutboxAck>> ack = queueResultAck(settlement.rowId, settlement.completion, finished);
    if (!ack)
        return Error{ack.error()};
    return Settled{true, *ack};
}

Result<std::optional<LedgerCommand>> CommandLedger::resultFacts(qint64 rowId)
{
    // Only what insertAck() and the finished-ids record read: readRow() would also unpack the
    // JSON and look at the row's acks.
    SqliteQuery &q = statement(QStringLiteral("SELECT c.command_id, (SELECT name FROM names WHERE name_id = c.agent), "
                                              "(SELECT name FROM names WHERE name_id = c.type), c.error, c.version FROM commands c WHERE c.row_id = ?"));
    q.addBindValue(rowId);
    if (const Status read = exec(q, "read result"); !read)
        return Error{read.error()};
    std::optional<LedgerCommand> row;
    if (q.next()) {
        row = LedgerCommand();
        row->rowId = rowId;
        row->commandId = q.value(0).toLongLong();
        row->agentType = q.value(1).toString();
        row->type = q.value(2).toString();
        row->error = q.value(3).toString();
        row->version = q.value(4).toString();
    }
    q.finish();
    return row;
}

Result<std::optional<OutboxAck>> CommandLedger::queueResultAck(qint64 rowId, const CommandCompletion &completion,
                                                               QList<finishedids::Entry> &finished)
{
    const Result<std::optional<LedgerCommand>> row = resultFacts(rowId);
    if (row && *row)
        finished.append({(*row)->agentType, (*row)->commandId, stateName(completion.state), (*row)->type});
    if (completion.ackPayload.isEmpty())
        return std::optional<OutboxAck>();
    if (!row)
        return Error{row.error()};
    return queueAck(rowId, *row, completion.ackPayload);
}

Result<std::optional<OutboxAck>> CommandLedger::queueAck(qint64 rowId, const std::optional<LedgerCommand> &row,
                                                         const QJsonObject &payload)
{
    if (!row)
        return Error{QStringLiteral("ledger queue ack failed: command row %1 is gone").arg(rowId)};
    const Result<qint64> ackId = insertAck(rowId, *row, payload);
    if (!ackId)
        return Error{ackId.error()};
    // Read back as stored (capped), in the same transaction.
    const Result<std::optional<OutboxAck>> ack = readAck(*ackId);
    if (ack && !*ack)
        return Error{QStringLiteral("ledger queue ack failed: ack %1 cannot be read back").arg(*ackId)};
    return ack;
}

std::optional<OutboxAck> CommandLedger::requeueAck(qint64 rowId)
{
    SqliteTransaction transaction(m_database.db());
    if (!began(transaction))
        return std::nullopt;
    SqliteQuery &waiting = statement(QStringLiteral("SELECT ack_id FROM acks WHERE command_row = ? AND delivered_after IS NULL ORDER BY ack_id LIMIT 1"));
    waiting.addBindValue(rowId);
    const qint64 waitingId = exec(waiting, "find ack") && waiting.next() ? waiting.value(0).toLongLong() : 0;
    waiting.finish();
    if (waitingId)
        return undeliveredAck(waitingId);  // read only: nothing to commit
    SqliteQuery &last = statement(QStringLiteral("SELECT %1 FROM acks a JOIN commands c ON c.row_id = a.command_row "
                                                 "WHERE a.command_row = ? ORDER BY a.ack_id DESC LIMIT 1").arg(kPayloadColumns));
    last.addBindValue(rowId);
    const QJsonObject lastPayload = exec(last, "last ack") && last.next() ? ackPayloadFrom(last, 0) : QJsonObject();
    last.finish();
    const auto row = command(rowId);
    if (!row || lastPayload.isEmpty())
        return std::nullopt;  // skipped commands have no ack to repeat
    const Result<qint64> ackId = insertAck(rowId, *row, lastPayload);
    std::optional<OutboxAck> ack = ackId ? undeliveredAck(*ackId) : std::nullopt;
    if (!ack || !committed(transaction))
        return std::nullopt;
    return ack;
}

std::optional<CommandLedger::AckTimes> CommandLedger::latestAck(qint64 rowId)
{
    SqliteQuery &q = statement(QStringLiteral("SELECT ack_id, created_at, created_at + delivered_after, attempts FROM acks "
                                              "WHERE command_row = ? ORDER BY ack_id DESC LIMIT 1"));
    q.addBindValue(rowId);
    std::optional<AckTimes> times;
    if (exec(q, "latest ack") && q.next()) {
        times = AckTimes{q.value(0).toLongLong(), q.value(1).toLongLong(), std::nullopt, q.value(3).toInt()};
        if (!q.value(2).isNull())
            times->deliveredAtMs = q.value(2).toLongLong();
    }
    q.finish();
    return times;
}

std::optional<CommandLedger::OwedAck> CommandLedger::owedAck(qint64 ackId)
{
    SqliteQuery &q = statement(QStringLiteral(
        "SELECT a.attempts, a.created_at, c.runner_pid, c.runner_start_time FROM acks a JOIN commands c ON c.row_id = a.command_row "
        "WHERE a.ack_id = ? AND a.delivered_after IS NULL"));
    q.addBindValue(ackId);
    std::optional<OwedAck> owed;
    if (exec(q, "owed ack") && q.next())
        owed = OwedAck{q.value(0).toInt(), q.value(1).toLongLong(), ProcessIdentity{q.value(2).toLongLong(), q.value(3).toString()}};
    q.finish();
    return owed;
}

CommandLedger::AckHolder CommandLedger::ackHolder(qint64 ackId)
{
    const std::optional<OwedAck> owed = owedAck(ackId);
    if (!owed)
        return AckHolder::Delivered;
    const bool handedOver = owed->attempts == 0 && nowMs() - owed->createdAtMs <= kAckHandoverMs && owed->runner.pid > 0
        && owed->runner.pid != ProcessIdentity::current().pid;
    if (handedOver && owed->runner.isAlive())
        return AckHolder::AnotherProcess;
    // Its runner may have recorded the delivery and exited since the first read. A process found
    // dead records nothing more, so a second read now settles it.
    return owedAck(ackId) ? AckHolder::Nobody : AckHolder::Delivered;
}

int CommandLedger::recoverInterrupted(const std::function<QJsonObject(const LedgerCommand &)> &ackPayloadFor)
{
    SqliteQuery &running = statement(QStringLiteral("SELECT row_id, runner_pid, runner_start_time FROM commands WHERE state IN (2, 4) AND state = %1")
                                         .arg(stateCode(CommandState::Running)));
    if (!exec(running, "find running"))
        return 0;
    QList<qint64> orphans;
    while (running.next()) {
        const ProcessIdentity runner{running.value(1).toLongLong(), running.value(2).toString()};
        if (!runner.isAlive())
            orphans.append(running.value(0).toLongLong());
    }
    running.finish();
    int recovered = 0;
    for (const qint64 rowId : orphans) {
        SqliteTransaction transaction(m_database.db());
        if (!began(transaction))
            break;
        // Re-check under the write lock: only a row still running is ours to recover.
        SqliteQuery &mark = statement(QStringLiteral(
            "UPDATE commands SET state = %1, delivery = %2, error = ?, finished_after = ? - received_at, updated_after = ? - received_at "
            "WHERE row_id = ? AND state = %3").arg(stateCode(CommandState::Interrupted)).arg(deliveryCode(Delivery::Unknown))
            .arg(stateCode(CommandState::Running)));
        const qint64 now = nowMs();
        mark.addBindValue(QStringLiteral("interrupted: the agent stopped while the command ran; outcome unknown"));
        mark.addBindValue(now);
        mark.addBindValue(now);
        mark.addBindValue(rowId);
        if (!exec(mark, "mark interrupted") || mark.numRowsAffected() != 1)
            continue;
        const auto row = command(rowId);
        if (!row || !insertAck(rowId, *row, ackPayloadFor(*row)))
            continue;
        m_database.recordFinished(row->agentType, row->commandId, stateName(CommandState::Interrupted), row->type);
        if (!committed(transaction))
            continue;
        ++recovered;
        qCWarning(lcStore) << "command" << row->commandId << "was interrupted by a stopped agent; it is acked failed, not re-run";
    }
    return recovered;
}

namespace {

const QString kOutboxColumns = QStringLiteral(
    "a.ack_id, a.command_row, c.command_id, (SELECT name FROM names WHERE name_id = c.agent), "
    "(SELECT name FROM names WHERE name_id = c.type), %1, a.attempts, a.created_at, %2 "
    "FROM acks a JOIN commands c ON c.row_id = a.command_row").arg(ledgercodes::nameSql(Column::State, QStringLiteral("c.state")), kPayloadColumns);

// The delay before attempt @p attempt + 1 of an ack: exponential, capped, ±20 % jitter.
qint64 retryDelayMs(int attempt)
{
    const double exponential = double(kAckRetryBaseMs) * std::pow(2.0, std::min(attempt - 1, 16));
    const double jitter = 0.8 + 0.4 * QRandomGenerator::global()->generateDouble();
    return qint64(std::min(double(kAckRetryCapMs), exponential) * jitter);
}

OutboxAck outboxAckFrom(const SqliteQuery &q)
{
    OutboxAck ack;
    ack.ackId = q.value(0).toLongLong();
    ack.commandRow = q.value(1).toLongLong();
    ack.commandId = q.value(2).toLongLong();
    ack.agentType = q.value(3).toString();
    ack.type = q.value(4).toString();
    ack.commandState = q.value(5).toString();
    ack.attempts = q.value(6).toInt();
    ack.createdAt = fromMs(q.value(7));
    ack.payload = ackPayloadFrom(q, 8);
    return ack;
}

} // namespace

QList<OutboxAck> CommandLedger::dueAcks(bool respectBackoff, int limit)
{
    QList<OutboxAck> due;
    // Most rounds owe nothing: one count over the outbox index (the statement outboxSize()
    // prepares anyway) spares them preparing the ordered join below.
    if (const Result<int> size = outboxSize(); size && *size == 0)
        return due;
    // SPEC §7 sends the outbox oldest first, so the backoff belongs to the queue, not to each
    // ack: when the oldest ack is due, everything behind it goes in order; until then, nothing.
    SqliteQuery &q = statement(QStringLiteral("SELECT %1 WHERE a.delivered_after IS NULL %2 ORDER BY a.ack_id LIMIT ?")
                                   .arg(kOutboxColumns, respectBackoff ? QStringLiteral(
                                            "AND NOT ((SELECT h.created_at + h.next_attempt_after FROM acks h WHERE h.delivered_after IS NULL "
                                            "ORDER BY h.ack_id LIMIT 1) BETWEEN ? + 1 AND ?)")
                                                                       : QString()));
    if (respectBackoff) {
        const qint64 now = nowMs();
        q.addBindValue(now);
        q.addBindValue(now + kAckRetryHorizonMs);
    }
    q.addBindValue(limit);
    if (!exec(q, "outbox"))
        return due;
    while (q.next())
        due.append(outboxAckFrom(q));
    q.finish();
    return due;
}

std::optional<OutboxAck> CommandLedger::undeliveredAck(qint64 ackId)
{
    return readAck(ackId).valueOr(std::nullopt);
}

Result<std::optional<OutboxAck>> CommandLedger::readAck(qint64 ackId)
{
    SqliteQuery &q = statement(QStringLiteral("SELECT %1 WHERE a.ack_id = ? AND a.delivered_after IS NULL").arg(kOutboxColumns));
    q.addBindValue(ackId);
    if (const Status read = exec(q, "outbox ack"); !read)
        return Error{read.error()};
    std::optional<OutboxAck> ack;
    if (q.next())
        ack = outboxAckFrom(q);
    q.finish();
    return ack;
}

void CommandLedger::recordAckAttempt(const OutboxAck &ack, int httpStatus, const QString &transportError, bool delivered)
{
    recordAckAttempts({AckAttempt{ack, httpStatus, transportError, delivered}});
}

void CommandLedger::recordAckAttempts(const QList<AckAttempt> &attempts)
{
    if (attempts.isEmpty())
        return;
    // Before the transaction: names read outside one are cached for the connection.
    for (const AckAttempt &attempt : attempts) {
        const Result<qint64> agent = m_database.names().intern(attempt.ack.agentType);
        const Result<qint64> type = agent ? m_database.names().intern(cappedShort(attempt.ack.type)) : agent;
        if (!type) {  // the acks stay in the outbox as they were, and are tried again
            (void)noteFailure(Error{type.error()}, "record attempt");
            return;
        }
    }
    SqliteTransaction transaction(m_database.db());
    if (!began(transaction))
        return;
    for (const AckAttempt &attempt : attempts) {
        if (!insertAttempt(attempt))
            return;  // logged; rolled back, and the next round delivers the acks again
    }
    (void)committed(transaction);  // committed() logs it; the next round delivers the acks again
}

Status CommandLedger::insertAttempt(const AckAttempt &attempt)
{
    const OutboxAck &ack = attempt.ack;
    const Result<qint64> agent = m_database.names().intern(ack.agentType);  // cached by recordAckAttempts()
    const Result<qint64> type = agent ? m_database.names().intern(cappedShort(ack.type)) : agent;
    if (!type)
        return noteFailure(Error{type.error()}, "record attempt");
    const qint64 now = nowMs();
    const int number = ack.attempts + 1;
    SqliteQuery &log = statement(QStringLiteral(
        "INSERT INTO ack_attempts (ack_id, command_id, agent, type, command_state, status, error, version, attempted_at, "
        "http_status, transport_error, delivered, attempt_number) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    log.addBindValue(ack.ackId);
    log.addBindValue(ack.commandId);
    log.addBindValue(*agent);
    log.addBindValue(*type);
    log.addBindValue(std::max(ledgercodes::kEmptyCode, ledgercodes::code(Column::State, ack.commandState)));
    log.addBindValue(std::max(ledgercodes::kEmptyCode, ledgercodes::code(Column::Status, ack.payload.value(QStringLiteral("status")).toString())));
    // The error is the ack's (its payload's): stored once, there, when there is one.
    const QString error = cappedError(ack.payload.value(QStringLiteral("error")).toString());
    log.addBindValue(error.isEmpty() || !ack.payload.value(QStringLiteral("error")).isString() ? QVariant(error) : QVariant(QMetaType(QMetaType::QString)));
    log.addBindValue(cappedShort(ack.payload.value(QStringLiteral("version")).toString()));
    log.addBindValue(now);
    log.addBindValue(attempt.httpStatus > 0 ? QVariant(attempt.httpStatus) : QVariant(QMetaType(QMetaType::Int)));
    log.addBindValue(cappedError(attempt.transportError));
    log.addBindValue(attempt.delivered);
    log.addBindValue(number);
    if (const Status logged = exec(log, "record attempt"); !logged)
        return logged;
    SqliteQuery &update = statement(attempt.delivered
        ? QStringLiteral("UPDATE acks SET attempts = ?, delivered_after = ? - created_at, last_http_status = ?, last_error = '' WHERE ack_id = ?")
        : QStringLiteral("UPDATE acks SET attempts = ?, next_attempt_after = ? - created_at, last_http_status = ?, last_error = ? WHERE ack_id = ?"));
    update.addBindValue(number);
    if (attempt.delivered) {
        update.addBindValue(now);
        update.addBindValue(attempt.httpStatus);
    } else {
        update.addBindValue(now + retryDelayMs(number));
        update.addBindValue(attempt.httpStatus > 0 ? QVariant(attempt.httpStatus) : QVariant(QMetaType(QMetaType::Int)));
        update.addBindValue(cappedError(attempt.transportError));
    }
    update.addBindValue(ack.ackId);
    return exec(update, "update ack");
}

QList<LedgerCommand> CommandLedger::pendingCommands(const QString &agentType, int limit, qint64 afterRowId)
{
    // Oldest first by storage order: a batch admitted in one millisecond keeps its order.
    // `state IN (2, 4)` is the partial index's own condition: SQLite uses an index only for a
    // query that names it.
    SqliteQuery &q = statement(QStringLiteral("SELECT %1 FROM commands c WHERE c.state IN (2, 4) AND c.state = %2 AND c.row_id > ? %3 "
                                              "ORDER BY c.row_id LIMIT ?")
                                   .arg(kRowColumns).arg(stateCode(CommandState::Pending))
                                   .arg(agentType.isEmpty() ? QString() : QStringLiteral("AND c.agent = (SELECT name_id FROM names WHERE name = ?)")));
    q.addBindValue(afterRowId);
    if (!agentType.isEmpty())
        q.addBindValue(agentType);
    q.addBindValue(std::max(1, limit));
    return readRows(q, "pending").valueOr({});
}

Result<QList<LedgerCommand>> CommandLedger::history(const HistoryFilter &filter)
{
    const Result<QList<groupmerge::Group>> groups = matchingGroups(filter);
    if (!groups)
        return Error{groups.error()};
    // Each group's rows are one range of commands_by_group, newest first: SQLite merges them and
    // stops at the limit, so any filter reads about `limit` index entries (docs/performance.md).
    const QString since = filter.since.isValid() ? QStringLiteral("received_at >= %1").arg(filter.since.toMSecsSinceEpoch()) : QString();
    QString newest = groupmerge::mergedSql(*groups, kCommandGroups, [](const groupmerge::Group &) { return QStringLiteral("row_id, received_at"); },
                                           [&](const groupmerge::Group &) { return since; }, QStringLiteral("received_at DESC, row_id DESC"));
    if (newest.isEmpty() && !groups->isEmpty())  // more groups than one statement merges: a sort
        newest = QStringLiteral("SELECT row_id, received_at FROM commands WHERE %1 ORDER BY received_at DESC, row_id DESC")
                     .arg(since.isEmpty() ? QStringLiteral("1") : since);
    if (newest.isEmpty())
        return QList<LedgerCommand>();  // no group matches
    SqliteQuery q(m_database.db());
    (void)q.prepare(QStringLiteral("SELECT %1 FROM (%2 LIMIT %3) m JOIN commands c ON c.row_id = m.row_id ORDER BY m.received_at DESC, m.row_id DESC")
                        .arg(kRowColumns, newest).arg(std::max(1, filter.limit)));  // a failure shows in exec()
    return readRows(q, "history");
}

Result<QList<LedgerCommand>> CommandLedger::page(const CommandPageRequest &request)
{
    if (request.order == CommandOrder::Received)
        return pageByReceived(request);
    QVariantList values;
    const QString where = request.state.isEmpty() ? QString() : QStringLiteral("WHERE c.state = ? ");
    if (!request.state.isEmpty())
        values << ledgercodes::code(Column::State, request.state);  // kNoCode: matches nothing
    const QString key = orderKey(request, values);
    const QString direction = request.ascending ? QStringLiteral("ASC") : QStringLiteral("DESC");
    // Another column than the time sorts the filtered rows: a top-N sort SQLite keeps to
    // offset + limit rows.
    SqliteQuery &q = statement(QStringLiteral("SELECT %1 FROM commands c %2ORDER BY %3 %4, c.row_id %4 LIMIT ? OFFSET ?")
                                   .arg(kSummaryColumns, where, key, direction));
    for (const QVariant &value : values)
        q.addBindValue(value);
    q.addBindValue(std::max(1, request.limit));
    q.addBindValue(std::max(0, request.offset));
    return readRows(q, "page");
}

Result<QList<LedgerCommand>> CommandLedger::pageByReceived(const CommandPageRequest &request)
{
    HistoryFilter filter;
    filter.state = request.state;
    const Result<QList<groupmerge::Group>> groups = matchingGroups(filter);
    if (!groups)
        return Error{groups.error()};
    // As history(): each group's rows are one index range in time order, merged by SQLite, so a
    // page reads about offset + limit index entries.
    const QString direction = request.ascending ? QStringLiteral("ASC") : QStringLiteral("DESC");
    const QString order = QStringLiteral("received_at %1, row_id %1").arg(direction);
    QString rows = groupmerge::mergedSql(*groups, kCommandGroups, [](const groupmerge::Group &) { return QStringLiteral("row_id, received_at"); },
                                         [](const groupmerge::Group &) { return QString(); }, order);
    if (rows.isEmpty() && !groups->isEmpty())  // more groups than one statement merges: a sort
        rows = QStringLiteral("SELECT row_id, received_at FROM commands ORDER BY %1").arg(order);
    if (rows.isEmpty())
        return QList<LedgerCommand>();  // no group matches
    SqliteQuery q(m_database.db());
    (void)q.prepare(QStringLiteral("SELECT %1 FROM (%2 LIMIT %3 OFFSET %4) m JOIN commands c ON c.row_id = m.row_id "
                                   "ORDER BY m.received_at %5, m.row_id %5")
                        .arg(kSummaryColumns, rows)
                        .arg(std::max(1, request.limit))
                        .arg(std::max(0, request.offset))
                        .arg(direction));  // a failure shows in exec()
    return readRows(q, "page");
}

Result<QList<groupmerge::Group>> CommandLedger::matchingGroups(const HistoryFilter &filter)
{
    const Result<QList<groupmerge::Group>> all = groupmerge::groupsOf(m_database.db(), kCommandGroups);
    if (!all)
        return noteFailure(Error{QStringLiteral("cannot read its index: %1").arg(all.error())}, "history");
    // A name the ledger never stored matches nothing (LedgerNames::kUnknown).
    LedgerNames &names = m_database.names();
    const Result<qint64> type = filter.type.isEmpty() ? Result<qint64>(0) : names.filterId(filter.type);
    const Result<qint64> agent = filter.agentType.isEmpty() ? Result<qint64>(0) : names.filterId(filter.agentType);
    if (!type || !agent)
        return noteFailure(Error{!type ? type.error() : agent.error()}, "history");
    const qint64 state = filter.state.isEmpty() ? 0 : ledgercodes::code(Column::State, filter.state);
    QList<groupmerge::Group> matching;
    for (const groupmerge::Group &group : *all) {
        if ((filter.state.isEmpty() || group.state == state) && (filter.type.isEmpty() || group.type == *type)
            && (filter.agentType.isEmpty() || group.agent == *agent))
            matching.append(group);
    }
    return matching;
}

Result<int> CommandLedger::readCount(SqliteQuery &q, const char *what)
{
    if (const Status counted = exec(q, what); !counted)
        return Error{counted.error()};
    const int count = q.next() ? q.value(0).toInt() : 0;
    q.finish();
    return count;
}

Result<int> CommandLedger::countInState(CommandState state)
{
    SqliteQuery &q = statement(QStringLiteral("SELECT COUNT(*) FROM commands WHERE state = ?"));
    q.addBindValue(stateCode(state));
    return readCount(q, "count");
}

Result<int> CommandLedger::outboxSize()
{
    return readCount(statement(QStringLiteral("SELECT COUNT(*) FROM acks WHERE delivered_after IS NULL")), "outbox size");
}

void CommandLedger::setMeta(const QString &key, const QString &value)
{
    SqliteQuery &q = statement(QStringLiteral("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"));
    q.addBindValue(key);
    q.addBindValue(value);
    (void)exec(q, "set meta");  // exec() logs it; a meta value is a hint, read again next time
}

} // namespace teamai
