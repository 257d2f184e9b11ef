// Issue 14 item 7: `stop` and `post-tool-use` hooks return at once and hand their round to the
// detached worker (as the reference client forks a detached child for them): the hook does no
// network, the worker reports with the hook's event and status, runs and acks; a request written
// while a worker runs is taken by that worker; a damaged request never stops a round; and when
// the worker cannot be started the hook does the round itself.

#include "AgentTestCase.h"
#include "util/FileLock.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QThread>
#include <QtTest>

using namespace teamai::test;

namespace {

int acksOf(DevServerProcess &server, qint64 id)
{
    int count = 0;
    for (const QJsonValue &ack : server.acks())
        count += ack.toObject().value(QStringLiteral("id")).toInteger() == id ? 1 : 0;
    return count;
}

QStringList reportStatuses(DevServerProcess &server)
{
    QStringList statuses;
    for (const QJsonValue &request : server.requests(QStringLiteral("report")))
        statuses << request.toObject().value(QStringLiteral("body")).toObject().value(QStringLiteral("last_status")).toString();
    return statuses;
}

void verifyQuiet(const TeamaiRun &run)
{
    QVERIFY2(run.finished, "the hook outlived the hook timeout `teamai init` writes (10 s)");
    QVERIFY(!run.crashed);
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out, QByteArray());
}

} // namespace

class TestBackgroundHooksE2e : public AgentTestCase
{
    Q_OBJECT
private:
    QString requestPath() const { return f->env().stateDir() + QStringLiteral("/report-request-claude.json"); }

    QString project(const QString &name) const
    {
        const QString path = f->env().home() + QStringLiteral("/work/") + name;
        QDir().mkpath(path);
        return path;
    }

    /// A pushed `teamai doctor` that runs for 12 s (the backend answers its get-config late):
    /// longer than the 10 s hook timeout, as in the issue.
    void queueLongCommand(qint64 id)
    {
        f->server().setFault({{QStringLiteral("route"), QStringLiteral("getConfig")}, {QStringLiteral("delayMs"), 12000},
                              {QStringLiteral("times"), 1}});
        f->server().queue(restrictedCommand(id, QStringLiteral("teamai doctor")));
    }

private slots:
    void stopHookReturnsWhileItsCommandRuns()
    {
        queueLongCommand(1);
        verifyQuiet(runTeamai(hookArguments(QStringLiteral("stop")), hookInput(project(QStringLiteral("a"))), {}, 10000));
        // The hook is gone; its round goes on in the worker: the command runs, unacknowledged.
        QVERIFY(waitForState(1, QStringLiteral("running")));
        QVERIFY(f->ackFor(1).isEmpty());
        QCOMPARE(reportStatuses(f->server()), QStringList{QStringLiteral("stopped")});
        const QJsonObject sync = f->server().requests(QStringLiteral("sync")).first().toObject().value(QStringLiteral("body")).toObject();
        QCOMPARE(sync.value(QStringLiteral("status")).toString(), QStringLiteral("stopped"));

        QVERIFY(!f->waitForAck(1, 60000).isEmpty());
        QVERIFY(f->waitForWorkers(60000));
        QCOMPARE(acksOf(f->server(), 1), 1);
        QCOMPARE(runsInLog(f->env().stateDir(), 1), 1);
        QCOMPARE(reportStatuses(f->server()).size(), 1);
        QVERIFY(!QFileInfo::exists(requestPath()));
    }

