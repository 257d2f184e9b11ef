#include "exec/ProcessGroup.h"

#include "RunProbes.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QProcess>
#include <QThread>
#include <QtTest>

#include <csignal>
#include <sys/prctl.h>
#include <unistd.h>

using teamai::exec::ProcessGroup;
using teamai::test::processState;

namespace {
bool waitForState(qint64 pid, char state, int ms = 3000)
{
    QDeadlineTimer deadline(ms);
    while (processState(pid) != state) {
        if (deadline.hasExpired())
            return false;
        QThread::msleep(5);
    }
    return true;
}
} // namespace

/// @brief ProcessGroup: own session/group for the child, group-wide kill, safe reaping.
class TestProcessGroup : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(ProcessGroup::becomeSubreaper());
        int flag = 0;
        QCOMPARE(::prctl(PR_GET_CHILD_SUBREAPER, &flag, 0, 0, 0), 0);
        QCOMPARE(flag, 1);
        QVERIFY(ProcessGroup::becomeSubreaper()); // idempotent
    }

    void childLeadsItsOwnSessionAndDiesWithItsGroup()
    {
        QProcess process;
        ProcessGroup group;
        group.prepare(process);
        process.start(QStringLiteral("/bin/sh"),
                      {QStringLiteral("-c"), QStringLiteral("sleep 30 & echo $!; sleep 30")});
        QVERIFY(process.waitForStarted());
        const qint64 pid = process.processId();
        group.attach(pid);
        QCOMPARE(::getpgid(pid_t(pid)), pid_t(pid));
        QCOMPARE(::getsid(pid_t(pid)), pid_t(pid));
        QVERIFY(process.waitForReadyRead(3000));
        const qint64 background = process.readLine().trimmed().toLongLong();
        QVERIFY(background > 0);
        QCOMPARE(::getpgid(pid_t(background)), pid_t(pid));

        group.kill();
        QVERIFY(process.waitForFinished(3000));
        QCOMPARE(process.exitStatus(), QProcess::CrashExit);
        QCOMPARE(process.exitCode(), SIGKILL);
        QDeadlineTimer deadline(3000);
        while (!group.reapAndCheckEmpty())
            QVERIFY2(!deadline.hasExpired(), "group not empty after SIGKILL");
        QCOMPARE(processState(background), char(0)); // reaped, not a zombie
    }

    void reapsDoubleForkedOrphans()
    {
        // startDetached double-forks; as a subreaper we adopt the grandchild and must reap it.
        qint64 pid = 0;
        QVERIFY(QProcess::startDetached(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("exit 0")},
                                        QString(), &pid));
        QVERIFY(pid > 0);
        QVERIFY2(waitForState(pid, 'Z'), "detached child did not become our zombie");
        QVERIFY(ProcessGroup::reapAdoptedOrphans().reaped >= 1);
        QCOMPARE(processState(pid), char(0));
    }

    void reportsAdoptedOrphansStillRunning()
    {
        // A detached grandchild that is still running is counted, so the executor keeps looking.
        qint64 pid = 0;
        QVERIFY(QProcess::startDetached(QStringLiteral("/bin/sleep"), {QStringLiteral("2")}, QString(), &pid));
        QDeadlineTimer deadline(3000);
        while (processState(pid) == char(0) && !deadline.hasExpired())
            QThread::msleep(10);
        QVERIFY(ProcessGroup::reapAdoptedOrphans().stillAlive >= 1);
        ::kill(pid_t(pid), SIGKILL);
        QVERIFY2(waitForState(pid, 'Z'), "killed orphan did not become our zombie");
        QVERIFY(ProcessGroup::reapAdoptedOrphans().reaped >= 1);
        QCOMPARE(processState(pid), char(0));
    }

    void leavesQProcessChildrenAlone()
    {
        // A plain QProcess child that exited but was not collected yet must keep its status.
        QProcess process;
        process.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("exit 7")});
        QVERIFY(process.waitForStarted());
        QVERIFY(waitForState(process.processId(), 'Z'));
        QCOMPARE(ProcessGroup::reapAdoptedOrphans().reaped, 0);
        QVERIFY(process.waitForFinished(3000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 7);

        // Same for a child leading its own session (how the executor starts children).
        QProcess own;
        ProcessGroup group;
        group.prepare(own);
        own.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("exit 9")});
        QVERIFY(own.waitForStarted());
        QVERIFY(waitForState(own.processId(), 'Z'));
        QCOMPARE(ProcessGroup::reapAdoptedOrphans().reaped, 0);
        QVERIFY(own.waitForFinished(3000));
        QCOMPARE(own.exitCode(), 9);
    }
};

QTEST_GUILESS_MAIN(TestProcessGroup)
#include "tst_processgroup.moc"
