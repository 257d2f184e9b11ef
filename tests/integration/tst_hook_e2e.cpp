// `teamai --hook EVENT --tool TOOL`: what agents run. It must do the round and never break the
// agent — exit 0, nothing on stdout, bounded time — whatever the backend does.

#include "AgentTestCase.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QtTest>

using namespace teamai::test;

namespace {

const QByteArray kHookJson = R"({"session_id":"abc","hook_event_name":"SessionStart"})";

} // namespace

class TestHookEndToEnd : public AgentTestCase
{
    Q_OBJECT
private:
    QList<QJsonObject> journal()
    {
        QList<QJsonObject> lines;
        QFile file(f->env().teamaiHome() + QStringLiteral("/reporter/errors.jsonl"));
        if (file.open(QIODevice::ReadOnly)) {
            for (const QByteArray &line : file.readAll().split('\n')) {
                if (!line.isEmpty())
                    lines.append(QJsonDocument::fromJson(line).object());
            }
        }
        return lines;
    }

    static void verifyQuiet(const TeamaiRun &run)
    {
        QVERIFY(run.finished);
        QVERIFY(!run.crashed);
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, QByteArray());
    }

private slots:
    void sessionStartDoesTheWholeRound()
    {
        // A foreground hook syncs and stores the command; a restricted command (up to 120 s) is
        // never run inside the 4.5 s budget: the detached worker runs and acks it.
        f->server().queue(restrictedCommand(1, QStringLiteral("teamai --version")));
        const TeamaiRun run = runTeamai(hookArguments(QStringLiteral("session-start")), kHookJson);
        verifyQuiet(run);
        QCOMPARE(f->waitForAck(1).value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        QVERIFY(f->waitForWorkers());
        QCOMPARE(f->server().requests(QStringLiteral("report")).size(), 1);  // the worker does not report again
        QCOMPARE(f->server().requests(QStringLiteral("sync")).size(), 2);    // the hook's and the worker's
        QCOMPARE(f->server().acks().size(), 1);
        QVERIFY(journal().isEmpty());
    }

    void backgroundEventHandsItsRoundToTheWorker()
    {
        // Issue 14 item 7: post-tool-use (like stop) returns at once and the worker does the whole
        // round, quick commands and pushed `cmd` alike: one report and one sync per hook, all
        // from the worker (tst_background_hooks_e2e shows the hook itself sends nothing).
        f->server().queue(QJsonObject{{QStringLiteral("id"), 12}, {QStringLiteral("type"), QStringLiteral("reboot_machine")}});
        verifyQuiet(runTeamai(hookArguments(QStringLiteral("post-tool-use")), kHookJson));
        QCOMPARE(f->waitForAck(12).value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QVERIFY(f->waitForWorkers());
        QCOMPARE(f->server().requests(QStringLiteral("report")).size(), 1);
        QCOMPARE(f->server().requests(QStringLiteral("sync")).size(), 1);

        f->server().queue(restrictedCommand(11, QStringLiteral("teamai --version")));
        verifyQuiet(runTeamai(hookArguments(QStringLiteral("post-tool-use")), kHookJson));
        QCOMPARE(f->waitForAck(11).value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        QVERIFY(f->waitForWorkers());
        QCOMPARE(f->server().requests(QStringLiteral("report")).size(), 2);
        QCOMPARE(f->server().requests(QStringLiteral("sync")).size(), 2);
    }

    void hookDispatchAliasAndStopStatus()
    {
        const TeamaiRun run = runTeamai({QStringLiteral("hook-dispatch"), QStringLiteral("stop"), QStringLiteral("--tool"), QStringLiteral("codex")});
        verifyQuiet(run);
        QVERIFY(f->waitForWorkers());  // which sends the stop hook's report and sync
        const QJsonObject sync = f->server().requests(QStringLiteral("sync")).last().toObject().value(QStringLiteral("body")).toObject();
        QCOMPARE(sync.value(QStringLiteral("status")).toString(), QStringLiteral("stopped"));
        QCOMPARE(sync.value(QStringLiteral("agent_type")).toString(), QStringLiteral("codex"));
        const QJsonObject report = f->server().requests(QStringLiteral("report")).last().toObject().value(QStringLiteral("body")).toObject();
        QCOMPARE(report.value(QStringLiteral("last_status")).toString(), QStringLiteral("stopped"));
    }

    void invalidStdinIsTolerated()
    {
        f->server().queue(restrictedCommand(2, QStringLiteral("teamai --version")));
        verifyQuiet(runTeamai(hookArguments(QStringLiteral("post-tool-use")), "{{{ not json"));
        QCOMPARE(f->waitForAck(2).value(QStringLiteral("status")).toString(), QStringLiteral("success"));
    }

    void cloudStudioSkipsTheReportButSyncs()
    {
        f->server().queue(restrictedCommand(3, QStringLiteral("teamai --version")));
        verifyQuiet(runTeamai(hookArguments(QStringLiteral("prompt-submit")), kHookJson, {QStringLiteral("X_IDE_IS_CLOUDSTUDIO=TRUE")}));
        QCOMPARE(f->waitForAck(3).value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        QVERIFY(f->waitForWorkers());
        QCOMPARE(f->server().requests(QStringLiteral("report")).size(), 0);
        QVERIFY(f->server().requests(QStringLiteral("sync")).size() >= 1);

        verifyQuiet(runTeamai(hookArguments(QStringLiteral("prompt-submit")), kHookJson,
                              {QStringLiteral("X_IDE_IS_CLOUDSTUDIO=TRUE"), QStringLiteral("TEAMAI_ALLOW_SANDBOX_REPORT=1")}));
        QCOMPARE(f->server().requests(QStringLiteral("report")).size(), 1);
    }

    void backendDownReturnsQuickly()
    {
        f->server().stop();
        const TeamaiRun run = runTeamai(hookArguments(QStringLiteral("session-start")), kHookJson);
        verifyQuiet(run);
        QVERIFY2(run.elapsedMs < 4000, qPrintable(QString::number(run.elapsedMs)));
        const QList<QJsonObject> lines = journal();
        QVERIFY(!lines.isEmpty());
        QCOMPARE(lines.last().value(QStringLiteral("event")).toString(), QStringLiteral("session-start"));
        QVERIFY(lines.last().value(QStringLiteral("error")).toString().startsWith(QStringLiteral("sync failed")));
    }

    void slowBackendStaysWithinTheForegroundBudget()
    {
        f->server().setFault({{QStringLiteral("route"), QStringLiteral("sync")}, {QStringLiteral("delayMs"), 10000}});
        const TeamaiRun run = runTeamai(hookArguments(QStringLiteral("session-start")), kHookJson);
        verifyQuiet(run);
        QVERIFY2(run.elapsedMs < 4500 + 500, qPrintable(QString::number(run.elapsedMs)));
    }

    void reportFailureStillSyncsAndRuns()
    {
        f->server().setFault({{QStringLiteral("route"), QStringLiteral("report")}, {QStringLiteral("status"), 500}});
        f->server().queue(restrictedCommand(4, QStringLiteral("teamai --version")));
        verifyQuiet(runTeamai(hookArguments(QStringLiteral("session-start")), kHookJson));
        QCOMPARE(f->waitForAck(4).value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        QVERIFY(journal().last().value(QStringLiteral("error")).toString().startsWith(QStringLiteral("report failed")));
    }

    void syncFailuresAreJournaled_data()
    {
        QTest::addColumn<QJsonObject>("fault");
        QTest::newRow("500") << QJsonObject{{QStringLiteral("route"), QStringLiteral("sync")}, {QStringLiteral("status"), 500}};
        QTest::newRow("401") << QJsonObject{{QStringLiteral("route"), QStringLiteral("sync")}, {QStringLiteral("status"), 401},
                                            {QStringLiteral("body"), QStringLiteral(R"({"error":"invalid token"})")}};
        QTest::newRow("malformed") << QJsonObject{{QStringLiteral("route"), QStringLiteral("sync")}, {QStringLiteral("malformed"), true}};
        QTest::newRow("oversized") << QJsonObject{{QStringLiteral("route"), QStringLiteral("sync")}, {QStringLiteral("oversizedBytes"), 11 * 1024 * 1024}};
    }
    void syncFailuresAreJournaled()
    {
        QFETCH(QJsonObject, fault);
        f->server().setFault(fault);
        f->server().queue(restrictedCommand(5, QStringLiteral("teamai --version")));
        verifyQuiet(runTeamai(hookArguments(QStringLiteral("stop")), kHookJson));
        QVERIFY(f->waitForWorkers());  // the worker's round fails, journaled under the hook's event
        QVERIFY(f->server().acks().isEmpty());
        QCOMPARE(journal().last().value(QStringLiteral("event")).toString(), QStringLiteral("stop"));
        QVERIFY(journal().last().value(QStringLiteral("error")).toString().startsWith(QStringLiteral("sync failed")));
    }

    void tokenNeverReachesLogsOrJournal()
    {
        f->server().setFault({{QStringLiteral("route"), QStringLiteral("sync")}, {QStringLiteral("status"), 500},
                              {QStringLiteral("body"), QStringLiteral(R"({"error":"bad header Bearer dev-token"})")}});
        verifyQuiet(runTeamai(hookArguments(QStringLiteral("stop")), kHookJson));
        QVERIFY(f->waitForWorkers());
        QFile log(f->env().stateDir() + QStringLiteral("/logs/teamai.log"));
        QVERIFY(log.open(QIODevice::ReadOnly));
        const QByteArray logText = log.readAll();
        QVERIFY(!logText.isEmpty());
        QVERIFY(!logText.contains("dev-token"));
        QFile errors(f->env().teamaiHome() + QStringLiteral("/reporter/errors.jsonl"));
        QVERIFY(errors.open(QIODevice::ReadOnly));
        QVERIFY(!errors.readAll().contains("dev-token"));
        QCOMPARE(log.permissions() & (QFile::ReadOther | QFile::ReadGroup), QFile::Permissions());
    }

    void badInvocationsNeverBreakTheAgent_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("unknown event") << hookArguments(QStringLiteral("lunch-break"));
        QTest::newRow("unknown tool") << hookArguments(QStringLiteral("stop"), QStringLiteral("emacs"));
        QTest::newRow("no event") << QStringList{QStringLiteral("--hook")};
        // An unknown option no longer stops the round: tst_hook_options_e2e.
    }
    void badInvocationsNeverBreakTheAgent()
    {
        QFETCH(QStringList, args);
        verifyQuiet(runTeamai(args, kHookJson));
        QVERIFY(!journal().isEmpty());
        QVERIFY(f->server().requests().isEmpty());
    }

    void unconfiguredAgentIsQuiet()
    {
        QFile::remove(f->env().stateDir() + QStringLiteral("/config.json"));
        verifyQuiet(runTeamai(hookArguments(QStringLiteral("session-start")), kHookJson));
        QVERIFY(f->server().requests().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestHookEndToEnd)
#include "tst_hook_e2e.moc"
