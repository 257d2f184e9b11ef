#include "cli/WorkerCommand.h"

#include "cli/CommandLine.h"
#include "exec/TerminationSignals.h"
#include "log/Logging.h"
#include "store/CommandLedger.h"
#include "sync/SyncEngine.h"
#include "sync/WorkerLauncher.h"
#include "tools/ToolTable.h"
#include "util/Paths.h"

#include <QDir>
#include <QLockFile>

namespace teamai::cli {
namespace {
// A worker that keeps finding new work (hooks deferring more) stops after this many rounds; the
// next hook starts another.
constexpr int kMaxRounds = 5;
} // namespace

QString WorkerCommand::name() const { return QStringLiteral("worker"); }

QString WorkerCommand::summary() const { return QStringLiteral("(internal) Finish work a foreground hook left"); }

QString WorkerCommand::help() const
{
    return QStringLiteral(
        "Usage: teamai worker [--tool TOOL] [--cwd DIR]\n"
        "\n"
        "Started by a hook that ran out of its budget (4.5 s for session-start and prompt-submit,\n"
        "8 s for post-tool-use and stop) or that received a pushed `cmd`: syncs again without a\n"
        "budget, runs the commands left pending and delivers\n"
        "queued acknowledgements, then prunes old finished history (about once a day; agent\n"
        "settings historyRetentionDays, historyMaxCommands). One worker per tool at a time (a\n"
        "lock file under ~/.teamai/local-agent); a second one exits at once. Always exits 0.\n"
        "\n"
        "Options:\n"
        "  --tool TOOL   the agent (default: workbuddy)\n"
        "  --cwd DIR     the hook's working directory (project scope fallback)");
}

int WorkerCommand::run(const QStringList &arguments)
{
    CommandLine line({QStringLiteral("tool"), QStringLiteral("cwd")}, {});
    if (const std::optional<int> stop = parseOrStop(line, arguments))
        return *stop;
    const ToolInfo *tool = line.isSet(QStringLiteral("tool")) ? findTool(line.value(QStringLiteral("tool"))) : &defaultTool();
    if (!tool)
        return usageError(name(), QStringLiteral("unknown tool `%1`").arg(line.value(QStringLiteral("tool"))));
    if (!paths::ensurePrivateDir(paths::agentStateDir()))
        return kExitOk;
    QLockFile lock(workerLockPath(tool->name));
    lock.setStaleLockTime(0);  // a crashed worker's lock is stale as soon as its pid is gone
    if (!lock.tryLock(0)) {
        qCInfo(lcSync) << "a worker for" << tool->name << "is already running";
        return kExitOk;
    }
    QString error;
    std::unique_ptr<SyncEngine> engine = SyncEngine::create(&error);
    if (!engine) {
        qCWarning(lcSync).noquote() << "worker cannot start:" << error;
        return kExitOk;
    }
    SyncOptions options;
    options.tool = tool;
    options.cwd = line.isSet(QStringLiteral("cwd")) ? line.value(QStringLiteral("cwd")) : QDir::currentPath();
    options.event = QStringLiteral("worker");
    options.skipReport = true;  // the hook that started us has reported
    options.respectAckBackoff = false;
    options.drainLedger = true;
    for (int round = 0; round < kMaxRounds; ++round) {
        const SyncSummary summary = engine->runOnce(options);
        qCInfo(lcSync) << "worker round" << round + 1 << "ran" << summary.outcomes.size() << "command(s)";
        const bool morePending = !engine->ledger().pendingCommands(tool->name, 1).isEmpty();
        if (!summary.syncOk || !morePending || summary.outcomes.isEmpty() || exec::TerminationSignals::received())
            break;
    }
    // Retention is the worker's job (never a foreground hook's), about once a day.
    engine->pruneHistory();
    return kExitOk;
}

} // namespace teamai::cli
