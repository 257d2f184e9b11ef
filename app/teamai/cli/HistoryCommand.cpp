#include "cli/HistoryCommand.h"

#include "cli/CommandLine.h"
#include "cli/HistoryFollow.h"
#include "store/CommandLedger.h"
#include "store/LedgerDatabase.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace teamai::cli {
namespace {

constexpr int kMaxLimit = 1000000;

QDateTime parseSince(const QString &text)
{
    QDateTime when = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!when.isValid()) {
        const QDate day = QDate::fromString(text, Qt::ISODate);
        if (day.isValid())
            when = day.startOfDay();
    }
    return when;
}

QString cell(QString text, int width)
{
    text.replace(u'\n', u' ');
    if (text.size() > width)
        text = text.left(width - 1) + QChar(0x2026);
    return text.leftJustified(width);
}

QString exitText(const LedgerCommand &row)
{
    if (row.signal)
        return QStringLiteral("%1 (sig %2)").arg(row.exitCode.value_or(128 + *row.signal)).arg(*row.signal);
    if (row.exitCode)
        return QString::number(*row.exitCode);
    return QStringLiteral("-");
}

QJsonObject toJson(const LedgerCommand &row)
{
    QJsonObject object{
        {QStringLiteral("id"), row.commandId},
        {QStringLiteral("agent"), row.agentType},
        {QStringLiteral("type"), row.type},
        {QStringLiteral("state"), stateName(row.state)},
        {QStringLiteral("delivery"), deliveryName(row.delivery)},
        {QStringLiteral("received_at"), row.receivedAt.toString(Qt::ISODateWithMs)},
        {QStringLiteral("started_at"), row.startedAt.isValid() ? row.startedAt.toString(Qt::ISODateWithMs) : QString()},
        {QStringLiteral("finished_at"), row.finishedAt.isValid() ? row.finishedAt.toString(Qt::ISODateWithMs) : QString()},
        {QStringLiteral("reason"), row.reason},
        {QStringLiteral("error"), row.error},
        {QStringLiteral("version"), row.version},
        {QStringLiteral("ack"), row.ackState.isEmpty() ? QStringLiteral("none") : row.ackState},
        {QStringLiteral("ack_attempts"), row.ackAttempts},
        {QStringLiteral("timed_out"), row.timedOut},
    };
    object.insert(QStringLiteral("exit_code"), row.exitCode ? QJsonValue(*row.exitCode) : QJsonValue());
    object.insert(QStringLiteral("signal"), row.signal ? QJsonValue(*row.signal) : QJsonValue());
    return object;
}

/// `--follow ID`: refuses the list-only options, else follows that command's output.
int follow(const CommandLine &line, const QString &command)
{
    for (const QString &listOnly : {QStringLiteral("limit"), QStringLiteral("state"), QStringLiteral("type"),
                                    QStringLiteral("since"), QStringLiteral("json")}) {
        if (line.isSet(listOnly))
            return usageError(command, QStringLiteral("--%1 does not go with --follow").arg(listOnly));
    }
    return followCommandOutput(line.value(QStringLiteral("follow")), line.value(QStringLiteral("tool")),
                               line.isSet(QStringLiteral("tool")));
}

/// Reads --limit, --state, --type and --since into @p filter; the exit code when one is wrong.
std::optional<int> readFilter(const CommandLine &line, const QString &command, HistoryFilter *filter)
{
    if (line.isSet(QStringLiteral("limit"))) {
        bool ok = false;
        filter->limit = line.value(QStringLiteral("limit")).toInt(&ok);
        if (!ok || filter->limit < 1 || filter->limit > kMaxLimit)
            return usageError(command, QStringLiteral("--limit must be a whole number from 1 to %1").arg(kMaxLimit));
    }
    filter->state = line.value(QStringLiteral("state"));
    if (!filter->state.isEmpty() && !stateFromName(filter->state))
        return usageError(command, QStringLiteral("unknown state `%1`").arg(filter->state));
    filter->type = line.value(QStringLiteral("type"));
    if (line.isSet(QStringLiteral("since"))) {
        filter->since = parseSince(line.value(QStringLiteral("since")));
        if (!filter->since.isValid())
            return usageError(command, QStringLiteral("--since needs a date like 2026-01-31 or an ISO-8601 time"));
    }
    return std::nullopt;
}

void printTable(const QList<LedgerCommand> &rows)
{
    printOut(cell(QStringLiteral("RECEIVED"), 19) + u' ' + cell(QStringLiteral("ID"), 8) + u' ' + cell(QStringLiteral("AGENT"), 9) + u' '
             + cell(QStringLiteral("TYPE"), 20) + u' ' + cell(QStringLiteral("STATE"), 11) + u' ' + cell(QStringLiteral("DELIVERY"), 13) + u' '
             + cell(QStringLiteral("EXIT"), 6) + u' ' + cell(QStringLiteral("ACK"), 9) + u' ' + QStringLiteral("ERROR"));
    for (const LedgerCommand &row : rows) {
        printOut(cell(row.receivedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")), 19) + u' '
                 + cell(QString::number(row.commandId), 8) + u' ' + cell(row.agentType, 9) + u' ' + cell(row.type, 20) + u' '
                 + cell(stateName(row.state), 11) + u' ' + cell(deliveryName(row.delivery), 13) + u' ' + cell(exitText(row), 6) + u' '
                 + cell(row.ackState.isEmpty() ? QStringLiteral("-") : row.ackState, 9) + u' ' + cell(row.error, 60).trimmed());
    }
}

} // namespace

HistoryCommand::HistoryCommand()
    : CliCommand("history", "List received commands, their results and acks")
{
}

int HistoryCommand::run(const QStringList &arguments)
{
    CommandLine line({QStringLiteral("limit"), QStringLiteral("state"), QStringLiteral("type"), QStringLiteral("since"),
                      QStringLiteral("follow"), QStringLiteral("tool")},
                     {QStringLiteral("json")});
    line.addAlias(QStringLiteral("agent"), QStringLiteral("tool"));  // the option's name before issue 18
    if (const std::optional<int> stop = parseOrStop(line, arguments))
        return *stop;
    if (line.isSet(QStringLiteral("follow")))
        return follow(line, name());
    if (line.isSet(QStringLiteral("tool")))
        return usageError(name(), QStringLiteral("--tool goes with --follow"));
    HistoryFilter filter;
    if (const std::optional<int> wrong = readFilter(line, name(), &filter))
        return *wrong;

    LedgerDatabase database;
    if (const Status opened = database.open(); !opened) {
        printErr(QStringLiteral("teamai history: %1").arg(opened.error()));
        return kExitFailure;
    }
    CommandLedger ledger(database);
    const Result<QList<LedgerCommand>> read = ledger.history(filter);
    if (!read) {
        printErr(QStringLiteral("teamai history: %1").arg(read.error()));
        return kExitFailure;
    }
    const QList<LedgerCommand> &rows = *read;
    if (line.isSet(QStringLiteral("json"))) {
        for (const LedgerCommand &row : rows)
            printOut(QString::fromUtf8(QJsonDocument(toJson(row)).toJson(QJsonDocument::Compact)));
        return kExitOk;
    }
    if (rows.isEmpty()) {
        printOut(QStringLiteral("No commands recorded%1.").arg(filter.state.isEmpty() && filter.type.isEmpty() && !filter.since.isValid()
                                                                    ? QString() : QStringLiteral(" that match")));
        return kExitOk;
    }
    printTable(rows);
    return kExitOk;
}

} // namespace teamai::cli
