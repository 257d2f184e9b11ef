#include "mcpserver/CommandTools.h"

#include "mcpserver/AgentScope.h"
#include "mcpserver/CommandLookup.h"
#include "mcpserver/McpArguments.h"
#include "store/AckHistoryQuery.h"
#include "store/CommandLedger.h"
#include "store/LedgerDatabase.h"
#include "util/Redact.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace teamai::mcpserver {
namespace {

constexpr int kDefaultLimit = 50;
constexpr int kMaxLimit = 500;
constexpr qint64 kMaxId = 9007199254740991;  // the largest integer a JSON number carries exactly

QJsonValue isoTime(const QDateTime &time)
{
    return time.isValid() ? QJsonValue(time.toUTC().toString(Qt::ISODateWithMs)) : QJsonValue(QJsonValue::Null);
}

QJsonValue optionalInt(const std::optional<int> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QDateTime parseSince(const QString &text)
{
    QDateTime when = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!when.isValid()) {
        const QDate day = QDate::fromString(text, Qt::ISODate);
        if (day.isValid())
            when = day.startOfDay(Qt::UTC);
    }
    return when;
}

QStringList stateNames()
{
    QStringList names;
    for (CommandState state : {CommandState::Pending, CommandState::Running, CommandState::Succeeded, CommandState::Failed,
                               CommandState::Rejected, CommandState::Skipped, CommandState::Interrupted})
        names << stateName(state);
    return names;
}

QJsonObject summaryJson(const LedgerCommand &row)
{
    return QJsonObject{
        {QStringLiteral("id"), row.commandId},
        {QStringLiteral("agent"), row.agentType},
        {QStringLiteral("type"), row.type},
        {QStringLiteral("state"), stateName(row.state)},
        {QStringLiteral("delivery"), deliveryName(row.delivery)},
        {QStringLiteral("received_at"), isoTime(row.receivedAt)},
        {QStringLiteral("started_at"), isoTime(row.startedAt)},
        {QStringLiteral("finished_at"), isoTime(row.finishedAt)},
        {QStringLiteral("exit_code"), optionalInt(row.exitCode)},
        {QStringLiteral("signal"), optionalInt(row.signal)},
        {QStringLiteral("timed_out"), row.timedOut},
        {QStringLiteral("cancelled"), row.cancelled},
        {QStringLiteral("reason"), row.reason},
        {QStringLiteral("error"), redactSecrets(row.error)},
        {QStringLiteral("detail"), redactSecrets(row.detail)},
        {QStringLiteral("ack"), row.ackState.isEmpty() ? QStringLiteral("none") : row.ackState},
    };
}

QString summaryLine(const LedgerCommand &row)
{
    QString outcome = stateName(row.state);
    if (row.exitCode)
        outcome += QStringLiteral(" exit %1").arg(*row.exitCode);
    if (row.signal)
        outcome += QStringLiteral(" signal %1").arg(*row.signal);
    if (row.timedOut)
        outcome += QStringLiteral(" timed out");
    // What a resource command did ("installed skill x 1.2 in …"): the answer to "what changed".
    const QString what = !row.error.isEmpty() ? row.error : row.detail;
    return QStringLiteral("#%1 %2 %3 for %4, received %5: %6%7")
        .arg(row.commandId).arg(row.type, deliveryName(row.delivery), row.agentType,
             row.receivedAt.toUTC().toString(Qt::ISODate), outcome,
             what.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(redactSecrets(what)));
}

ToolResult runCommands(const QString &caller, const QJsonObject &arguments)
{
    const Result<AgentScope> scope = AgentScope::resolve(caller, arguments);
    if (!scope)
        return ToolResult::failure(scope.error());
    HistoryFilter filter;
    filter.limit = arguments.value(QStringLiteral("limit")).toInt(kDefaultLimit);
    filter.state = arguments.value(QStringLiteral("state")).toString();
    filter.type = arguments.value(QStringLiteral("type")).toString();
    filter.agentType = scope->agent;
    if (arguments.contains(QStringLiteral("since"))) {
        filter.since = parseSince(arguments.value(QStringLiteral("since")).toString());
        if (!filter.since.isValid())
            return ToolResult::failure(QStringLiteral("argument `since` must be a date like 2026-01-31 or an ISO-8601 time"));
    }
    LedgerDatabase database;
    if (const Status opened = database.open(); !opened)
        return ToolResult::failure(QStringLiteral("the command ledger cannot be read: %1").arg(opened.error()));
    CommandLedger ledger(database);
    const Result<QList<LedgerCommand>> read = ledger.history(filter);
    if (!read)
        return ToolResult::failure(QStringLiteral("the command ledger cannot be read: %1").arg(read.error()));
    const QList<LedgerCommand> &rows = *read;
    QJsonArray list;
    QStringList lines{rows.isEmpty() ? QStringLiteral("No commands match.") : QStringLiteral("%1 command(s), newest first:").arg(rows.size())};
    for (const LedgerCommand &row : rows) {
        list.append(summaryJson(row));
        lines << summaryLine(row);
    }
    return ToolResult::success(QJsonObject{{QStringLiteral("commands"), list}, {QStringLiteral("count"), list.size()},
                                           {QStringLiteral("limit"), filter.limit}},
                               lines.join(u'\n'));
}

QJsonArray attemptsJson(const QList<AckAttemptRow> &attempts)
{
    QJsonArray list;
    for (const AckAttemptRow &a : attempts)
        list.append(QJsonObject{{QStringLiteral("attempt"), a.attemptNumber},
                                {QStringLiteral("attempted_at"), isoTime(a.attemptedAt)},
                                {QStringLiteral("ack_status"), a.status},
                                {QStringLiteral("command_state"), a.commandState},
                                {QStringLiteral("delivered"), a.delivered},
                                {QStringLiteral("http_status"), optionalInt(a.httpStatus)},
                                {QStringLiteral("transport_error"), redactSecrets(a.transportError)},
                                {QStringLiteral("error"), redactSecrets(a.error)}});
    return list;
}

QJsonObject recordJson(const LedgerCommand &row, const QList<AckAttemptRow> &attempts)
{
    QJsonObject record = summaryJson(row);
    const QJsonObject raw = QJsonDocument::fromJson(row.rawJson.toUtf8()).object();
    record.insert(QStringLiteral("command_text"), redactSecrets(raw.value(QStringLiteral("cmd")).toString()));
    record.insert(QStringLiteral("version"), row.version);
    record.insert(QStringLiteral("ack_attempts"), attemptsJson(attempts));
    return record;
}

QString recordText(const LedgerCommand &row, const QJsonObject &record, const QList<AckAttemptRow> &attempts)
{
    QStringList lines{summaryLine(row)};
    const QString text = record.value(QStringLiteral("command_text")).toString();
    if (!text.isEmpty())
        lines << QStringLiteral("Command: %1").arg(text);
    lines << QStringLiteral("Ack: %1, %2 attempt(s)").arg(record.value(QStringLiteral("ack")).toString()).arg(attempts.size());
    for (const AckAttemptRow &a : attempts)
        lines << QStringLiteral("  attempt %1 at %2: %3%4").arg(a.attemptNumber).arg(a.attemptedAt.toString(Qt::ISODate),
                     a.delivered ? QStringLiteral("delivered") : QStringLiteral("not delivered"),
                     a.httpStatus ? QStringLiteral(" (HTTP %1)").arg(*a.httpStatus) : QString());
    return lines.join(u'\n');
}

ToolResult runCommand(const QString &caller, const QJsonObject &arguments)
{
    const Result<AgentScope> scope = AgentScope::resolve(caller, arguments);
    if (!scope)
        return ToolResult::failure(scope.error());
    const qint64 id = arguments.value(QStringLiteral("id")).toInteger();
    LedgerDatabase database;
    const CommandLookup found = CommandLookup::find(database, *scope, id);
    if (!found.row)
        return ToolResult::failure(found.error);
    const LedgerCommand &row = *found.row;
    AckHistoryQuery acks(database);
    const QList<AckAttemptRow> attempts = acks.attemptsOfCommand(id, row.agentType);
    const QJsonObject record = recordJson(row, attempts);
    return ToolResult::success(record, recordText(row, record, attempts));
}

QJsonObject summarySchema()
{
    return QJsonObject{
        {QStringLiteral("id"), schema::typed("integer")},
        {QStringLiteral("agent"), schema::typed("string")},
        {QStringLiteral("type"), schema::typed("string")},
        {QStringLiteral("state"), schema::typed("string")},
        {QStringLiteral("delivery"), schema::typed("string")},
        {QStringLiteral("received_at"), schema::typedOrNull("string")},
        {QStringLiteral("started_at"), schema::typedOrNull("string")},
        {QStringLiteral("finished_at"), schema::typedOrNull("string")},
        {QStringLiteral("exit_code"), schema::typedOrNull("integer")},
        {QStringLiteral("signal"), schema::typedOrNull("integer")},
        {QStringLiteral("timed_out"), schema::typed("boolean")},
        {QStringLiteral("cancelled"), schema::typed("boolean")},
        {QStringLiteral("reason"), schema::typed("string")},
        {QStringLiteral("error"), schema::typed("string")},
        {QStringLiteral("detail"), schema::typed("string")},
        {QStringLiteral("ack"), schema::typed("string")},
    };
}

QJsonObject recordSchema()
{
    QJsonObject properties = summarySchema();
    properties.insert(QStringLiteral("command_text"), schema::typed("string"));
    properties.insert(QStringLiteral("version"), schema::typed("string"));
    properties.insert(QStringLiteral("ack_attempts"), schema::arrayOf(schema::result({
        {QStringLiteral("attempt"), schema::typed("integer")},
        {QStringLiteral("attempted_at"), schema::typedOrNull("string")},
        {QStringLiteral("ack_status"), schema::typed("string")},
        {QStringLiteral("command_state"), schema::typed("string")},
        {QStringLiteral("delivered"), schema::typed("boolean")},
        {QStringLiteral("http_status"), schema::typedOrNull("integer")},
        {QStringLiteral("transport_error"), schema::typed("string")},
        {QStringLiteral("error"), schema::typed("string")}})));
    return schema::result(properties);
}

} // namespace

