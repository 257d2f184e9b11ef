// SPEC §7 under faults, with the development backend and the real binary: nothing lost, nothing
// run twice, crashes reported, the kill switch in all its forms, a damaged ledger survived.

#include "AgentTestCase.h"
#include "DataRows.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QtTest>

#include <csignal>

using namespace teamai::test;

class TestDeliveryEndToEnd : public AgentTestCase
{
    Q_OBJECT
private slots:
    void acksSurviveAnAckOutage()
    {
        f->server().queue(QJsonArray{unsupportedCommand(1), unsupportedCommand(2), unsupportedCommand(3)});
        f->server().setFault({{QStringLiteral("route"), QStringLiteral("ack")}, {QStringLiteral("status"), 503}});
        for (int sync = 0; sync < 3; ++sync)
            QCOMPARE(runTeamai(hookArguments(QStringLiteral("stop"))).exitCode, 0);
        // The hooks hand their rounds to the worker, which meets the outage (and tries once more).
        QVERIFY(f->waitForWorkers());
        QVERIFY(f->server().acks().isEmpty());
        QCOMPARE(f->server().queued().size(), 3);  // the backend still waits for them
        const QJsonObject status = QJsonDocument::fromJson(runTeamai({QStringLiteral("status"), QStringLiteral("--json")}).out).object();
        QCOMPARE(status.value(QStringLiteral("commands")).toObject().value(QStringLiteral("outbox")).toInt(), 3);

        f->server().clearFaults();
        const TeamaiRun sync = runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")});
        QCOMPARE(sync.exitCode, 0);
        const QJsonArray acks = f->server().acks();
        QCOMPARE(acks.size(), 3);  // each arrived exactly once
        for (qint64 id : {1, 2, 3}) {
            QCOMPARE(runsInLog(f->env().stateDir(), id), 1);  // and ran once
            const QJsonObject row = historyRow(id);
            QCOMPARE(row.value(QStringLiteral("ack")).toString(), QStringLiteral("delivered"));
            QVERIFY2(row.value(QStringLiteral("ack_attempts")).toInt() >= 2, "failed attempts are recorded too");
        }
        QVERIFY(f->server().queued().isEmpty());
    }

