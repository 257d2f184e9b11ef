// Issue 13 item 4: hooks respect the agent's timeout whatever the backend does. With one route
// stalled, every event's hook exits within the 10 s hook timeout `teamai init` writes, and the
// work it could not finish is completed by the detached worker (the ack arrives). Since issue 14
// item 7 post-tool-use and stop send nothing themselves: the stall meets their worker, which
// gives a stalled sync or ack one more round.

#include "AgentFixture.h"
#include "DataTable.h"

#include <QtTest>

using namespace teamai::test;

class TestHookBudgetE2e : public QObject
{
    Q_OBJECT
private slots:
    // Every event (session-start, prompt-submit, post-tool-use, stop) with each route (report,
    // sync, ack) stalled.
    void stalledRouteNeverHoldsAHook_data() { loadTable(); }
    void stalledRouteNeverHoldsAHook()
    {
        QFETCH(QString, event);
        QFETCH(QString, route);
        AgentFixture f;
        QVERIFY(f.ready());
        const qint64 id = 801;
        f.server().queue(QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("reboot_machine")}});
        // The first request on the route hangs for 60 s and is then dropped unanswered; later ones
        // (the worker's) are answered normally.
        f.server().setFault(QJsonObject{{QStringLiteral("route"), route}, {QStringLiteral("delayMs"), 60000},
                                        {QStringLiteral("drop"), true}, {QStringLiteral("times"), 1}});

        // A correctness bound, not a timing measurement: the agent kills a hook after 10 s.
        const TeamaiRun run = runTeamai({QStringLiteral("--hook"), event, QStringLiteral("--tool"), QStringLiteral("claude")},
                                        {}, {}, 10000);
        QVERIFY2(run.finished, "the hook outlived the hook timeout `teamai init` writes (10 s)");
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.isEmpty());

        // What the hook could not finish, the worker did: the command is acknowledged, once.
        const QJsonObject ack = f.waitForAck(id, 60000);
        QCOMPARE(ack.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QVERIFY(f.waitForWorkers(60000));
        // The stall really hit this round: its one use is spent, and the route's first request
        // (the hook's, or for post-tool-use and stop the worker's) was never answered.
        QVERIFY(f.server().call("GET", QStringLiteral("/admin/faults")).array().isEmpty());
        const QJsonArray onRoute = f.server().requests(route);
        QVERIFY(!onRoute.isEmpty());
        QCOMPARE(onRoute.first().toObject().value(QStringLiteral("status")).toInt(), 0);  // null (pending) or 0 (dropped)
        int acks = 0;
        for (const QJsonValue &value : f.server().acks())
            acks += value.toObject().value(QStringLiteral("id")).toInteger() == id ? 1 : 0;
        QCOMPARE(acks, 1);
    }
};

QTEST_GUILESS_MAIN(TestHookBudgetE2e)
#include "tst_hook_budget_e2e.moc"
