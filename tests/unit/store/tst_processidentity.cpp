#include "store/ProcessIdentity.h"

#include "RunProbes.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QThread>
#include <QtTest>

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

using teamai::ProcessIdentity;
using teamai::test::processState;

/// @brief ProcessIdentity: liveness by state and start time, not by the pid existing.
class TestProcessIdentity : public QObject
{
    Q_OBJECT
private slots:
    void currentProcessIsAlive()
    {
        QVERIFY(ProcessIdentity::current().isAlive());
    }

    void zombieIsDead()
    {
        // A real zombie: a child that exited and that we deliberately do not reap yet.
        const pid_t child = ::fork();
        if (child == 0)
            ::_exit(0);
        QVERIFY(child > 0);
        const ProcessIdentity identity = ProcessIdentity::of(child);
        QDeadlineTimer deadline(10000);
        while (processState(child) != 'Z' && !deadline.hasExpired())
            QThread::msleep(5);
        QCOMPARE(processState(child), 'Z');
        QCOMPARE(::kill(child, 0), 0);  // the pid still exists...
        QVERIFY(!identity.isAlive());   // ...but nothing runs under it
        QVERIFY(!ProcessIdentity::of(child).isAlive());
        QCOMPARE(::waitpid(child, nullptr, 0), child);
        QVERIFY(!identity.isAlive());
    }

    void runningChildIsAliveUntilItDies()
    {
        const pid_t child = ::fork();
        if (child == 0) {
            ::pause();
            ::_exit(0);
        }
        QVERIFY(child > 0);
        const ProcessIdentity identity = ProcessIdentity::of(child);
        QVERIFY(identity.isAlive());
        ::kill(child, SIGKILL);
        QCOMPARE(::waitpid(child, nullptr, 0), child);
        QVERIFY(!identity.isAlive());
    }

    void reusedPidIsNotTheSameProcess()
    {
        ProcessIdentity other = ProcessIdentity::current();
        other.startTime = QStringLiteral("1");  // same pid, different start: a reused pid
        QVERIFY(!other.isAlive());
    }
};

QTEST_GUILESS_MAIN(TestProcessIdentity)
#include "tst_processidentity.moc"
