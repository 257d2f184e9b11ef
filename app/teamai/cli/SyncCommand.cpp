#include "cli/SyncCommand.h"

#include "cli/CommandLine.h"
#include "cli/SummaryFormat.h"
#include "sync/SyncEngine.h"
#include "tools/ToolTable.h"

#include <QDir>
#include <QJsonDocument>

namespace teamai::cli {

SyncCommand::SyncCommand()
    : CliCommand("sync", "Report, sync, run pushed commands and acknowledge them, once")
{
}

int SyncCommand::run(const QStringList &arguments)
{
    CommandLine line({QStringLiteral("tool")}, {QStringLiteral("json")});
    if (const std::optional<int> stop = parseOrStop(line, arguments))
        return *stop;
    const ToolInfo *tool = toolOption(line, &defaultTool());
    if (!tool)
        return kExitUsage;

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
