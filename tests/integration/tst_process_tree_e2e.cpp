// Issue 13 item 3 / issue 12 item 1, with the development backend and the real binary: killing the
// agent kills its command, and a command never outlives the record of it.

#include "AgentTestCase.h"
#include "RunProbes.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QThread>
#include <QtTest>

#include <csignal>

using namespace teamai::test;


class TestProcessTreeEndToEnd : public AgentTestCase
{
    Q_OBJECT
    /// Starts @p arguments with a pushed `teamai doctor` that hangs on a stalled backend route, and
    /// returns once the ledger says the command runs and its process exists.
    bool startAgentRunningACommand(QProcess &agent, const QStringList &arguments, qint64 id)
    {
        // `teamai doctor` asks the backend for its config; the backend answers after 60 s, so the
        // pushed command is still running when its agent is signalled.
        f->server().setFault({{QStringLiteral("route"), QStringLiteral("getConfig")}, {QStringLiteral("delayMs"), 60000}});
        f->server().queue(restrictedCommand(id, QStringLiteral("teamai doctor")));
        agent.start(builtBinary("TEAMAI_BIN"), arguments);
        if (!agent.waitForStarted())
            return false;
        agent.closeWriteChannel();  // a hook reads its JSON from stdin: give it EOF
        QDeadlineTimer deadline(20000);
        while (!deadline.hasExpired()) {
            if (historyRow(id).value(QStringLiteral("state")).toString() == QLatin1String("running")
                && treeProcessesOf(agent.processId()) >= 1)
                return true;
            QThread::msleep(50);
        }
        qWarning("agent stderr: %s\nlog: %s", agent.readAllStandardError().constData(),
                 f->env().readFile(QStringLiteral(".teamai/local-agent/logs/teamai.log")).constData());
        return false;
    }

private slots:
    void agents_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("worker") << QStringList{QStringLiteral("worker"), QStringLiteral("--tool"), QStringLiteral("claude")};
        // Hooks hand pushed commands to the worker; `teamai sync` runs them itself.
        QTest::newRow("sync") << QStringList{QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")};
    }

    void sigkillOfTheAgentKillsItsCommand_data() { agents_data(); }
    void sigkillOfTheAgentKillsItsCommand()
    {
        QFETCH(QStringList, arguments);
        QProcess agent;
        QVERIFY(startAgentRunningACommand(agent, arguments, 61));
        const qint64 agentPid = agent.processId();
        ::kill(pid_t(agentPid), SIGKILL);
        QVERIFY(agent.waitForFinished(10000));
        QCOMPARE(agent.exitStatus(), QProcess::CrashExit);
        // Nobody is left to stop it politely: the parent-death signal and the watcher do.
        QTRY_COMPARE_WITH_TIMEOUT(treeProcessesOf(agentPid), 0, 10000);
        // Since nothing of it still runs, the next agent may call it interrupted and say so.
        QCOMPARE(runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")}).exitCode, 0);
        QCOMPARE(historyRow(61).value(QStringLiteral("state")).toString(), QStringLiteral("interrupted"));
        QCOMPARE(f->ackFor(61).value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
    }

    void sigtermOfTheAgentStopsRecordsAndAcks_data() { agents_data(); }
    void sigtermOfTheAgentStopsRecordsAndAcks()
    {
        QFETCH(QStringList, arguments);
        QProcess agent;
        QVERIFY(startAgentRunningACommand(agent, arguments, 62));
        const qint64 agentPid = agent.processId();
        ::kill(pid_t(agentPid), SIGTERM);
        QVERIFY(agent.waitForFinished(15000));
        QCOMPARE(agent.exitStatus(), QProcess::NormalExit);
        QCOMPARE(agent.exitCode(), 128 + SIGTERM);
        QCOMPARE(treeProcessesOf(agentPid), 0);  // gone before the agent exited

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
