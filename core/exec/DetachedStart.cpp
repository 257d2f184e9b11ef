#include "exec/DetachedStart.h"

#include <QDir>
#include <QProcess>

namespace teamai::exec {

DetachedStarted startDetached(const DetachedRequest &request)
{
    DetachedStarted started;
    if (!QDir::isAbsolutePath(request.program)) {
        started.error = QStringLiteral("not an absolute path: %1").arg(request.program);
        return started;
    }
    QProcess process;
    process.setProgram(request.program);
    process.setArguments(request.arguments);
    process.setStandardInputFile(QProcess::nullDevice());
    process.setStandardOutputFile(QProcess::nullDevice());
    process.setStandardErrorFile(QProcess::nullDevice());
    process.setWorkingDirectory(request.workingDirectory);
    if (!process.startDetached(&started.pid)) {
        started.error = process.errorString();
        started.pid = 0;  // QProcess may leave -1 here
    }
    return started;
}

} // namespace teamai::exec
