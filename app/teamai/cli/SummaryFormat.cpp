#include "cli/SummaryFormat.h"

#include "sync/SyncSession.h"

#include <QJsonArray>

namespace teamai::cli {
namespace {

QString ackText(const CommandOutcome &outcome)
{
    if (!outcome.ackSent)
        return QStringLiteral("no ack");
    const QString status = outcome.result.success() ? QStringLiteral("success") : QStringLiteral("failed");
    if (outcome.ackDelivered)
        return QStringLiteral("ack %1 delivered").arg(status);
    return QStringLiteral("ack %1 NOT delivered (%2)").arg(status, outcome.ackError);
}

} // namespace

QStringList formatSummary(const SyncSummary &summary, const QString &tool, const QString &endpoint)
{
    QStringList lines;
    lines << QStringLiteral("TeamAI sync for %1 at %2").arg(tool, endpoint);
    if (summary.reportSkipped)
        lines << QStringLiteral("  report: skipped (sandbox)");
    else
        lines << QStringLiteral("  report: %1").arg(summary.reportOk ? QStringLiteral("ok") : QStringLiteral("failed: ") + summary.reportError);
    if (!summary.syncOk) {
        lines << QStringLiteral("  sync:   failed: %1").arg(summary.syncError);
        return lines;
    }
    lines << QStringLiteral("  sync:   %1 command(s)").arg(summary.outcomes.size() + summary.deferred);
    for (const CommandOutcome &outcome : summary.outcomes) {
        const QString id = outcome.command.id ? QString::number(*outcome.command.id) : QStringLiteral("?");
        const QString type = outcome.command.type.isEmpty() ? QStringLiteral("(no type)") : outcome.command.type;
        lines << QStringLiteral("  #%1 %2: %3 — %4 — %5")
                     .arg(id, type, outcomeName(outcome.result.outcome), outcome.result.detail, ackText(outcome));
    }
    if (summary.deferred > 0)
        lines << QStringLiteral("  %1 command(s) left for a later sync").arg(summary.deferred);
    for (const QString &problem : summary.problems())
        lines << QStringLiteral("  problem: %1").arg(problem);
    return lines;
}

QJsonObject summaryToJson(const SyncSummary &summary, const QString &tool, const QString &endpoint)
{
    QJsonArray commands;
    for (const CommandOutcome &outcome : summary.outcomes) {
        QJsonObject entry{
            {QStringLiteral("type"), outcome.command.type},
            {QStringLiteral("outcome"), outcomeName(outcome.result.outcome)},
            {QStringLiteral("detail"), outcome.result.detail},
            {QStringLiteral("error"), outcome.result.error},
            {QStringLiteral("ack"), QJsonObject{{QStringLiteral("sent"), outcome.ackSent},
                                                {QStringLiteral("delivered"), outcome.ackDelivered},
                                                {QStringLiteral("http_status"), outcome.ackHttpStatus},
                                                {QStringLiteral("error"), outcome.ackError}}},
        };
        entry.insert(QStringLiteral("id"), outcome.command.id ? QJsonValue(*outcome.command.id) : QJsonValue());
        if (!outcome.result.version.isEmpty())
            entry.insert(QStringLiteral("version"), outcome.result.version);
        if (outcome.result.exec) {
            const exec::ExecResult &r = *outcome.result.exec;
            entry.insert(QStringLiteral("exit_code"), r.exitCode ? QJsonValue(*r.exitCode) : QJsonValue());
            entry.insert(QStringLiteral("signal"), r.signal ? QJsonValue(*r.signal) : QJsonValue());
            entry.insert(QStringLiteral("timed_out"), r.timedOut);
            entry.insert(QStringLiteral("stdout"), QString::fromUtf8(r.out.text.right(4096)));
            entry.insert(QStringLiteral("stderr"), QString::fromUtf8(r.err.text.right(4096)));
        }
        commands.append(entry);
    }
    return QJsonObject{
        {QStringLiteral("tool"), tool},
        {QStringLiteral("endpoint"), endpoint},
        {QStringLiteral("report"), QJsonObject{{QStringLiteral("skipped"), summary.reportSkipped},
                                               {QStringLiteral("ok"), summary.reportOk},
                                               {QStringLiteral("error"), summary.reportError}}},
        {QStringLiteral("sync"), QJsonObject{{QStringLiteral("ok"), summary.syncOk},
                                             {QStringLiteral("error"), summary.syncError}}},
        {QStringLiteral("commands"), commands},
        {QStringLiteral("deferred"), summary.deferred},
        {QStringLiteral("ok"), summary.syncOk && summary.allAcksDelivered()},
        {QStringLiteral("problems"), QJsonArray::fromStringList(summary.problems())},
        {QStringLiteral("elapsed_ms"), summary.elapsedMs},
    };
}

} // namespace teamai::cli
