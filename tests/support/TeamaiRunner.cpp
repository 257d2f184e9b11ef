#include "TeamaiRunner.h"

#include "TestEnvironment.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QThread>

namespace teamai::test {

TeamaiRun runTeamai(const QStringList &arguments, const QByteArray &stdinBytes,
                    const QStringList &extraEnvironment, int timeoutMs, const QString &workingDirectory)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &entry : extraEnvironment) {
        const qsizetype eq = entry.indexOf(u'=');
        const QString name = entry.left(eq);
        const QString value = entry.mid(eq + 1);
        if (value.isEmpty())
            env.remove(name);
        else
            env.insert(name, value);
    }
    QProcess process;
    process.setProcessEnvironment(env);
    if (!workingDirectory.isEmpty())
        process.setWorkingDirectory(workingDirectory);
    QElapsedTimer timer;
    timer.start();
    process.start(builtBinary("TEAMAI_BIN"), arguments);
    TeamaiRun run;
    if (!process.waitForStarted(5000))
        return run;
    process.write(stdinBytes);
    process.closeWriteChannel();
    run.finished = process.waitForFinished(timeoutMs);
    run.elapsedMs = timer.elapsed();
    if (!run.finished) {
        process.kill();
        process.waitForFinished(2000);
    }
    run.crashed = process.exitStatus() == QProcess::CrashExit;
    run.exitCode = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

namespace {

/// True when /proc/<pid> is a `teamai` process with HOME=@p home in its environment.
bool isTeamaiWithHome(const QString &pid, const QByteArray &homeEntry)
{
    if (QFileInfo(QStringLiteral("/proc/%1/exe").arg(pid)).symLinkTarget().section(u'/', -1) != QLatin1String("teamai"))
        return false;
    QFile environ(QStringLiteral("/proc/%1/environ").arg(pid));
    if (!environ.open(QIODevice::ReadOnly))
        return false;
    return environ.readAll().split('\0').contains(homeEntry);
}

} // namespace

TeamaiRun enrolTeamai(const QString &baseUrl, const QString &token, const QStringList &extraArguments)
{
    return runTeamai(QStringList{QStringLiteral("init"), QStringLiteral("--http"), baseUrl, QStringLiteral("--token"), token,
                                 QStringLiteral("--token-store"), QStringLiteral("file")} +
                     extraArguments);
}

bool waitForTeamaiProcessesWithHome(const QString &home, int timeoutMs)
{
#ifdef Q_OS_LINUX
    const QByteArray homeEntry = "HOME=" + home.toLocal8Bit();
    const QString self = QString::number(QCoreApplication::applicationPid());
    const QDeadlineTimer deadline(timeoutMs);
    for (;;) {
        bool busy = false;
        for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            if (pid != self && pid.front().isDigit() && isTeamaiWithHome(pid, homeEntry)) {
                busy = true;
                break;
            }
        }
        if (!busy)
            return true;
        if (deadline.hasExpired())
            return false;
        QThread::msleep(50);
    }
#else
    Q_UNUSED(home)
    Q_UNUSED(timeoutMs)
    return true;
#endif
}

} // namespace teamai::test
