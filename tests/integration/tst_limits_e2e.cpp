// Issue 12 item 7 / issue 13 items 4 and 8, with the development backend and the real binary: a
// backend cannot fill the disk through what the ledger stores or an ack echoes, cannot hold a
// hook with a huge sync answer, and a slow stdin cannot hold a hook either; an admin policy's
// timeout cap shortens a pushed command's run.

#include "AgentFixture.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QThread>
#include <QTimer>
#include <QtTest>

using namespace teamai::test;

namespace {

// The ledger's size on disk: the database and its write-ahead log.
qint64 ledgerBytes(const TestEnvironment &env)
{
    const QString db = env.stateDir() + QStringLiteral("/ledger.db");
    return QFileInfo(db).size() + QFileInfo(db + QStringLiteral("-wal")).size();
}

QJsonObject tiny(qint64 id)
{
    // Unsupported type: handled at once, acked failed, nothing installed.
    return QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("noop")}};
}

} // namespace

class TestLimitsE2e : public QObject
{
    Q_OBJECT
private slots:
    void hugeCommandIsRefusedAndStoredSmall()
    {
        AgentFixture f;
        QVERIFY(f.ready());
        f.syncJson();  // creates the ledger
        const qint64 before = ledgerBytes(f.env());
        QVERIFY(before > 0);

        const QString cmd = QStringLiteral("teamai ") + QString(3 * 1024 * 1024, u'x');
        f.server().queue(restrictedCommand(501, cmd, QStringLiteral("cmd")));
        f.syncJson();
        const QJsonObject ack = f.waitForAck(501);
        QCOMPARE(ack.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QCOMPARE(ack.value(QStringLiteral("type")).toString(), QStringLiteral("cmd"));
        const QString error = ack.value(QStringLiteral("error")).toString();
        QVERIFY2(error.startsWith(QStringLiteral("Command too large")), qPrintable(error.left(200)));
        QVERIFY(error.toUtf8().size() <= 1024);
        const qint64 growth = ledgerBytes(f.env()) - before;
        QVERIFY2(growth < 1024 * 1024, qPrintable(QString::number(growth)));
        // Refused before anything ran, and recorded so.
        const TeamaiRun history = runTeamai({QStringLiteral("history"), QStringLiteral("--json")});
        const QJsonObject row = QJsonDocument::fromJson(history.out.split('\n').value(0)).object();
        QCOMPARE(row.value(QStringLiteral("id")).toInteger(), 501);
        QCOMPARE(row.value(QStringLiteral("state")).toString(), QStringLiteral("rejected"));
        QCOMPARE(row.value(QStringLiteral("delivery")).toString(), QStringLiteral("not_delivered"));
    }

    void echoedTextIsCapped()
    {
        AgentFixture f;
        QVERIFY(f.ready());
        // Within the 64 KiB command cap, but the first token and the type are far too long to echo.
        f.server().queue(restrictedCommand(601, QString(40 * 1024, u'y') + QStringLiteral(" --version"), QStringLiteral("cmd")));
        f.server().queue(QJsonObject{{QStringLiteral("id"), 602}, {QStringLiteral("type"), QString(40 * 1024, u't')}});
        f.syncJson();

        const QString rejected = f.waitForAck(601).value(QStringLiteral("error")).toString();
        QVERIFY2(rejected.startsWith(QStringLiteral("Rejected cmd: only \"teamai\" subcommands are allowed, got \"")),
                 qPrintable(rejected.left(200)));
        const qsizetype open = rejected.indexOf(QStringLiteral("got \"")) + 5;
        const QString token = rejected.mid(open, rejected.lastIndexOf(u'"') - open);
        QVERIFY2(token.size() <= 64 && token.startsWith(QStringLiteral("yyyy")), qPrintable(token));

        const QJsonObject unsupported = f.waitForAck(602);
        QVERIFY(unsupported.value(QStringLiteral("error")).toString().toUtf8().size() <= 1024);
        QVERIFY(unsupported.value(QStringLiteral("type")).toString().toUtf8().size() <= 128);
    }

    void slowStdinDoesNotHoldTheHook()
    {
        AgentFixture f;
        QVERIFY(f.ready());
        f.server().queue(tiny(701));
        QProcess hook;
        hook.start(builtBinary("TEAMAI_BIN"), hookArguments(QStringLiteral("prompt-submit")));
        QVERIFY(hook.waitForStarted(5000));
        // One byte every 100 ms, and stdin never closed: the agent is slow, not finished.
        const QByteArray json = QByteArray("{\"cwd\": \"/tmp\", \"session_id\": \"") + QByteArray(400, 's') + "\"}";
        qsizetype sent = 0;
        QTimer feeder;
        QObject::connect(&feeder, &QTimer::timeout, &hook, [&] {
            if (sent < json.size() && hook.state() == QProcess::Running)
                hook.write(json.mid(sent++, 1));
        });
        feeder.start(100);
        // Correctness bound, not a timing measurement: no event may outlive the 10 s hook timeout
        // `teamai init` writes; 9.5 s leaves the agent's margin.
        QTRY_VERIFY_WITH_TIMEOUT(hook.state() == QProcess::NotRunning, 9500);
        feeder.stop();
        QCOMPARE(hook.exitStatus(), QProcess::NormalExit);
        QCOMPARE(hook.exitCode(), 0);
        QVERIFY(sent < json.size());  // it did not wait for the whole trickle
        // The round happened (or was handed to the worker): the command is acked either way.
        QVERIFY(!f.server().requests(QStringLiteral("sync")).isEmpty());
        QVERIFY(!f.waitForAck(701, 30000).isEmpty());
    }

    void anAdminPolicyCapShortensAPushedCommandsTimeout()
    {
        // docs/policy.md: `maxCommandTimeoutSeconds` lowers the 120 s a pushed command may run.
        // The pushed `teamai doctor` waits 12 s for get-config here; the policy allows 1 s.
        AgentFixture f;
        QVERIFY(f.ready());
        const QString policy = f.env().writeFile(QStringLiteral("policy.json"), R"({"maxCommandTimeoutSeconds": 1})");
        f.server().setFault({{QStringLiteral("route"), QStringLiteral("getConfig")}, {QStringLiteral("delayMs"), 12000},
                             {QStringLiteral("times"), 1}});
        f.server().queue(restrictedCommand(801, QStringLiteral("teamai doctor")));
        QElapsedTimer elapsed;
        elapsed.start();
        f.syncJson({QStringLiteral("TEAMAI_POLICY_FILE=") + policy});
        QVERIFY2(elapsed.elapsed() < 10000, qPrintable(QString::number(elapsed.elapsed())));
        const QJsonObject ack = f.waitForAck(801);
        QCOMPARE(ack.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        const QString error = ack.value(QStringLiteral("error")).toString();
        QVERIFY2(error.startsWith(QStringLiteral("cmd timed out: ")), qPrintable(error));
        const TeamaiRun history = runTeamai({QStringLiteral("history"), QStringLiteral("--json")});
        const QJsonObject row = QJsonDocument::fromJson(history.out.split('\n').value(0)).object();
        QCOMPARE(row.value(QStringLiteral("id")).toInteger(), 801);
        QCOMPARE(row.value(QStringLiteral("timed_out")).toBool(), true);
        // Stopped by the 1 s cap: not before it, and long before the 12 s get-config answers (the
        // error's detail is doctor's first lines, so the time is read from the ledger's row).
        const qint64 ran = QDateTime::fromString(row.value(QStringLiteral("started_at")).toString(), Qt::ISODateWithMs)
                               .msecsTo(QDateTime::fromString(row.value(QStringLiteral("finished_at")).toString(), Qt::ISODateWithMs));
        QVERIFY2(ran >= 1000 && ran < 12000, qPrintable(QString::number(ran)));
    }

    void hugeSyncAnswerIsAdmittedAndFinishedByTheWorker()
    {
        constexpr int kCommands = 150000;
        AgentFixture f;
        QVERIFY(f.ready());
        QJsonArray commands;
        for (int id = 1; id <= kCommands; ++id)
            commands.append(tiny(id));
        f.server().queue(commands);
        QCOMPARE(f.server().call("GET", QStringLiteral("/admin/commands")).array().size(), kCommands);

        // The hook exits (its budget, not the size of the answer, decides when); what it had no
        // time for goes to the worker.
        const TeamaiRun run = runTeamai(hookArguments(QStringLiteral("prompt-submit")), {}, {}, 60000);
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 0);

        // Every command is eventually acknowledged: the queue drains as acks arrive.
        const QDeadlineTimer deadline(15 * 60 * 1000);
        int left = kCommands;
        while (!deadline.hasExpired()) {
            left = int(f.server().queued().size());
            if (left == 0)
                break;
            // A worker stops after a few rounds; a later hook starts the next one.
            if (f.waitForWorkers(2000))
                runTeamai(hookArguments(QStringLiteral("prompt-submit")), {}, {}, 60000);
        }
        QCOMPARE(left, 0);
        QVERIFY(f.waitForWorkers(60000));

        // Exactly once each, and in order.
        const QJsonArray acks = f.server().acks();
        QCOMPARE(acks.size(), kCommands);
        qint64 previous = 0;
        for (const QJsonValue &ack : acks) {
            const qint64 id = ack.toObject().value(QStringLiteral("id")).toInteger();
            QVERIFY2(id == previous + 1, qPrintable(QStringLiteral("ack %1 after %2").arg(id).arg(previous)));
            previous = id;
        }
    }
};

QTEST_GUILESS_MAIN(TestLimitsE2e)
#include "tst_limits_e2e.moc"