    void postToolUseReportsThroughTheWorker()
    {
        f->server().queue(unsupportedCommand(2));
        verifyQuiet(runTeamai(hookArguments(QStringLiteral("post-tool-use")), hookInput(project(QStringLiteral("b")))));
        QCOMPARE(f->waitForAck(2).value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QVERIFY(f->waitForWorkers());
        QCOMPARE(reportStatuses(f->server()), QStringList{QStringLiteral("running")});
        QCOMPARE(f->server().requests(QStringLiteral("sync")).size(), 1);
        QCOMPARE(acksOf(f->server(), 2), 1);
        QVERIFY(!QFileInfo::exists(requestPath()));
    }

    void hookDoesNoNetworkAndItsRequestWaits()
    {
        // This test holds the worker lock: the hook's worker finds it taken and leaves at once, so
        // whatever reached the backend came from the hook itself. Nothing did.
        f->server().queue(unsupportedCommand(3));
        QDir().mkpath(f->env().stateDir());
        teamai::FileLock lock(f->env().stateDir() + QStringLiteral("/worker-claude.lock"), {.removeWhenReleased = true});
        QVERIFY(lock.acquire(0));
        verifyQuiet(runTeamai(hookArguments(QStringLiteral("post-tool-use")), hookInput(project(QStringLiteral("c")))));
        verifyQuiet(runTeamai(hookArguments(QStringLiteral("stop")), hookInput(project(QStringLiteral("c")))));
        QVERIFY(QFileInfo::exists(requestPath()));
        QCOMPARE(QFile(requestPath()).permissions() & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther),
                 QFile::Permissions());
        const QJsonObject request = QJsonDocument::fromJson(f->env().readFile(QStringLiteral(".teamai/local-agent/report-request-claude.json"))).object();
        QCOMPARE(request.value(QStringLiteral("event")).toString(), QStringLiteral("stop"));  // the newer one replaced the older
        QCOMPARE(request.value(QStringLiteral("status")).toString(), QStringLiteral("stopped"));
        QVERIFY(f->server().requests().isEmpty());
        // The hooks' detached workers must have found the lock taken and gone: one that only
        // got to the lock after it is released would be the one to take the request.
        QVERIFY(waitForTeamaiProcessesWithHome(f->env().home()));

        // The next worker takes it: one report, of the latest state.
        lock.release();
        verifyQuiet(runTeamai({QStringLiteral("worker"), QStringLiteral("--tool"), QStringLiteral("claude")}));
        QCOMPARE(reportStatuses(f->server()), QStringList{QStringLiteral("stopped")});
        QCOMPARE(acksOf(f->server(), 3), 1);
        QVERIFY(!QFileInfo::exists(requestPath()));
    }

    void requestsWrittenWhileAWorkerRunsAreTakenByIt()
    {
        queueLongCommand(4);
        verifyQuiet(runTeamai(hookArguments(QStringLiteral("post-tool-use")), hookInput(project(QStringLiteral("d")))));
        QVERIFY(waitForState(4, QStringLiteral("running")));
        // Two stops in quick succession while the worker runs the command: their workers find
        // the lock taken, and the running worker takes the latest request when it is done.
        f->server().queue(unsupportedCommand(5));
        verifyQuiet(runTeamai(hookArguments(QStringLiteral("stop")), hookInput(project(QStringLiteral("d")))));
        verifyQuiet(runTeamai(hookArguments(QStringLiteral("stop")), hookInput(project(QStringLiteral("e")))));
        QCOMPARE(historyRow(4).value(QStringLiteral("state")).toString(), QStringLiteral("running"));
        QVERIFY(QFileInfo::exists(requestPath()));

        QVERIFY(!f->waitForAck(5, 60000).isEmpty());
        QVERIFY(f->waitForWorkers(60000));
        QCOMPARE(reportStatuses(f->server()), (QStringList{QStringLiteral("running"), QStringLiteral("stopped")}));
        const QJsonArray syncs = f->server().requests(QStringLiteral("sync"));
        QCOMPARE(syncs.last().toObject().value(QStringLiteral("body")).toObject().value(QStringLiteral("status")).toString(),
                 QStringLiteral("stopped"));
        for (qint64 id : {4, 5}) {
            QCOMPARE(acksOf(f->server(), id), 1);
            QCOMPARE(runsInLog(f->env().stateDir(), id), 1);
        }
        QVERIFY(!QFileInfo::exists(requestPath()));
    }

    void killSwitchOfTheHookHoldsInTheWorker()
    {
        // The worker was started by a hook without the kill switch; a stop hook under
        // TEAMAI_DISABLE_REMOTE_CMD=1 hands its round to it: the commands of that round are refused.
        queueLongCommand(6);
        verifyQuiet(runTeamai(hookArguments(QStringLiteral("post-tool-use")), hookInput(project(QStringLiteral("f")))));
        QVERIFY(waitForState(6, QStringLiteral("running")));
        f->server().queue(restrictedCommand(7, QStringLiteral("teamai --version")));
        verifyQuiet(runTeamai(hookArguments(QStringLiteral("stop")), hookInput(project(QStringLiteral("f"))),
                              {QStringLiteral("TEAMAI_DISABLE_REMOTE_CMD=1")}));
        QCOMPARE(f->waitForAck(7, 60000).value(QStringLiteral("error")).toString(), QStringLiteral("remote cmd disabled by client"));
        QVERIFY(f->waitForWorkers(60000));
        QCOMPARE(historyRow(7).value(QStringLiteral("reason")).toString(), QStringLiteral("env"));
        QCOMPARE(acksOf(f->server(), 6), 1);
    }

