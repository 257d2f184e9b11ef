#include "cli/HookCommand.h"

#include "binding/HookBindingFlow.h"
#include "cli/CommandLine.h"
#include "cli/HookArguments.h"
#include "hookinput/HookInput.h"
#include "hookinput/HookPayloadFile.h"
#include "log/ErrorJournal.h"
#include "log/Logging.h"
#include "net/BackendClient.h"
#include "plugins/PluginPull.h"
#include "sync/RoundJournal.h"
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
// Other events, only when the worker cannot take their round: well below the 10 s hook timeout
// `teamai init` writes into the agent's settings.
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

/// What the command line asked for that we ignore: one log line per process, never fatal.
void logIgnored(const HookArguments &args)
{
    const QString ignored = args.ignoredSummary();
    if (!ignored.isEmpty())
        qCWarning(lcHook).noquote() << ignored;
}

/// The hook JSON: from --stdin-file (then removed, see hookpayload) or from stdin.
QByteArray readPayload(const HookArguments &args)
{
    if (args.stdinFile.isEmpty())
        return HookInput::readStdin(1024 * 1024, 200, processclock::deadlineFromStart(kStdinUntilMs));
    const hookpayload::FileRead read = hookpayload::readAndRemove(args.stdinFile);
    if (!read.problem.isEmpty())
        qCInfo(lcHook).noquote() << "--stdin-file" << args.stdinFile << "-" << read.problem;
    return read.bytes;
}

/// What the round syncs for @p tool, within @p budget.
SyncOptions roundOptions(const HookArguments &args, const ToolInfo *tool, const QString &cwd, const QDeadlineTimer &budget)
{
    const QString &event = args.event;
    SyncOptions options;
    options.tool = tool;
    options.event = event;
    options.cwd = cwd;
    options.skipReport = shouldSkipReportInSandbox();
    options.status = event == QLatin1String("stop") ? QStringLiteral("stopped") : QStringLiteral("running");
    // Every event has a budget; restricted commands (up to their 120 s timeout) go to the worker,
    // except with --bg-only, which runs them here.
    options.foreground = !args.bgOnly;
    options.drainLedger = !isForeground(event) || args.bgOnly;  // background events have time for what earlier hooks left
    options.deadline = budget;
    return options;
}

void printBindingHint(const QByteArray &hint)
{
    if (!hint.isEmpty()) {
        std::fwrite(hint.constData(), 1, size_t(hint.size()), stdout);
        std::fflush(stdout);
    }
}

/// One round for a known event and tool: report, sync, commands, acks (SPEC §6).
int runRound(const HookArguments &args, const ToolInfo *tool)
{
    const QString &event = args.event;
    const bool foreground = isForeground(event);
    // The round must end by here; the process a little later (kExitReserveMs). --bg-only (the
    // reference's detached child): the whole round here, without a budget.
    const QDeadlineTimer budget = args.bgOnly ? QDeadlineTimer(QDeadlineTimer::Forever)
                                              : processclock::deadlineFromStart((foreground ? kForegroundBudgetMs : kBackgroundBudgetMs) - kExitReserveMs);
    const HookInput input = HookInput::fromBytes(readPayload(args));
    if (!input.parseError.isEmpty())
        qCInfo(lcHook).noquote() << input.parseError << "- using the process cwd";
    if (args.dryRun) {
        qCInfo(lcHook).noquote() << "dry run: hook" << event << "for" << tool->name << "in" << input.cwd
                                 << "would report and sync; nothing was sent or changed";
        return kExitOk;
    }

    Result<std::unique_ptr<SyncEngine>> created = SyncEngine::create();
    if (!created) {
        qCInfo(lcHook).noquote() << "hook" << event << "skipped:" << created.error();
        recordHookError(event, tool->name, created.error());
        return kExitOk;
    }
    std::unique_ptr<SyncEngine> engine = std::move(*created);
    // Issue 14 item 7: like the reference client's detached child, stop and post-tool-use leave
    // their round to the worker and return at once; they run it here only if it cannot start.
    // --bg-only (the reference's own detached child) runs it here.
    if (!foreground && !args.bgOnly && handRoundToWorker(*tool, event, input.cwd))
        return kExitOk;
    if (!args.bgOnly) {
        engine->setRequestTimeoutMs(foreground ? BackendClient::kForegroundTimeoutMs : kBackgroundRequestTimeoutMs);
        engine->setLedgerWaitLimitMs(int(std::max<qint64>(1, budget.remainingTime())));
    }
    // codebuddy/workbuddy: the reference's "this workspace is not bound" hint for the agent.
    printBindingHint(binding::HookBindingFlow::run({event, tool, input.cwd, input.json, {}, {}, budget}, engine->client()));

    const SyncOptions options = roundOptions(args, tool, input.cwd, budget);
    const SyncSummary summary = engine->runOnce(options);
    // Pruning old history is the worker's job too, about once a day.
    if (!args.bgOnly && (summary.leftWork() || engine->retentionDue()))
        launchDetachedWorker(tool->name, input.cwd);
    // get-config's plugins, as the reference: from session-start, every 12 hours at most.
    if (event == QLatin1String("session-start") && !options.skipReport && plugins::pull::due())
        plugins::pull::checkFromHook(*tool, engine->client(), budget);

    journalRound(event, tool->name, summary);
    return kExitOk;
}

} // namespace

HookCommand::HookCommand()
    : CliCommand("hook-dispatch", "What agent hooks run (also: teamai --hook EVENT --tool TOOL)")
{
}

int HookCommand::run(const QStringList &arguments)
{
    const HookArguments args = HookArguments::parse(arguments);
    if (args.help) {
        printOut(help());
        return kExitOk;
    }
    if (args.verbose)
        logging::setVerbose();
    logIgnored(args);
    const QString &event = args.event;
    if (!isKnownEvent(event)) {
        const QString error = QStringLiteral("unknown hook event `%1`").arg(event);
        qCWarning(lcHook).noquote() << error;
        recordHookError(event, args.tool, error);
        return kExitOk;
    }
    const ToolInfo *tool = findTool(args.tool);
    if (!tool) {
        const QString error = QStringLiteral("unknown tool `%1`").arg(args.tool);
        qCWarning(lcHook).noquote() << error;
        recordHookError(event, args.tool, error);
        return kExitOk;
    }
    qCDebug(lcHook).noquote() << "hook" << event << "tool" << tool->name << "matcher" << args.matcher
                              << (args.bgOnly ? "bg-only" : "") << (args.dryRun ? "dry-run" : "");
    // As in teamai-cli, whose report/sync handler is registered for the `*` matcher only: its
    // extra PostToolUse entries (`--matcher Skill`, …) run beside the wildcard one for the same
    // tool call, and a round of theirs would be a second one.
    if (!args.matcher.isEmpty() && args.matcher != QLatin1String("*")) {
        qCDebug(lcHook).noquote() << "matcher" << args.matcher << "- the wildcard hook runs the round";
        return kExitOk;
    }

    return runRound(args, tool);
}

} // namespace teamai::cli
