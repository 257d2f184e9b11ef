#include "cli/HistoryFollow.h"

#include "cli/CliCommand.h"
#include "output/CommandOutput.h"
#include "store/CommandLedger.h"
#include "store/LedgerDatabase.h"
#include "tools/ToolTable.h"

#include <QThread>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <optional>

namespace teamai::cli {
namespace {

constexpr int kPollMs = 200;
constexpr int kSliceMs = 50;                    // how soon a signal is noticed while waiting
constexpr qint64 kReadBytes = 1024 * 1024;      // per stream and read: memory stays bounded
constexpr int kLedgerCheckEveryPolls = 10;      // while nothing new arrives (2 s)

volatile std::sig_atomic_t g_signal = 0;

extern "C" void onStopSignal(int sig)
{
    g_signal = sig;
}

const QString kCommand = QStringLiteral("history");

/// The tool names the ledger (or an output folder) knows command @p id for.
QStringList toolsWithCommand(CommandLedger &ledger, qint64 id)
{
    QStringList tools;
    for (const LedgerCommand &row : ledger.commandsWithId(id).valueOr({})) {
        if (const ToolInfo *tool = findTool(row.agentType); tool && !tools.contains(tool->name))
            tools.append(tool->name);
    }
    // Output kept while its ledger row was pruned still belongs to the command.
    for (const ToolInfo &tool : knownTools()) {
        if (!tools.contains(tool.name) && output::readState({tool.name, id}).exists)
            tools.append(tool.name);
    }
    std::sort(tools.begin(), tools.end());
    return tools;
}

/// Whether the ledger says the command may still produce output (queued or running here).
bool mayStillRun(CommandLedger &ledger, const output::OutputKey &key)
{
    const ToolInfo *tool = findTool(key.tool);
    for (const LedgerCommand &row : ledger.commandsWithId(key.commandId, tool ? tool->agentType : key.tool).valueOr({})) {
        if (row.state == CommandState::Pending || row.state == CommandState::Running)
            return true;
    }
    return false;
}

void writeRaw(std::FILE *stream, const QByteArray &bytes)
{
    if (bytes.isEmpty())
        return;
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stream);
    std::fflush(stream);
}

void reportLoss(const char *streamName, qint64 lostBytes)
{
    printErr(QStringLiteral("teamai history: [%1 bytes of %2 were no longer kept; the output goes on from the oldest byte still kept]")
                 .arg(lostBytes).arg(QString::fromLatin1(streamName)));
}

/// Sleeps about kPollMs; false when a stop signal came.
bool pause()
{
    for (int waited = 0; waited < kPollMs && g_signal == 0; waited += kSliceMs)
        QThread::msleep(kSliceMs);
    return g_signal == 0;
}

/// Prints one delta; returns whether it carried any bytes.
bool printDelta(const output::OutputDelta &delta, const output::Cursor &from)
{
    // A lossy delta starts later than the cursor: the gap is what was lost.
    if (delta.lossyOut)
        reportLoss("stdout", delta.next.out - delta.out.size() - from.out);
    if (delta.lossyErr)
        reportLoss("stderr", delta.next.err - delta.err.size() - from.err);
    writeRaw(stdout, delta.out);
    writeRaw(stderr, delta.err);
    return !delta.out.isEmpty() || !delta.err.isEmpty();
}

std::optional<qint64> parseId(const QString &text)
{
    if (text.isEmpty() || text.size() > 18 || !std::all_of(text.begin(), text.end(), [](QChar c) { return c >= u'0' && c <= u'9'; }))
        return std::nullopt;
    const qint64 id = text.toLongLong();
    return id > 0 ? std::optional<qint64>(id) : std::nullopt;
}

int follow(CommandLedger &ledger, const output::OutputKey &key)
{
    output::Cursor cursor;
    int quietPolls = 0;
    for (;;) {
        const output::OutputDelta delta = output::read(key, cursor, kReadBytes);
        if (!delta.state.exists) {
            // Not started yet (queued behind another command), or never ran here, or pruned.
            if (cursor.out == 0 && cursor.err == 0 && mayStillRun(ledger, key)) {
                if (!pause())
                    return 128 + g_signal;
                continue;
            }
            printErr(QStringLiteral("teamai history: no output for command %1 of %2 on this machine "
                                    "(it did not run here, or its output was pruned)").arg(key.commandId).arg(key.tool));
            return kExitFailure;
        }
        const bool gotBytes = printDelta(delta, cursor);
        cursor = delta.next;
        if (delta.complete)
            return kExitOk;
        if (g_signal != 0)
            return 128 + g_signal;
        if (gotBytes) {
            quietPolls = 0;
            continue;  // more may be waiting right now: read on before sleeping
        }
        // A run whose writer died (the agent was SIGKILLed) never finishes its state file: the
        // ledger tells, once nothing runs for it any more.
        if (++quietPolls % kLedgerCheckEveryPolls == 0 && !delta.state.finished && !mayStillRun(ledger, key)) {
            printErr(QStringLiteral("teamai history: command %1 is no longer running, but its output was not finished "
                                    "(the process running it was killed)").arg(key.commandId));
            return kExitFailure;
        }
        if (!pause())
            return 128 + g_signal;
    }
}

} // namespace

int followCommandOutput(const QString &idText, const QString &agent, bool agentGiven)
{
    const std::optional<qint64> id = parseId(idText);
    if (!id)
        return usageError(kCommand, QStringLiteral("--follow needs a command id (a positive whole number), not `%1`").arg(idText));
    const ToolInfo *chosen = agentGiven ? findTool(agent) : nullptr;
    if (agentGiven && (agent.startsWith(u'-') || !chosen))
        return usageError(kCommand, QStringLiteral("unknown tool `%1`").arg(agent));

    LedgerDatabase database;
    if (const Status opened = database.open(); !opened) {
        printErr(QStringLiteral("teamai history: %1").arg(opened.error()));
        return kExitFailure;
    }
    CommandLedger ledger(database);
    QString tool = chosen ? chosen->name : QString();
    if (!chosen) {
        const QStringList tools = toolsWithCommand(ledger, *id);
        if (tools.size() > 1)
            return usageError(kCommand, QStringLiteral("command %1 came for several tools (%2): choose one with --tool")
                                            .arg(*id).arg(tools.join(QStringLiteral(", "))));
        if (tools.isEmpty()) {
            printErr(QStringLiteral("teamai history: no output for command %1 on this machine "
                                    "(it did not run here, or its output was pruned)").arg(*id));
            return kExitFailure;
        }
        tool = tools.constFirst();
    }
    // Ctrl-C or a SIGTERM ends the follow between two reads: what was printed stays whole.
    std::signal(SIGINT, onStopSignal);
    std::signal(SIGTERM, onStopSignal);
    return follow(ledger, {tool, *id});
}

} // namespace teamai::cli