    void sandboxedHookSyncsWithoutAReport()
    {
        f->server().queue(unsupportedCommand(8));
        verifyQuiet(runTeamai(hookArguments(QStringLiteral("stop")), hookInput(project(QStringLiteral("g"))),
                              {QStringLiteral("X_IDE_IS_CLOUDSTUDIO=TRUE")}));
        QVERIFY(!f->waitForAck(8).isEmpty());
        QVERIFY(f->waitForWorkers());
        QVERIFY(f->server().requests(QStringLiteral("report")).isEmpty());
        QCOMPARE(f->server().requests(QStringLiteral("sync")).size(), 1);
    }

    void damagedRequestIsRemovedAndTheRoundGoesOn_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("reportEvent");
        QTest::addColumn<QStringList>("reports");
        QTest::newRow("garbage, started by a stop") << QByteArray("\x01{{ not json") << QStringLiteral("stop")
                                                   << QStringList{QStringLiteral("stopped")};
        QTest::newRow("wrong shape") << QByteArray(R"({"version":1,"event":"lunch","status":"running","cwd":"/"})")
                                     << QStringLiteral("post-tool-use") << QStringList{QStringLiteral("running")};
        QTest::newRow("relative folder") << QByteArray(R"({"version":1,"event":"stop","status":"stopped","cwd":"x",)"
                                                       R"("requestedAt":"2025-01-01T00:00:00.000Z"})")
                                         << QString() << QStringList();
        QTest::newRow("oversized") << QByteArray(200 * 1024, ' ') << QString() << QStringList();
    }
    void damagedRequestIsRemovedAndTheRoundGoesOn()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, reportEvent);
        QFETCH(QStringList, reports);
        f->env().writeFile(QStringLiteral(".teamai/local-agent/report-request-claude.json"), content);
        f->server().queue(unsupportedCommand(9));
        QStringList args{QStringLiteral("worker"), QStringLiteral("--tool"), QStringLiteral("claude")};
        if (!reportEvent.isEmpty())
            args << QStringLiteral("--report-event") << reportEvent;
        verifyQuiet(runTeamai(args));
        QVERIFY(!QFileInfo::exists(requestPath()));
        QCOMPARE(acksOf(f->server(), 9), 1);
        // With the hook's event on its command line, the worker still sends the report it asked for.
        QCOMPARE(reportStatuses(f->server()), reports);
        const QByteArray log = f->env().readFile(QStringLiteral(".teamai/local-agent/logs/teamai.log"));
        QVERIFY(log.contains("removed a damaged report request"));
    }

    void requestThatIsALinkIsRemovedNotFollowed()
    {
        const QString target = f->env().writeFile(QStringLiteral("precious.json"),
                                                  R"({"version":1,"event":"stop","status":"stopped","cwd":"/",)"
                                                  R"("requestedAt":"2025-01-01T00:00:00.000Z"})");
        QDir().mkpath(f->env().stateDir());
        QVERIFY(QFile::link(target, requestPath()));
        verifyQuiet(runTeamai({QStringLiteral("worker"), QStringLiteral("--tool"), QStringLiteral("claude")}));
        QVERIFY(!QFileInfo(requestPath()).isSymLink());
        QVERIFY(!QFileInfo::exists(requestPath()));
        QVERIFY(QFileInfo::exists(target));
        QVERIFY(f->server().requests(QStringLiteral("report")).isEmpty());  // not taken as a request
        QCOMPARE(f->server().requests(QStringLiteral("sync")).size(), 1);
    }

    void hookRunsTheRoundItselfWhenNoWorkerCanStart()
    {
        // A copy of the binary under another name finds no `teamai` next to it to start as the
        // worker: the hook falls back to its own round within its budget, and leaves no request.
        const QString folder = f->env().home() + QStringLiteral("/solo");
        QVERIFY(QDir().mkpath(folder));
        const QString copy = folder + QStringLiteral("/teamai-solo");
        QVERIFY(QFile::copy(builtBinary("TEAMAI_BIN"), copy));
        QVERIFY(QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        f->server().queue(unsupportedCommand(10));
        QProcess hook;
        hook.start(copy, hookArguments(QStringLiteral("stop")));
        QVERIFY(hook.waitForStarted());
        hook.write(hookInput(project(QStringLiteral("h"))));
        hook.closeWriteChannel();
        QVERIFY(hook.waitForFinished(10000));
        QCOMPARE(hook.exitCode(), 0);
        QCOMPARE(hook.readAllStandardOutput(), QByteArray());
        // Everything happened inside the hook: it has exited, and the round is complete.
        QCOMPARE(reportStatuses(f->server()), QStringList{QStringLiteral("stopped")});
        QCOMPARE(acksOf(f->server(), 10), 1);
        QVERIFY(!QFileInfo::exists(requestPath()));
    }
};

QTEST_GUILESS_MAIN(TestBackgroundHooksE2e)
#include "tst_background_hooks_e2e.moc"
