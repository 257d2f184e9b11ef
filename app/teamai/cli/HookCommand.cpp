#include "cli/HookCommand.h"

#include "binding/HookBindingFlow.h"
#include "cli/CommandLine.h"
#include "hook/HookInput.h"
#include "log/ErrorJournal.h"
#include "log/Logging.h"
#include "net/BackendClient.h"
#include "plugins/PluginPull.h"
#include "sync/SyncEngine.h"
#include "sync/WorkerLauncher.h"
#include "tools/ToolTable.h"
#include "util/ProcessClock.h"

#include <algorithm>
#include <cstdio>

namespace teamai::cli {
namespace {

// Budgets are deadlines for the whole process, measured from the start of main()
// (processclock): start-up, stdin, requests, starting the worker and exit all count.
// SPEC §6: a foreground event gives the agent its turn back within 4.5 s.
constexpr int kForegroundBudgetMs = 4500;
// Other events: well below the 10 s hook timeout `teamai init` writes into the agent's settings.
constexpr int kBackgroundBudgetMs = 8000;
// Kept at the end of a budget for starting the worker and exiting.
constexpr int kExitReserveMs = 300;
// Stdin (the hook JSON, a few hundred bytes) may use the budget up to this point; an agent
// trickling it slowly gets the process cwd instead of the whole budget spent waiting.
constexpr int kStdinUntilMs = 1000;
// Per request in background events: a stalled report must leave time for the sync.
constexpr int kBackgroundRequestTimeoutMs = 3500;

bool isForeground(const QString &event)
{
    return event == QLatin1String("session-start") || event == QLatin1String("prompt-submit");
}

bool isKnownEvent(const QString &event)
{
    return isForeground(event) || event == QLatin1String("post-tool-use") || event == QLatin1String("stop");
}

} // namespace

QString HookCommand::name() const { return QStringLiteral("hook-dispatch"); }

QString HookCommand::summary() const { return QStringLiteral("What agent hooks run (also: teamai --hook EVENT --tool TOOL)"); }

QString HookCommand::help() const
{
    return QStringLiteral(
        "Usage: teamai --hook EVENT --tool TOOL\n"
        "       teamai hook-dispatch EVENT --tool TOOL\n"
        "\n"
        "What an AI coding agent's hooks run (`teamai init` installs them; the two forms are the\n"
        "same). Reads the hook JSON on stdin, reports, syncs, runs pushed commands and\n"
        "acknowledges them. It never breaks the agent: it always exits 0 and prints nothing (but\n"
        "the binding hint of `teamai bind-project --help` for codebuddy and workbuddy);\n"
        "problems go to ~/.teamai/local-agent/logs/teamai.log and ~/.teamai/reporter/errors.jsonl.\n"
        "\n"
        "Options:\n"
        "  --hook EVENT  the hook event: session-start or prompt-submit (foreground: back within\n"
        "                4.5 s), post-tool-use or stop (back within 8 s); work that does not\n"
        "                fit, and pushed `cmd` commands, continue in a detached `teamai worker`\n"
        "  --tool TOOL   the agent whose hook this is (default: workbuddy):\n                ") + wrappedToolList(16);
}

int HookCommand::run(const QStringList &arguments)
{
    CommandLine line({QStringLiteral("tool")}, {}, 1);
    const bool parsed = line.parse(arguments);
    if (parsed && line.helpRequested()) {
        printOut(help());
        return kExitOk;
    }
    const QString event = line.positionals().value(0);
    const QString toolName = line.isSet(QStringLiteral("tool")) ? line.value(QStringLiteral("tool")) : defaultTool().name;
    if (!parsed || !isKnownEvent(event)) {
        const QString error = parsed ? QStringLiteral("unknown hook event `%1`").arg(event) : line.error();
        qCWarning(lcHook).noquote() << error;
        recordHookError(event, toolName, error);
        return kExitOk;
    }
    const ToolInfo *tool = findTool(toolName);
    if (!tool) {
        const QString error = QStringLiteral("unknown tool `%1`").arg(toolName);
        qCWarning(lcHook).noquote() << error;
        recordHookError(event, toolName, error);
        return kExitOk;
    }

    const bool foreground = isForeground(event);
    // The round must end by here; the process a little later (kExitReserveMs).
    const QDeadlineTimer budget = processclock::deadlineFromStart(
        (foreground ? kForegroundBudgetMs : kBackgroundBudgetMs) - kExitReserveMs);
    const HookInput input = HookInput::fromBytes(HookInput::readStdin(1024 * 1024, 200, processclock::deadlineFromStart(kStdinUntilMs)));
    if (!input.parseError.isEmpty())
        qCInfo(lcHook).noquote() << input.parseError << "- using the process cwd";

    QString error;
    std::unique_ptr<SyncEngine> engine = SyncEngine::create(&error);
    if (!engine) {
        qCInfo(lcHook).noquote() << "hook" << event << "skipped:" << error;
        recordHookError(event, tool->name, error);
        return kExitOk;
    }
    engine->setRequestTimeoutMs(foreground ? BackendClient::kForegroundTimeoutMs : kBackgroundRequestTimeoutMs);
    engine->setLedgerWaitLimitMs(int(std::max<qint64>(1, budget.remainingTime())));
    // codebuddy/workbuddy: the reference's "this workspace is not bound" hint for the agent.
    const QByteArray hint = binding::HookBindingFlow::run({event, tool, input.cwd, input.json, {}, {}, budget}, engine->client());
    if (!hint.isEmpty()) {
        std::fwrite(hint.constData(), 1, size_t(hint.size()), stdout);
        std::fflush(stdout);
    }

    SyncOptions options;
    options.tool = tool;
    options.event = event;
    options.cwd = input.cwd;
    options.skipReport = shouldSkipReportInSandbox();
    options.status = event == QLatin1String("stop") ? QStringLiteral("stopped") : QStringLiteral("running");
    // Every event has a budget; restricted commands (up to their 120 s timeout) go to the worker.
    options.foreground = true;
    options.drainLedger = !foreground;  // background events have time for what earlier hooks left
    options.deadline = budget;
    const SyncSummary summary = engine->runOnce(options);
    // Pruning old history is the worker's job too, about once a day.
    if (summary.leftWork() || engine->retentionDue())
        launchDetachedWorker(tool->name, input.cwd);
    // get-config's plugins, as the reference: from session-start, every 12 hours at most.
    if (event == QLatin1String("session-start") && !options.skipReport && plugins::pull::due())
        plugins::pull::checkFromHook(*tool, engine->client(), budget);

    if (!summary.reportSkipped && !summary.reportOk)
        recordHookError(event, tool->name, QStringLiteral("report failed: %1").arg(summary.reportError));
    if (!summary.syncOk)
        recordHookError(event, tool->name, QStringLiteral("sync failed: %1").arg(summary.syncError));
    for (const CommandOutcome &outcome : summary.outcomes) {
        if (outcome.ackSent && !outcome.ackDelivered)
            recordHookError(event, tool->name, QStringLiteral("ack of command %1 failed: %2")
                                                   .arg(outcome.command.id.value_or(-1)).arg(outcome.ackError));
    }
    return kExitOk;
}

} // namespace teamai::cli
