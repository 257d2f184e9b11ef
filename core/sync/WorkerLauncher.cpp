#include "sync/WorkerLauncher.h"

#include "commands/PushedCommandMarker.h"
#include "commands/RestrictedCommand.h"
#include "log/Logging.h"
#include "util/Paths.h"

#include <QProcess>

namespace teamai {

bool launchDetachedWorker(const QString &tool, const QString &cwd)
{
    if (pushedmarker::isInsidePushedCommand()) {
        qCWarning(lcSync).noquote() << "no background worker:" << pushedmarker::refusal(QStringLiteral("a pushed command never starts a worker"));
        return false;
    }
    QProcess process;
    process.setProgram(ownTeamaiExecutable());
    process.setArguments({QStringLiteral("worker"), QStringLiteral("--tool"), tool, QStringLiteral("--cwd"), cwd});
    process.setStandardInputFile(QProcess::nullDevice());
    process.setStandardOutputFile(QProcess::nullDevice());
    process.setStandardErrorFile(QProcess::nullDevice());
    process.setWorkingDirectory(paths::agentStateDir());
    qint64 pid = 0;
    if (!process.startDetached(&pid)) {
        qCWarning(lcSync).noquote() << "cannot start the background worker:" << process.errorString();
        return false;
    }
    qCInfo(lcSync) << "background worker started, pid" << pid;
    return true;
}

QString workerLockPath(const QString &tool)
{
    return paths::agentStateDir() + QStringLiteral("/worker-%1.lock").arg(tool);
}

} // namespace teamai