McpTool commandsTool(const QString &caller)
{
    const QJsonObject properties{
        {QStringLiteral("state"), schema::stringEnum(QStringLiteral("Only commands in this state."), stateNames())},
        {QStringLiteral("type"), schema::string(QStringLiteral("Only commands of this type, e.g. cmd, skill, install_mcp."), 100)},
        {QStringLiteral("agent"), schema::string(agentArgumentDescription(), 100)},
        {QStringLiteral("since"), schema::string(QStringLiteral("Only commands received at or after this time: 2026-01-31 or an ISO-8601 time."), 64)},
        {QStringLiteral("limit"), schema::integer(QStringLiteral("At most this many commands (default 50)."), 1, kMaxLimit)},
    };
    return McpTool{
        QStringLiteral("teamai_commands"),
        QStringLiteral("Commands the TeamAI backend sent"),
        QStringLiteral("The commands this machine received from the TeamAI backend, newest first: type, state, whether "
                       "it ran (delivery), exit code, signal, timeout, error and acknowledgement. Filters combine. Only this "
                       "agent's commands unless the user allows agents to see all."),
        schema::object(properties),
        [caller](const QJsonObject &arguments) { return runCommands(caller, arguments); },
        schema::result({{QStringLiteral("commands"), schema::arrayOf(schema::result(summarySchema()))},
                        {QStringLiteral("count"), schema::typed("integer")},
                        {QStringLiteral("limit"), schema::typed("integer")}}),
    };
}

McpTool commandTool(const QString &caller)
{
    const QJsonObject properties{
        {QStringLiteral("id"), schema::integer(QStringLiteral("The command's id, as teamai_commands lists it."), 1, kMaxId)},
        {QStringLiteral("agent"), schema::string(agentArgumentDescription() + QStringLiteral(" With *, say which when the same id came for several."), 100)},
    };
    return McpTool{
        QStringLiteral("teamai_command"),
        QStringLiteral("One TeamAI command's record"),
        QStringLiteral("Everything the ledger holds about one command: what was asked (secrets masked), its state, "
                       "delivery, exit code, signal, timeout, cancellation, error, and every attempt to acknowledge it."),
        schema::object(properties, {QStringLiteral("id")}),
        [caller](const QJsonObject &arguments) { return runCommand(caller, arguments); },
        recordSchema(),
    };
}

} // namespace teamai::mcpserver
