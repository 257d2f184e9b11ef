#include "exec/LocalExecutor.h"
#include "exec/TerminationSignals.h"

#include "ExecutorFixture.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <QUuid>
#include <QtTest>

#include <chrono>
#include <csignal>
#include <thread>
#include <unistd.h>

using namespace teamai::exec;

namespace {
const QString kSetsid = QStringLiteral("/usr/bin/setsid");

/// Processes (not zombies) whose environment holds TEAMAI_TEST_MARKER=<marker>, found by scanning
/// /proc: what is left of a run's tree, wherever it went.
int countMarked(const QString &marker)
{
    const QByteArray entry = "TEAMAI_TEST_MARKER=" + marker.toLatin1();
    int count = 0;
    const QStringList names = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &name : names) {
        bool numeric = false;
        name.toLongLong(&numeric);
        if (!numeric)
            continue;
        QFile environ(QStringLiteral("/proc/%1/environ").arg(name));
        if (!environ.open(QIODevice::ReadOnly))
            continue;
        if (environ.readAll().split('\0').contains(entry))
            ++count;  // a zombie's environ reads empty, so only live processes count
    }
    return count;
}

QString newMarker()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

/// Waits, by the steady clock, until exactly `expected` marked processes exist.
bool waitForMarked(const QString &marker, int expected, int timeoutMs = 10000)
{
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    while (countMarked(marker) != expected) {
        if (std::chrono::steady_clock::now() >= deadline)
            return false;
        QThread::msleep(20);
    }
    return true;
}

QByteArray markedMessage(const QString &marker, int expected)
{
    return QStringLiteral("expected %1 marked processes, found %2").arg(expected).arg(countMarked(marker)).toUtf8();
}

/// A run on another thread that is cancelled and joined on every way out of a test, so a failed
/// check is reported instead of std::terminate() on a joinable thread.
class BackgroundRun
{
public:
    BackgroundRun(LocalExecutor &executor, const ExecSpec &spec)
        : m_cancel(spec.cancel)
        , m_thread([this, &executor, spec] { m_result = executor.run(spec); })
    {
    }
    ~BackgroundRun() { stop(); }
    Q_DISABLE_COPY(BackgroundRun)

    const ExecResult &stop()
    {
        if (m_thread.joinable()) {
            m_cancel.cancel();
            m_thread.join();
        }
        return m_result;
    }

private:
    CancelHandle m_cancel;
    ExecResult m_result;
    std::thread m_thread;
};
} // namespace

/// @brief Every process of a run's tree is gone when run() returns: after a normal exit that left
/// grandchildren (in the group, after setsid(), double-forked), after a timeout, and when the
/// agent itself is SIGKILLed (parent-death signal plus the watcher).
class TestProcessTree : public QObject, private teamai::test::ExecutorFixture
{
    Q_OBJECT
private:
    ExecSpec sh(const QString &marker, const QString &script, int timeoutMs = 20000) const
    {
        ExecRequest request = shRequest(script, timeoutMs);
        request.environment.insert(QStringLiteral("TEAMAI_TEST_MARKER"), marker);
        return resolvedOrDie(request, policy());
    }

private slots:
    void initTestCase()
    {
        QVERIFY(startExecutor());
        QVERIFY(QFile::exists(kSetsid));
    }

    void cleanupTestCase() { stopExecutor(); }

    void lingeringGrandchildIsKilledAfterNormalExit_data()
    {
        QTest::addColumn<QString>("spawn");
        QTest::addColumn<int>("lingering");
        // Each leaves long-lived processes behind, then exits 0 as soon as the test saw them.
        QTest::newRow("in the group") << QStringLiteral("sleep 300 & sleep 300 &") << 2;
        QTest::newRow("setsid") << QStringLiteral("%1 sleep 300 &").arg(kSetsid) << 1;
        QTest::newRow("double fork") << QStringLiteral("(%1 sleep 300 &); (sleep 300 &);").arg(kSetsid) << 2;
        QTest::newRow("ignores SIGTERM after setsid")
            << QStringLiteral("%1 sh -c 'trap \"\" TERM; while :; do sleep 1; done' &").arg(kSetsid) << 1;
    }

    void lingeringGrandchildIsKilledAfterNormalExit()
    {
        QFETCH(QString, spawn);
        QFETCH(int, lingering);
        const QString marker = newMarker();
        const QString seenFile = m_tmp->filePath(marker);
        ExecSpec spec = sh(marker, spawn + QStringLiteral(" while [ ! -e \"$SEEN\" ]; do sleep 0.01; done; exit 0"));
        spec.environment.insert(QStringLiteral("SEEN"), seenFile);
        // Another thread counts the tree while it runs and lets the script exit once the
        // lingering processes (plus the script itself) exist: the run really had grandchildren.
        std::atomic<bool> done{false};
        std::thread watcher([&] {
            while (!done && countMarked(marker) < lingering + 1)
                QThread::msleep(5);
            QFile seen(seenFile);
            if (!done)
                seen.open(QIODevice::WriteOnly);
        });
        const ExecResult result = m_executor->run(spec);
        done = true;
        watcher.join();
        QVERIFY2(!result.timedOut, "the lingering processes never appeared");
        QCOMPARE(result.exitCode, 0);
        QVERIFY(QFile::exists(seenFile));
        QCOMPARE(countMarked(marker), 0);  // gone when run() returned, not some time later
    }

