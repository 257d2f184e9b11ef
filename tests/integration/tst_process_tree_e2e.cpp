// Issue 13 item 3 / issue 12 item 1, with the development backend and the real binary: killing the
// agent kills its command, and a command never outlives the record of it.

#include "AgentTestCase.h"
#include "RunProbes.h"

#include <QProcess>
#include <QtTest>

#include <csignal>

using namespace teamai::test;

class TestProcessTreeEndToEnd : public AgentTestCase
{
    Q_OBJECT

    /// How an agent running a command ended after a signal.
    struct Signalled {
        qint64 pid = 0;  ///< 0: it did not run the command, or did not end within 15 s
        QProcess::ExitStatus status = QProcess::NormalExit;
        int exitCode = -1;
    };

    /// Starts `teamai ARGUMENTS` running command @p id (see AgentFixture::startAgentRunningACommand),
    /// sends the agent @p signal and waits until it has ended.
    Signalled signalAgentRunningACommand(const QStringList &arguments, qint64 id, int signal)
    {
        QProcess agent;
        if (!f->startAgentRunningACommand(agent, arguments, id))
            return {};
        const qint64 pid = agent.processId();
        ::kill(pid_t(pid), signal);
        if (!agent.waitForFinished(15000))
            return {};
        return {pid, agent.exitStatus(), agent.exitCode()};
    }

private slots:
    /// Every test runs with the worker (hooks hand pushed commands to it) and with `teamai sync`,
    /// which runs them itself.
    void initTestCase_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("worker") << QStringList{QStringLiteral("worker"), QStringLiteral("--tool"), QStringLiteral("claude")};
        QTest::newRow("sync") << QStringList{QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")};
    }

    void sigkillOfTheAgentKillsItsCommand()
    {
        QFETCH_GLOBAL(QStringList, arguments);
        const Signalled agent = signalAgentRunningACommand(arguments, 61, SIGKILL);
        QVERIFY(agent.pid > 0);
        QCOMPARE(agent.status, QProcess::CrashExit);
        // Nobody is left to stop it politely: the parent-death signal and the watcher do.
        QTRY_COMPARE_WITH_TIMEOUT(treeProcessesOf(agent.pid), 0, 10000);
        // Since nothing of it still runs, the next agent may call it interrupted and say so.
        QCOMPARE(runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")}).exitCode, 0);
        QCOMPARE(historyRow(61).value(QStringLiteral("state")).toString(), QStringLiteral("interrupted"));
        QCOMPARE(f->ackFor(61).value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
    }

    void sigtermOfTheAgentStopsRecordsAndAcks()
    {
        QFETCH_GLOBAL(QStringList, arguments);
        const Signalled agent = signalAgentRunningACommand(arguments, 62, SIGTERM);
        QVERIFY(agent.pid > 0);
        QCOMPARE(agent.status, QProcess::NormalExit);
        QCOMPARE(agent.exitCode, 128 + SIGTERM);
        QCOMPARE(treeProcessesOf(agent.pid), 0);  // gone before the agent exited

        // Recorded before the agent exited: what happened, that it ran, and 143 with the signal.
        const QJsonObject row = historyRow(62);
        QCOMPARE(row.value(QStringLiteral("state")).toString(), QStringLiteral("failed"));
        QCOMPARE(row.value(QStringLiteral("delivery")).toString(), QStringLiteral("delivered"));
        QCOMPARE(row.value(QStringLiteral("signal")).toInt(), SIGTERM);
        QCOMPARE(row.value(QStringLiteral("exit_code")).toInt(), 143);
        const QString expected = QStringLiteral("cmd terminated: the agent received SIGTERM and stopped the command (signal 15, status 143)");
        QCOMPARE(row.value(QStringLiteral("error")).toString(), expected);
        // ...and acked failed to the backend by the dying agent itself.
        const QJsonObject ack = f->ackFor(62);
        QCOMPARE(ack.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QCOMPARE(ack.value(QStringLiteral("error")).toString(), expected);
        QCOMPARE(row.value(QStringLiteral("ack")).toString(), QStringLiteral("delivered"));
    }
};

QTEST_GUILESS_MAIN(TestProcessTreeEndToEnd)
#include "tst_process_tree_e2e.moc"
