// Issue #13 item 5: a batch keeps its order. Once one command of a batch is deferred (a pushed
// `cmd` in a foreground hook goes to the worker), the rest waits behind it; and after a
// successful uninstall_teamai the rest is not kept in the ledger: it runs only when the backend
// sends it again (SPEC §4).

#include "AgentTestCase.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QtTest>

using namespace teamai::test;

namespace {

QList<qint64> ackOrder(const QJsonArray &acks)
{
    QList<qint64> ids;
    for (const QJsonValue &ack : acks)
        ids.append(ack.toObject().value(QStringLiteral("id")).toInteger());
    return ids;
}

} // namespace

class TestBatchOrderEndToEnd : public AgentTestCase
{
    Q_OBJECT
private:
    QString rulePath(const QString &slug) const { return f->env().home() + QStringLiteral("/.claude/rules/%1.md").arg(slug); }

private slots:
    // [unsupported, cmd, rule] in session-start: the first is quick and runs in the hook; the cmd
    // goes to the worker, and the rule waits behind it instead of running first (it used to run
    // in the hook, before the cmd).
    void deferredCommandKeepsTheRestBehindIt()
    {
        f->server().queue(QJsonArray{unsupportedCommand(1), restrictedCommand(2, QStringLiteral("teamai --version"), QStringLiteral("cmd")),
                                     installRule(3, QStringLiteral("style"), url(QStringLiteral("/download/rule/style.md")))});
        const TeamaiRun hook = runTeamai({QStringLiteral("--hook"), QStringLiteral("session-start"), QStringLiteral("--tool"), QStringLiteral("claude")},
                                         QByteArray("{}"));
        QCOMPARE(hook.exitCode, 0);
        QVERIFY(f->waitForWorkers());
        // The worker ran the cmd; as an uninstall_teamai alias its success ends that batch, so
        // the rule comes with the next sync — after it, never before.
        QTRY_VERIFY_WITH_TIMEOUT(f->server().acks().size() >= 2, 20000);
        QCOMPARE(ackOrder(f->server().acks()).mid(0, 2), (QList<qint64>{1, 2}));
        f->syncJson();
        QCOMPARE(ackOrder(f->server().acks()), (QList<qint64>{1, 2, 3}));
        QVERIFY(QFile::exists(rulePath(QStringLiteral("style"))));
    }

    // uninstall_teamai succeeded: the rest of that batch is neither run nor kept pending (the
    // worker and `teamai sync` drain pending rows); the next sync, which the backend answers with
    // it again, runs it.
    void restAfterUninstallWaitsForTheBackendToSendItAgain()
    {
        f->server().queue(QJsonArray{restrictedCommand(10, QStringLiteral("teamai --version")),
                                     installRule(11, QStringLiteral("after"), url(QStringLiteral("/download/rule/after.md")))});
        const QJsonObject first = f->syncJson();
        QCOMPARE(AgentFixture::commandIn(first, 10).value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
        QVERIFY(!QFile::exists(rulePath(QStringLiteral("after"))));
        QVERIFY(historyRow(11).isEmpty());  // not pending in the ledger: nothing would drain it
        QCOMPARE(ackOrder(f->server().acks()), (QList<qint64>{10}));

        f->syncJson();  // the backend sends 11 again
        QCOMPARE(ackOrder(f->server().acks()), (QList<qint64>{10, 11}));
        QVERIFY(QFile::exists(rulePath(QStringLiteral("after"))));
    }
};

QTEST_GUILESS_MAIN(TestBatchOrderEndToEnd)
#include "tst_batch_order_e2e.moc"