    void sameIdTwiceRunsOnce()
    {
        f->server().setFault({{QStringLiteral("route"), QStringLiteral("ack")}, {QStringLiteral("status"), 500}, {QStringLiteral("times"), 1}});
        f->server().queue(restrictedCommand(7, QStringLiteral("teamai --version")));
        QCOMPARE(runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")}).exitCode, 1);  // ack lost
        QCOMPARE(runsInLog(f->env().stateDir(), 7), 1);
        // Before the ack: the backend sends it again.
        runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")});
        QCOMPARE(f->ackFor(7).value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        // After the ack: it comes back once more.
        f->server().queue(restrictedCommand(7, QStringLiteral("teamai --version")));
        const QJsonObject third = f->syncJson();
        QVERIFY(AgentFixture::commandIn(third, 7).value(QStringLiteral("detail")).toString().contains(QStringLiteral("not run again")));
        QCOMPARE(runsInLog(f->env().stateDir(), 7), 1);
        QCOMPARE(f->server().acks().size(), 2);  // acked again with the recorded result
        QCOMPARE(f->server().acks().at(1).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("success"));
    }

    void tenHooksAtOnceRunEachCommandOnce()
    {
        QJsonArray commands;
        for (qint64 id = 100; id < 200; ++id)
            commands.append(unsupportedCommand(id));
        f->server().queue(commands);
        QList<QProcess *> hooks;
        for (int i = 0; i < 10; ++i)
            hooks.append(startTeamai(hookArguments(QStringLiteral("post-tool-use")), this));
        QVERIFY(allExitedZero(hooks));
        QVERIFY(f->waitForWorkers(60000));  // post-tool-use hands its round to the worker
        for (qint64 id = 100; id < 200; ++id)
            QCOMPARE(runsInLog(f->env().stateDir(), id), 1);
        runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")});  // settle any ack still in backoff
        QSet<qint64> acked;
        for (const QJsonValue &ack : f->server().acks())
            acked.insert(ack.toObject().value(QStringLiteral("id")).toInteger());
        QCOMPARE(acked.size(), 100);
        QCOMPARE(historyRows({QStringLiteral("--state"), QStringLiteral("failed")}).size(), 100);
    }

    void killedAgentIsReportedInterruptedNotReplayed()
    {
        // `teamai doctor` asks the backend for its config; the backend takes 8 s to answer, so
        // the command is still running when its agent is killed.
        QProcess agent;
        QVERIFY(f->startAgentRunningACommand(agent, {QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")}, 42, 8000));
        QCOMPARE(historyRow(42).value(QStringLiteral("state")).toString(), QStringLiteral("running"));
        ::kill(pid_t(agent.processId()), SIGKILL);
        QVERIFY(agent.waitForFinished());

        const TeamaiRun next = runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")});
        QCOMPARE(next.exitCode, 0);
        const QJsonObject ack = f->ackFor(42);
        QCOMPARE(ack.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QCOMPARE(ack.value(QStringLiteral("error")).toString(),
                 QStringLiteral("interrupted: the agent stopped while the command ran; outcome unknown"));
        const QJsonObject row = historyRow(42);
        QCOMPARE(row.value(QStringLiteral("state")).toString(), QStringLiteral("interrupted"));
        QCOMPARE(row.value(QStringLiteral("delivery")).toString(), QStringLiteral("unknown"));
        QCOMPARE(runsInLog(f->env().stateDir(), 42), 0);  // it never finished, and never ran again
        QCOMPARE(f->server().requests(QStringLiteral("getConfig")).size(), 1);
    }

    void slowBackendFinishesInTheWorker()
    {
        f->server().setFault({{QStringLiteral("route"), QStringLiteral("sync")}, {QStringLiteral("delayMs"), 6000}});
        f->server().queue(unsupportedCommand(50));
        const TeamaiRun hook = runTeamai(hookArguments(QStringLiteral("session-start")));
        QCOMPARE(hook.exitCode, 0);
        QVERIFY2(hook.elapsedMs < 4500 + 300, qPrintable(QString::number(hook.elapsedMs)));
        QCOMPARE(f->waitForAck(50, 20000).value(QStringLiteral("error")).toString(), QStringLiteral("Unsupported command type: reboot_machine"));
        QVERIFY(f->waitForWorkers());
    }

    void downloadThatMissesTheBudgetIsDeferredNotFailed()
    {
        // The first download takes longer than a foreground hook may wait: the install goes back
        // to pending and the worker completes it, instead of acking a failure.
        f->server().setFault({{QStringLiteral("route"), QStringLiteral("download")}, {QStringLiteral("delayMs"), 6000},
                              {QStringLiteral("times"), 1}});
        f->server().queue(QJsonObject{{QStringLiteral("id"), 80}, {QStringLiteral("type"), QStringLiteral("install_skill")},
                                      {QStringLiteral("skill_slug"), QStringLiteral("slow-skill")},
                                      {QStringLiteral("download_url"), QString(f->server().baseUrl()
                                           + QStringLiteral("/download/skill/slow-skill.zip?name=slow-skill&version=2.0.0"))}});
        const TeamaiRun hook = runTeamai(hookArguments(QStringLiteral("session-start")));
        QCOMPARE(hook.exitCode, 0);
        QVERIFY2(hook.elapsedMs < 4500 + 300, qPrintable(QString::number(hook.elapsedMs)));
        const QJsonObject ack = f->waitForAck(80, 20000);
        QCOMPARE(ack.value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        QCOMPARE(ack.value(QStringLiteral("version")).toString(), QStringLiteral("2.0.0"));
        QVERIFY(QFileInfo::exists(f->env().home() + QStringLiteral("/.claude/skills/slow-skill/SKILL.md")));
        QVERIFY(f->waitForWorkers());
        QCOMPARE(f->server().acks().size(), 1);
        QCOMPARE(runsInLog(f->env().stateDir(), 80), 1);
    }

    void killSwitchIsRecordedWithItsReason_data()
    {
        addRowPerValue("source", {QStringLiteral("env"), QStringLiteral("user"), QStringLiteral("policy")});
    }
    void killSwitchIsRecordedWithItsReason()
    {
        QFETCH(QString, source);
        QStringList env;
        if (source == QLatin1String("env")) {
            env << QStringLiteral("TEAMAI_DISABLE_REMOTE_CMD=1");
        } else if (source == QLatin1String("user")) {
            QCOMPARE(runTeamai({QStringLiteral("remote-cmd"), QStringLiteral("disable")}).exitCode, 0);
        } else {
            const QString policy = f->env().writeFile(QStringLiteral("policy.json"),
                                                      "{\"remoteCommands\": {\"enabled\": false, \"locked\": true}}");
            env << QStringLiteral("TEAMAI_POLICY_FILE=") + policy;
            const TeamaiRun refused = runTeamai({QStringLiteral("remote-cmd"), QStringLiteral("enable")}, {}, env);
            QCOMPARE(refused.exitCode, 1);
            QVERIFY2(refused.err.contains("locked"), refused.err.constData());
        }
        f->server().queue(restrictedCommand(60, QStringLiteral("teamai --version")));
        runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")}, {}, env);
        QCOMPARE(f->ackFor(60).value(QStringLiteral("error")).toString(), QStringLiteral("remote cmd disabled by client"));
        const QJsonObject row = historyRow(60);
        QCOMPARE(row.value(QStringLiteral("state")).toString(), QStringLiteral("rejected"));
        QCOMPARE(row.value(QStringLiteral("delivery")).toString(), QStringLiteral("not_delivered"));
        QCOMPARE(row.value(QStringLiteral("reason")).toString(), source);
    }

    void damagedLedgerIsSetAside()
    {
        const QByteArray garbage = QByteArray("SQLite format 3") + QByteArray(5000, '\x7f');
        f->env().writeFile(QStringLiteral(".teamai/local-agent/ledger.db"), garbage);
        f->server().queue(unsupportedCommand(70));
        const TeamaiRun hook = runTeamai(hookArguments(QStringLiteral("stop")));
        QCOMPARE(hook.exitCode, 0);
        QCOMPARE(hook.out, QByteArray());
        QCOMPARE(f->waitForAck(70).value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        const QStringList aside = QDir(f->env().stateDir()).entryList({QStringLiteral("ledger.db.damaged-*")});
        QCOMPARE(aside.size(), 1);
        QCOMPARE(f->env().readFile(QStringLiteral(".teamai/local-agent/") + aside.first()), garbage);
        QFile log(f->env().stateDir() + QStringLiteral("/logs/teamai.log"));
        QVERIFY(log.open(QIODevice::ReadOnly));
        QVERIFY(log.readAll().contains("was unusable"));
        QCOMPARE(historyRow(70).value(QStringLiteral("state")).toString(), QStringLiteral("failed"));
    }
};

QTEST_GUILESS_MAIN(TestDeliveryEndToEnd)
#include "tst_delivery_e2e.moc"
