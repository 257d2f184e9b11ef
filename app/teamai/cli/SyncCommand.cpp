#include "cli/SyncCommand.h"

#include "cli/CommandLine.h"
#include "cli/SummaryFormat.h"
#include "sync/SyncEngine.h"
#include "tools/ToolTable.h"

#include <QDir>
#include <QJsonDocument>

namespace teamai::cli {

SyncCommand::SyncCommand()
    : CliCommand("sync", "Report, sync, run pushed commands and acknowledge them, once", QStringLiteral(
        "Usage: teamai sync [--tool TOOL] [--json]\n"
        "\n"
        "Reports what is installed, asks the backend for commands, runs them and acknowledges\n"
        "each result — the same round an agent hook does — and prints what happened.\n"
        "\n"
        "Options:\n"
        "  --tool TOOL   the agent to sync for (default: workbuddy):\n                ") + wrappedToolList(16) + QStringLiteral("\n"
        "  --json        print the result as one JSON object\n"
        "\n"
        "Exit status: 0 when the sync worked and every ack this run sent was delivered,\n"
        "1 otherwise; the output then says why (\"problems\" in --json)."))
{
}

int SyncCommand::run(const QStringList &arguments)
{
    CommandLine line({QStringLiteral("tool")}, {QStringLiteral("json")});
    if (const std::optional<int> stop = parseOrStop(line, arguments))
        return *stop;
    const ToolInfo *tool = line.isSet(QStringLiteral("tool")) ? findTool(line.value(QStringLiteral("tool"))) : &defaultTool();
    if (!tool)
        return usageError(name(), QStringLiteral("unknown tool `%1`").arg(line.value(QStringLiteral("tool"))));

    Result<std::unique_ptr<SyncEngine>> created = SyncEngine::create();
    if (!created) {
        printErr(QStringLiteral("teamai sync: %1").arg(created.error()));
        return kExitFailure;
    }
    std::unique_ptr<SyncEngine> engine = std::move(*created);
    SyncOptions options;
    options.tool = tool;
    options.cwd = QDir::currentPath();
    options.respectAckBackoff = false;  // asked for explicitly: retry every queued ack now
    options.drainLedger = true;
    const SyncSummary summary = engine->runOnce(options);
    if (line.isSet(QStringLiteral("json"))) {
        printOut(QString::fromUtf8(QJsonDocument(summaryToJson(summary, tool->name, engine->endpoint())).toJson(QJsonDocument::Compact)));
    } else {
        for (const QString &text : formatSummary(summary, tool->name, engine->endpoint()))
            printOut(text);
    }
    return summary.syncOk && summary.allAcksDelivered() ? kExitOk : kExitFailure;
}

} // namespace teamai::cli
