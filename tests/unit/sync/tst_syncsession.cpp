// Unit tests of one round (SyncSession through SyncEngine::fromSetup) over a fake network and a
// clock the test moves on: no devserver, no process, no socket. What the round sent is read from
// the fake network's record of requests, what it kept from the ledger. The end-to-end versions
// of these guarantees are tst_sync_e2e, tst_delivery_e2e and tst_batch_order_e2e.

#include "FakeNetworkAccessManager.h"
#include "ManualClock.h"
#include "TestEnvironment.h"

#include "commands/Command.h"
#include "config/AgentConfig.h"
#include "net/BackendRoutes.h"
#include "store/CommandLedger.h"
#include "sync/CommandHandler.h"
#include "sync/SyncEngine.h"
#include "tools/ToolTable.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QtTest>

using namespace teamai;
using namespace teamai::test;

namespace {

const QString kEndpoint = QStringLiteral("http://backend.invalid");

QString pathOf(Route route)
{
    return defaultRoutePath(route);
}

QJsonObject unsupported(qint64 id)
{
    return {{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("reboot_machine")}};
}

QJsonObject uninstallTeamai(qint64 id)
{
    return {{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("uninstall_teamai")},
            {QStringLiteral("cmd"), QStringLiteral("teamai --version")}};
}

QJsonObject ruleInstall(qint64 id, const QString &slug)
{
    return {{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("install_rule")}, {QStringLiteral("rule_slug"), slug},
            {QStringLiteral("download_url"), QStringLiteral("%1/download/%2.md").arg(kEndpoint, slug)}};
}

FakeAnswer commands(const QJsonArray &list)
{
    return FakeAnswer::json({{QStringLiteral("ok"), true}, {QStringLiteral("cmds"), list}});
}

FakeAnswer ok()
{
    return FakeAnswer::json({{QStringLiteral("ok"), true}});
}

/// Stands in for RestrictedCommandHandler, so no `teamai` process starts: it answers as that
/// handler does after `teamai --version` exited 0 — a success, which ends the batch.
class FakeRestrictedHandler : public CommandHandler
{
public:
    QList<qint64> handled;

    CommandResult handle(const Command &command, const CommandRoute &, const CommandContext &) override
    {
        handled.append(command.id.value_or(-1));
        CommandResult result = CommandResult::succeeded(QStringLiteral("ran `%1`: exit 0").arg(command.field(QStringLiteral("cmd"))));
        result.stopBatch = true;
        return result;
    }
};

} // namespace

Q_DECLARE_METATYPE(teamai::test::FakeAnswer)

class TestSyncSession : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<TestEnvironment> env;
    std::unique_ptr<FakeNetworkAccessManager> network;
    std::unique_ptr<ManualClock> clock;
    FakeRestrictedHandler restricted;
    std::unique_ptr<SyncEngine> engine;

    SyncOptions options(bool foreground = false) const
    {
        SyncOptions round;
        round.tool = findTool(QStringLiteral("codex"));  // no `--version` probe for codex's report
        round.cwd = env->home();
        round.foreground = foreground;
        return round;
    }

    QList<qint64> ackedIds() const
    {
        QList<qint64> ids;
        for (const FakeRequest &request : network->requests(pathOf(Route::Ack)))
            ids.append(request.json().value(QStringLiteral("id")).toInteger());
        return ids;
    }

    QList<qint64> pendingIds() const
    {
        QList<qint64> ids;
        for (const LedgerCommand &row : engine->ledger().pendingCommands(QStringLiteral("codex")))
            ids.append(row.commandId);
        return ids;
    }

    QList<LedgerCommand> rowsOf(qint64 id) const { return engine->ledger().commandsWithId(id).valueOr({}); }

    int downloads(const QString &slug) const
    {
        return int(network->requests(QStringLiteral("/download/%1.md").arg(slug)).size());
    }