    void timeoutKillsASetsidGrandchild()
    {
        const QString marker = newMarker();
        const ExecResult result = m_executor->run(sh(marker, QStringLiteral("%1 sleep 300 & sleep 300").arg(kSetsid), 700));
        QVERIFY(result.timedOut);
        QCOMPARE(result.signal, SIGTERM);
        QCOMPARE(result.statusNumber(), 143);
        QCOMPARE(countMarked(marker), 0);
    }

    void cancelKillsADoubleForkedGrandchild()
    {
        const QString marker = newMarker();
        ExecSpec spec = sh(marker, QStringLiteral("(%1 sleep 300 &); sleep 300").arg(kSetsid));
        CancelHandle cancel = spec.cancel;
        std::thread canceller([cancel, marker]() mutable {
            while (countMarked(marker) < 2)
                QThread::msleep(5);
            cancel.cancel();
        });
        const ExecResult result = m_executor->run(spec);
        canceller.join();
        QVERIFY(result.cancelled);
        QCOMPARE(countMarked(marker), 0);
    }

    void concurrentRunsKeepTheirOwnTrees()
    {
        // One run leaves an escaped grandchild and ends; the other still runs: only the first
        // run's processes are killed.
        const QString longMarker = newMarker();
        const QString shortMarker = newMarker();
        BackgroundRun longRun(*m_executor, sh(longMarker, QStringLiteral("%1 sleep 300 & sleep 300").arg(kSetsid)));
        QVERIFY2(waitForMarked(longMarker, 3), markedMessage(longMarker, 3).constData());

        const ExecResult shortResult = m_executor->run(sh(shortMarker, QStringLiteral("(%1 sleep 300 &); exit 0").arg(kSetsid)));
        QCOMPARE(shortResult.exitCode, 0);
        QCOMPARE(countMarked(shortMarker), 0);
        QCOMPARE(countMarked(longMarker), 3);  // untouched

        QVERIFY(longRun.stop().cancelled);
        QCOMPARE(countMarked(longMarker), 0);
    }

    void killedAgentTakesItsTreeWithIt_data()
    {
        QTest::addColumn<QString>("script");
        QTest::newRow("group") << QStringLiteral("sleep 300 & sleep 300");
        QTest::newRow("setsid and double fork") << QStringLiteral("%1 sleep 300 & (%1 sleep 300 &); sleep 300").arg(kSetsid);
    }

    void killedAgentTakesItsTreeWithIt()
    {
        QFETCH(QString, script);
        const QString marker = newMarker();
        QProcess agent;
        agent.start(QCoreApplication::applicationDirPath() + QStringLiteral("/exec_tree_helper"), {marker, script});
        QVERIFY(agent.waitForStarted());
        const int expected = script.count(QStringLiteral("sleep 300")) + 1;  // the sleepers and sh
        QVERIFY2(waitForMarked(marker, expected), markedMessage(marker, expected).constData());
        ::kill(pid_t(agent.processId()), SIGKILL);
        QVERIFY(agent.waitForFinished(10000));
        QCOMPARE(agent.exitStatus(), QProcess::CrashExit);
        // Nobody is left to reap or signal them politely: the kernel and the watcher must do it.
        QVERIFY2(waitForMarked(marker, 0), markedMessage(marker, 0).constData());
    }

    // Must stay the last test: once received, the signal stays received for this process.
    void terminationSignalStopsTheRunAndItsTree()
    {
        TerminationSignals::install();
        const QString marker = newMarker();
        std::thread signaller([marker] {
            while (countMarked(marker) < 3)
                QThread::msleep(5);
            ::kill(::getpid(), SIGTERM);  // as `kill <agent>` would; handled, not fatal, while guarded
        });
        ExecResult result;
        {
            const TerminationSignals::Guard guard;
            result = m_executor->run(sh(marker, QStringLiteral("%1 sleep 300 & sleep 300").arg(kSetsid)));
        }
        signaller.join();
        QCOMPARE(TerminationSignals::received(), SIGTERM);
        QVERIFY(result.cancelled);
        QCOMPARE(result.agentSignal, SIGTERM);
        QCOMPARE(result.signal, SIGTERM);  // forwarded to the child's group
        QCOMPARE(result.statusNumber(), 143);
        QCOMPARE(countMarked(marker), 0);
        char byte = 0;
        QCOMPARE(::read(TerminationSignals::notifierFd(), &byte, 1), ssize_t(1));  // the self-pipe woke
        QCOMPARE(int(byte), SIGTERM);
    }
};

QTEST_GUILESS_MAIN(TestProcessTree)
#include "tst_processtree.moc"
