// Issue #13 item 7: a sync's exit status tells the truth about its own round, also while other
// agent processes sync at the same time, and says why when it is not 0.

#include "AgentTestCase.h"

#include <QJsonDocument>
#include <QProcess>
#include <QtTest>

using namespace teamai::test;

class TestConcurrencyEndToEnd : public AgentTestCase
{
    Q_OBJECT
private slots:
    // Four syncs at once: each one's acks arrive, so each exits 0 — even though the others' acks
    // sit in the shared outbox while it finishes.
    void concurrentSyncsEachReportTheirOwnRound()
    {
        for (int round = 0; round < 3; ++round) {
            QJsonArray commands;
            for (qint64 id = 0; id < 40; ++id)
                commands.append(unsupportedCommand(1000 * (round + 1) + id));
            f->server().queue(commands);
            QList<QProcess *> syncs;
            for (int i = 0; i < 4; ++i)
                syncs.append(startTeamai(syncArguments(), this));
            for (QProcess *sync : syncs) {
                QVERIFY(sync->waitForFinished(60000));
                const QJsonObject result = QJsonDocument::fromJson(sync->readAllStandardOutput()).object();
                QVERIFY2(sync->exitCode() == 0, QJsonDocument(result.value(QStringLiteral("problems")).toArray()).toJson().constData());
                QCOMPARE(result.value(QStringLiteral("ok")).toBool(), true);
                QVERIFY(result.value(QStringLiteral("problems")).toArray().isEmpty());
                delete sync;
            }
        }
        QSet<qint64> acked;
        for (const QJsonValue &ack : f->server().acks())
            acked.insert(ack.toObject().value(QStringLiteral("id")).toInteger());
        QCOMPARE(acked.size(), 120);
    }

    // A round whose own ack is refused exits 1 and names the reason.
    void failedAckIsTheNamedReason()
    {
        f->server().queue(unsupportedCommand(7));
        f->server().setFault({{QStringLiteral("route"), QStringLiteral("ack")}, {QStringLiteral("status"), 503}});
        const TeamaiRun run = runTeamai(syncArguments());
        QCOMPARE(run.exitCode, 1);
        const QJsonObject result = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(result.value(QStringLiteral("ok")).toBool(), false);
        const QJsonArray problems = result.value(QStringLiteral("problems")).toArray();
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems.at(0).toString().startsWith(QStringLiteral("the acknowledgement of command 7 was not delivered")),
                 qPrintable(problems.at(0).toString()));

        // The next run re-sends it from the outbox; still refused: that is its problem too.
        const QJsonObject again = QJsonDocument::fromJson(runTeamai(syncArguments()).out).object();
        QVERIFY(again.value(QStringLiteral("problems")).toArray().at(0).toString().startsWith(
            QStringLiteral("a queued acknowledgement could not be re-sent")));
        f->server().clearFaults();
        QCOMPARE(runTeamai(syncArguments()).exitCode, 0);
        QCOMPARE(f->ackFor(7).value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
    }

    // Issue 16 item 8: a hook's detached worker and syncs started meanwhile all receive the same
    // commands before any ack arrives. Each command runs once and the backend gets one ack per
    // command: a process that finds a command finished by another one in its round leaves the
    // ack to that process instead of sending it a second time.
    void workerAndConcurrentSyncsAckEachCommandOnce()
    {
        QHash<qint64, int> expected;
        for (int round = 0; round < 3; ++round) {
            QJsonArray commands;
            for (qint64 id = 0; id < 30; ++id) {
                commands.append(unsupportedCommand(5000 + 100 * round + id));
                expected.insert(5000 + 100 * round + id, 1);
            }
            f->server().queue(commands);
            QList<QProcess *> runs{startTeamai(hookArguments(QStringLiteral("stop")), this, "{}")};
            for (int i = 0; i < 3; ++i)
                runs.append(startTeamai(syncArguments(), this));
            QVERIFY(allExitedZero(runs));
            QVERIFY(f->waitForWorkers());
        }
        QHash<qint64, int> received;
        for (const QJsonValue &ack : f->server().acks())
            ++received[ack.toObject().value(QStringLiteral("id")).toInteger()];
        QStringList duplicates;
        for (auto it = received.cbegin(); it != received.cend(); ++it) {
            if (it.value() != 1)
                duplicates << QStringLiteral("%1 (%2 acks)").arg(it.key()).arg(it.value());
        }
        QVERIFY2(duplicates.isEmpty(), qPrintable(QStringLiteral("acked more than once: ") + duplicates.join(u", ")));
        QCOMPARE(received.size(), expected.size());
    }
};

QTEST_GUILESS_MAIN(TestConcurrencyEndToEnd)
#include "tst_concurrency_e2e.moc"