private slots:
    void init()
    {
        env = std::make_unique<TestEnvironment>();
        QVERIFY(QDir().mkpath(env->home() + QStringLiteral("/.codex")));
        network = std::make_unique<FakeNetworkAccessManager>();
        clock = std::make_unique<ManualClock>();
        restricted.handled.clear();
        network->respond("POST", pathOf(Route::Report), ok());
        network->respond("POST", pathOf(Route::Sync), commands({}));
        network->respond("POST", pathOf(Route::Ack), ok());
        network->respond("GET", QStringLiteral("/download/style.md"), FakeAnswer::bytes("# style\n"));

        EngineInputs inputs;
        inputs.config.setEndpoint(kEndpoint);
        inputs.token = QStringLiteral("test-token");
        inputs.network = network.get();
        inputs.clock = clock.get();
        inputs.handlers.restricted = &restricted;
        Result<std::unique_ptr<SyncEngine>> created = SyncEngine::fromSetup(std::move(inputs));
        QVERIFY2(created, qPrintable(created.error()));
        engine = std::move(*created);
        engine->setRequestTimeoutMs(300);  // what a hanging request costs
    }
    void cleanup()
    {
        engine.reset();
        network.reset();
        env.reset();
    }

    void sendsTheTokenAndReportsBeforeTheSync()
    {
        const SyncSummary summary = engine->runOnce(options());
        QVERIFY(summary.reportOk);
        QVERIFY(summary.syncOk);
        QCOMPARE(network->log(), (QStringList{QStringLiteral("POST ") + pathOf(Route::Report), QStringLiteral("POST ") + pathOf(Route::Sync)}));
        const FakeRequest sync = network->requests(pathOf(Route::Sync)).constFirst();
        QCOMPARE(sync.url.toString(), kEndpoint + pathOf(Route::Sync));
        QCOMPARE(sync.header("X-API-Token"), QByteArray("test-token"));
        QCOMPARE(sync.header("Authorization"), QByteArray("Bearer test-token"));
        QCOMPARE(sync.json().value(QStringLiteral("agent_type")).toString(), QStringLiteral("codex"));
        QCOMPARE(sync.json().value(QStringLiteral("local_agent_id")), network->requests(pathOf(Route::Report)).constFirst().json().value(QStringLiteral("local_agent_id")));
    }

    // SPEC §7: acks owed from an earlier round are re-sent before the backend is asked for more.
    void outboxIsSentBeforeTheReportAndTheSync()
    {
        network->enqueue("POST", pathOf(Route::Ack), FakeAnswer::json({{QStringLiteral("error"), QStringLiteral("busy")}}, 503));
        network->enqueue("POST", pathOf(Route::Sync), commands({unsupported(1)}));
        const SyncSummary first = engine->runOnce(options());
        QVERIFY(!first.allAcksDelivered());
        QCOMPARE(engine->ledger().outboxSize().valueOr(-1), 1);

        network->clearRequests();
        SyncOptions again = options();
        again.respectAckBackoff = false;  // as an explicit `teamai sync`
        const SyncSummary second = engine->runOnce(again);
        QCOMPARE(network->log(), (QStringList{QStringLiteral("POST ") + pathOf(Route::Ack), QStringLiteral("POST ") + pathOf(Route::Report),
                                              QStringLiteral("POST ") + pathOf(Route::Sync)}));
        QCOMPARE(second.acksResent, 1);
        QCOMPARE(ackedIds(), (QList<qint64>{1}));
        QCOMPARE(engine->ledger().outboxSize().valueOr(-1), 0);
        QCOMPARE(rowsOf(1).constFirst().ackState, QStringLiteral("delivered"));
        QCOMPARE(rowsOf(1).constFirst().ackAttempts, 2);  // the failed attempt is recorded too
    }

    void reportFailureDoesNotStopTheSync_data()
    {
        QTest::addColumn<FakeAnswer>("report");
        QTest::addColumn<QString>("errorPart");
        QTest::newRow("500") << FakeAnswer::json({{QStringLiteral("error"), QStringLiteral("injected failure")}}, 500)
                             << QStringLiteral("injected failure");
        QTest::newRow("refused") << FakeAnswer::failure() << QStringLiteral("Connection refused");
        QTest::newRow("hangs") << FakeAnswer::hang() << QStringLiteral("timed out");
        QTest::newRow("answers too late") << ok().late(5000) << QStringLiteral("timed out");
    }
    void reportFailureDoesNotStopTheSync()
    {
        QFETCH(FakeAnswer, report);
        QFETCH(QString, errorPart);
        network->respond("POST", pathOf(Route::Report), report);
        network->enqueue("POST", pathOf(Route::Sync), commands({unsupported(60)}));
        const SyncSummary summary = engine->runOnce(options());
        QVERIFY(!summary.reportOk);
        QVERIFY2(summary.reportError.contains(errorPart), qPrintable(summary.reportError));
        QVERIFY(summary.syncOk);
        QCOMPARE(ackedIds(), (QList<qint64>{60}));
        const QJsonObject ack = network->requests(pathOf(Route::Ack)).constFirst().json();
        QCOMPARE(ack.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QCOMPARE(ack.value(QStringLiteral("error")).toString(), QStringLiteral("Unsupported command type: reboot_machine"));
        QCOMPARE(rowsOf(60).constFirst().state, CommandState::Failed);
    }

    void lateAnswerWithinTheTimeoutIsUsed()
    {
        network->enqueue("POST", pathOf(Route::Sync), commands({unsupported(61)}).late(50));
        const SyncSummary summary = engine->runOnce(options());
        QVERIFY(summary.syncOk);
        QCOMPARE(ackedIds(), (QList<qint64>{61}));
    }

    // Batch order (issue 13 item 5): a cmd in a foreground hook waits for the worker, and what
    // comes after it waits behind it, even a quick rule; the worker runs them in their order,
    // and the cmd's success (uninstall_teamai) ends that batch again.
    void deferredCommandKeepsTheRestBehindIt()
    {
        network->enqueue("POST", pathOf(Route::Sync), commands({unsupported(1), uninstallTeamai(2), ruleInstall(3, QStringLiteral("style"))}));
        const SyncSummary hook = engine->runOnce(options(true));
        QCOMPARE(hook.deferred, 2);
        QCOMPARE(ackedIds(), (QList<qint64>{1}));
        QCOMPARE(pendingIds(), (QList<qint64>{2, 3}));
        QVERIFY(restricted.handled.isEmpty());
        QCOMPARE(downloads(QStringLiteral("style")), 0);

        SyncOptions worker = options();
        worker.skipReport = true;
        worker.drainLedger = true;
        const SyncSummary drained = engine->runOnce(worker);
        QCOMPARE(restricted.handled, (QList<qint64>{2}));
        QCOMPARE(drained.deferred, 1);
        QCOMPARE(ackedIds(), (QList<qint64>{1, 2}));
        QVERIFY(rowsOf(3).isEmpty());  // after uninstall_teamai the rest is not kept
        QCOMPARE(downloads(QStringLiteral("style")), 0);

        network->enqueue("POST", pathOf(Route::Sync), commands({ruleInstall(3, QStringLiteral("style"))}));
        engine->runOnce(options());  // the backend sends it again
        QCOMPARE(ackedIds(), (QList<qint64>{1, 2, 3}));
        QVERIFY(QFile::exists(env->home() + QStringLiteral("/.codex/rules/style.md")));
    }

    // Commands decided without running anything (here: an unsupported type) are stored together
    // and acked after, but never out of turn: what a handler runs comes after the acks of the
    // settled commands before it, and the backend hears of every command in the order sent.
    void settledCommandsKeepTheirPlaceInTheBatch()
    {
        network->enqueue("POST", pathOf(Route::Sync), commands({unsupported(1), unsupported(2), ruleInstall(3, QStringLiteral("style")),
                                                                 unsupported(4)}));
        const SyncSummary summary = engine->runOnce(options());
        QCOMPARE(ackedIds(), (QList<qint64>{1, 2, 3, 4}));
        const QString ack = QStringLiteral("POST ") + pathOf(Route::Ack);
        QCOMPARE(network->log().mid(2), (QStringList{ack, ack, QStringLiteral("GET /download/style.md"), ack, ack}));
        QCOMPARE(summary.outcomes.size(), 4);
        for (int i = 0; i < 4; ++i) {
            const CommandOutcome &outcome = summary.outcomes.at(i);
            QCOMPARE(outcome.command.id.value_or(-1), i + 1);
            QVERIFY(outcome.ran);
            QVERIFY(outcome.ackDelivered);
        }
        QVERIFY(summary.allAcksDelivered());
        for (const qint64 id : {1, 2, 4}) {
            const LedgerCommand row = rowsOf(id).value(0);
            QCOMPARE(row.state, CommandState::Failed);
            QCOMPARE(row.delivery, Delivery::NotDelivered);
            QCOMPARE(row.error, QStringLiteral("Unsupported command type: reboot_machine"));
            QCOMPARE(row.runnerPid, QCoreApplication::applicationPid());
            QCOMPARE(row.ackState, QStringLiteral("delivered"));
            QCOMPARE(row.ackAttempts, 1);
        }
        QCOMPARE(rowsOf(3).value(0).state, CommandState::Succeeded);
        QCOMPARE(engine->ledger().outboxSize().valueOr(-1), 0);
    }

    // SPEC §4: after a successful uninstall_teamai nothing else of the batch runs or stays pending.
    void roundStopsAfterUninstallTeamai()
    {
        network->enqueue("POST", pathOf(Route::Sync), commands({unsupported(20), uninstallTeamai(21), unsupported(22), uninstallTeamai(23)}));
        const SyncSummary summary = engine->runOnce(options());
        QCOMPARE(summary.deferred, 2);
        QCOMPARE(restricted.handled, (QList<qint64>{21}));
        QCOMPARE(ackedIds(), (QList<qint64>{20, 21}));
        QCOMPARE(network->requests(pathOf(Route::Ack)).at(1).json().value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        QCOMPARE(rowsOf(21).constFirst().state, CommandState::Succeeded);
        QVERIFY(rowsOf(22).isEmpty());
        QVERIFY(rowsOf(23).isEmpty());
        QVERIFY(pendingIds().isEmpty());
    }

    // The budget is checked between commands on the round's clock: once it has run out, the
    // rest stays pending for the next round, in order, and nothing of it runs now.
    void budgetIsCheckedBetweenCommands()
    {
        network->enqueue("POST", pathOf(Route::Sync), commands({unsupported(1), unsupported(2), ruleInstall(3, QStringLiteral("style"))}));
        network->respond("POST", pathOf(Route::Ack), [this](const FakeRequest &) {
            clock->advance(20000);  // the first command took longer than the whole budget
            return ok();
        });
        SyncOptions hook = options(true);
        hook.deadline = QDeadlineTimer(10000);
        const SyncSummary first = engine->runOnce(hook);
        QCOMPARE(first.deferred, 2);
        QVERIFY(first.leftWork());
        QCOMPARE(ackedIds(), (QList<qint64>{1}));
        QCOMPARE(pendingIds(), (QList<qint64>{2, 3}));
        QCOMPARE(downloads(QStringLiteral("style")), 0);
        QCOMPARE(first.elapsedMs, 20000);  // as the round's clock saw it

        network->respond("POST", pathOf(Route::Ack), ok());
        SyncOptions worker = options();
        worker.skipReport = true;
        worker.drainLedger = true;
        const SyncSummary second = engine->runOnce(worker);
        QCOMPARE(second.deferred, 0);
        QCOMPARE(ackedIds(), (QList<qint64>{1, 2, 3}));
        QCOMPARE(downloads(QStringLiteral("style")), 1);
        QVERIFY(pendingIds().isEmpty());
    }

    // SPEC §7: a command id the backend sends again is never run twice; its recorded result is
    // acknowledged again, since the backend evidently did not get the ack.
    void redeliveredIdRunsOnceAndIsAckedAgain()
    {
        network->respond("POST", pathOf(Route::Sync), commands({ruleInstall(7, QStringLiteral("style"))}));
        const SyncSummary first = engine->runOnce(options());
        QCOMPARE(first.outcomes.size(), 1);
        QVERIFY(first.outcomes.constFirst().ran);
        QCOMPARE(downloads(QStringLiteral("style")), 1);

        // A late report keeps the second sync's stamp strictly after the first ack's delivery.
        network->respond("POST", pathOf(Route::Report), ok().late(5));
        const SyncSummary second = engine->runOnce(options());
        QCOMPARE(second.outcomes.size(), 1);
        QVERIFY(!second.outcomes.constFirst().ran);
        QVERIFY(second.outcomes.constFirst().result.detail.contains(QStringLiteral("not run again")));
        QCOMPARE(downloads(QStringLiteral("style")), 1);
        QCOMPARE(ackedIds(), (QList<qint64>{7, 7}));
        for (const FakeRequest &ack : network->requests(pathOf(Route::Ack)))
            QCOMPARE(ack.json().value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        QCOMPARE(rowsOf(7).size(), 1);
        QCOMPARE(rowsOf(7).constFirst().state, CommandState::Succeeded);
    }
};

QTEST_GUILESS_MAIN(TestSyncSession)
#include "tst_syncsession.moc"
