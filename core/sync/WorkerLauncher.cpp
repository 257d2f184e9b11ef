#include "sync/WorkerLauncher.h"

#include "commands/PushedCommandMarker.h"
#include "commands/RestrictedCommand.h"
#include "exec/DetachedStart.h"
#include "log/Logging.h"
#include "sync/ReportRequest.h"
#include "tools/ToolTable.h"
#include "util/Paths.h"

namespace teamai {

bool launchDetachedWorker(const QString &tool, const QString &cwd, const QString &reportEvent)
{
    if (pushedmarker::isInsidePushedCommand()) {
        qCWarning(lcSync).noquote() << "no background worker:" << pushedmarker::refusal(QStringLiteral("a pushed command never starts a worker"));
        return false;
    }
    QStringList arguments{QStringLiteral("worker"), QStringLiteral("--tool"), tool, QStringLiteral("--cwd"), cwd};
    if (!reportEvent.isEmpty())
        arguments << QStringLiteral("--report-event") << reportEvent;
    const exec::DetachedStarted started = exec::startDetached({ownTeamaiExecutable(), arguments, paths::agentStateDir()});
    if (!started.ok()) {
        qCWarning(lcSync).noquote() << "cannot start the background worker:" << started.error;
        return false;
    }
    qCInfo(lcSync) << "background worker started, pid" << started.pid;
    return true;
}

bool handRoundToWorker(const ToolInfo &tool, const QString &event, const QString &cwd)
{
    if (const Status saved = reportrequest::save(tool.name, ReportRequest::fromHook(event, cwd)); !saved) {
        qCWarning(lcSync).noquote() << "cannot leave the report request for the worker:" << saved.error();
        return false;
    }
    if (launchDetachedWorker(tool.name, cwd, event))
        return true;
    // Nobody may report this state later, after newer ones: the hook reports it now itself.
    reportrequest::take(tool.name);
    return false;
}

QString workerLockPath(const QString &tool)
{
    return paths::agentStateDir() + QStringLiteral("/worker-%1.lock").arg(tool);
}

} // namespace teamai
