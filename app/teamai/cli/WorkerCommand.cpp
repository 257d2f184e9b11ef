#include "cli/WorkerCommand.h"

#include "cli/CommandLine.h"
#include "config/RemoteCommandGate.h"
#include "exec/TerminationSignals.h"
#include "hookinput/HookInput.h"
#include "log/ErrorJournal.h"
#include "log/Logging.h"
#include "store/CommandLedger.h"
#include "sync/ReportRequest.h"
#include "sync/RoundJournal.h"
#include "sync/SyncEngine.h"
#include "sync/WorkerLauncher.h"
#include "tools/ToolTable.h"
#include "util/FileLock.h"
#include "util/Paths.h"

#include <QDir>

#include <utility>

namespace teamai::cli {
namespace {
// A worker that keeps finding new work (hooks deferring more) stops after this many rounds; the
// next hook starts another.
constexpr int kMaxRounds = 5;
// Lock, rounds, unlock, and again while hooks left report requests meanwhile: at most this many
// times. A request still waiting then stays on disk for the next worker.
constexpr int kMaxPasses = 10;

using Taken = reportrequest::Taken;

bool isHookEvent(const QString &event)
{
    return event == QLatin1String("session-start") || event == QLatin1String("prompt-submit")
        || event == QLatin1String("post-tool-use") || event == QLatin1String("stop");
}

/// What the worker carries from one round to the next.
struct WorkerState {
    const ToolInfo *tool = nullptr;
    SyncOptions options;
    QString launchedFor;      ///< --report-event, until the first round has used it
    bool takeFailed = false;  ///< a request file cannot be moved aside: stop looking at it
};

// The hook's process would have refused pushed commands under its kill switch: so does this
// worker, from now on (fail closed: a later request without it does not lift it).
void adoptKillSwitch(const ReportRequest &request)
{
    if (!request.remoteCmdEnv.isEmpty() && !RemoteCommandGate::envValueDisables(qEnvironmentVariable("TEAMAI_DISABLE_REMOTE_CMD")))
        qputenv("TEAMAI_DISABLE_REMOTE_CMD", request.remoteCmdEnv.toUtf8());
}

// Sets up the next round from the report request a hook left, if any. Returns the hook event
// whose round this is (its failures go to the error journal), empty for a round of our own.
QString prepareRound(WorkerState &state)
{
    const QString launchedFor = std::exchange(state.launchedFor, QString());
    state.options.event = QStringLiteral("worker");
    state.options.skipReport = true;
    const Taken taken = reportrequest::take(state.tool->name);
    switch (taken.status) {
    case Taken::Status::Taken:
        adoptKillSwitch(taken.request);
        taken.request.applyTo(state.options);
        qCInfo(lcSync).noquote() << "worker reports for the" << taken.request.event << "hook of"
                                 << taken.request.requestedAt.toString(Qt::ISODateWithMs);
        return taken.request.event;
    case Taken::Status::Damaged:
        qCWarning(lcSync).noquote() << "removed a damaged report request:" << taken.error;
        if (launchedFor.isEmpty())
            return {};
        // The hook that started us asked for this report: its command line still says which.
        state.options.event = launchedFor;
        state.options.status = ReportRequest::statusFor(launchedFor);
        state.options.skipReport = shouldSkipReportInSandbox();
        return launchedFor;
    case Taken::Status::Failed:
        qCWarning(lcSync).noquote() << "report request left in place:" << taken.error;
        state.takeFailed = true;
        return {};
    case Taken::Status::None:
        break;
    }
    return {};
}

// Rounds under the lock while there is work: report requests, pending commands, one more try
// after a stalled request (after a stop, no hook may come for hours to finish it).
void runRounds(SyncEngine &engine, WorkerState &state)
{
    bool retried = false;
    for (int round = 0; round < kMaxRounds; ++round) {
        const QString hookEvent = prepareRound(state);
        const SyncSummary summary = engine.runOnce(state.options);
        if (!hookEvent.isEmpty())
            journalRound(hookEvent, state.tool->name, summary);
        qCInfo(lcSync) << "worker round" << round + 1 << "ran" << summary.outcomes.size() << "command(s)";
        if (exec::TerminationSignals::received() || state.takeFailed)
            return;
        if (reportrequest::pending(state.tool->name))
            continue;  // a hook asked for a report while this round ran
        const bool morePending = !engine.ledger().pendingCommands(state.tool->name, 1).isEmpty();
        if (summary.syncOk && morePending && !summary.outcomes.isEmpty())
            continue;
        const bool stalled = summary.syncTimedOut || !summary.allAcksDelivered();
        if (!stalled || std::exchange(retried, true))
            return;
    }
}

std::unique_ptr<SyncEngine> createEngine(const WorkerState &state)
{
    Result<std::unique_ptr<SyncEngine>> engine = SyncEngine::create();
    if (engine)
        return std::move(*engine);
    qCWarning(lcSync).noquote() << "worker cannot start:" << engine.error();
    // The hook's round cannot happen: say so where the hook itself would have.
    const Taken taken = reportrequest::take(state.tool->name);
    if (taken.status == Taken::Status::Taken)
        recordHookError(taken.request.event, state.tool->name, engine.error());
    return nullptr;
}

} // namespace

WorkerCommand::WorkerCommand()
    : CliCommand("worker", "(internal) Do the round a hook handed over or could not finish")
{
}

int WorkerCommand::run(const QStringList &arguments)
{
    CommandLine line({QStringLiteral("tool"), QStringLiteral("cwd"), QStringLiteral("report-event")}, {});
    if (const std::optional<int> stop = parseOrStop(line, arguments))
        return *stop;
    WorkerState state;
    state.tool = toolOption(line, &defaultTool());
    if (!state.tool)
        return kExitUsage;
    state.launchedFor = line.value(QStringLiteral("report-event"));
    if (line.isSet(QStringLiteral("report-event")) && !isHookEvent(state.launchedFor))
        return usageError(name(), QStringLiteral("unknown hook event `%1`").arg(state.launchedFor));
    if (!paths::ensurePrivateDir(paths::agentStateDir()))
        return kExitOk;
    state.options.tool = state.tool;
    state.options.cwd = line.isSet(QStringLiteral("cwd")) ? line.value(QStringLiteral("cwd")) : QDir::currentPath();
    if (!state.launchedFor.isEmpty())
        state.options.status = ReportRequest::statusFor(state.launchedFor);
    state.options.respectAckBackoff = false;
    state.options.drainLedger = true;

    // The file exists while a worker holds it (whoever waits for the workers looks for it); a
    // crashed worker's lock went with its process.
    FileLock lock(workerLockPath(state.tool->name), {.removeWhenReleased = true});
    std::unique_ptr<SyncEngine> engine;
    for (int pass = 0; pass < kMaxPasses; ++pass) {
        if (!lock.acquire(0)) {
            // The holder takes any request after it has the lock, or looks again after it lets go.
            qCInfo(lcSync) << "a worker for" << state.tool->name << "is already running";
            return kExitOk;
        }
        if (!engine && !(engine = createEngine(state)))
            return kExitOk;
        runRounds(*engine, state);
        // Retention is the worker's job (never a foreground hook's), about once a day.
        (void)engine->pruneHistory();  // it logs why it stopped, and the next worker tries again
        lock.release();
        // A hook may have written its request after our last look, and its own worker found the
        // lock still taken: look once more now that it is free.
        if (state.takeFailed || exec::TerminationSignals::received() || !reportrequest::pending(state.tool->name))
            break;
    }
    return kExitOk;
}

} // namespace teamai::cli
