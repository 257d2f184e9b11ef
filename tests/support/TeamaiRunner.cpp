#include "TeamaiRunner.h"

#include "TestEnvironment.h"

#include <QElapsedTimer>
#include <QProcess>

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

} // namespace teamai::test
