#include "commands/Command.h"
#include "store/CommandLedger.h"
#include "store/LedgerDatabase.h"
#include "store/LedgerRetention.h"
#include "store/SqliteQuery.h"

#include "TestCases.h"
#include "TestEnvironment.h"

#include <QtTest>

using namespace teamai;

namespace {

constexpr qint64 kDayMs = 24LL * 60 * 60 * 1000;
const QString kAgent = QStringLiteral("claude");

QJsonObject ackPayload(qint64 id)
{
    return QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("noop")},
                       {QStringLiteral("status"), QStringLiteral("failed")}, {QStringLiteral("error"), QStringLiteral("no")}};
}

} // namespace

/// Retention never needs a real clock: rows are given old timestamps and prune() gets "now".
class TestLedgerRetention : public teamai::test::LedgerTestCase
{
    Q_OBJECT
private:
    QDateTime m_now = QDateTime::currentDateTimeUtc();

    enum class Fate { Pending, Running, FinishedAckDelivered, FinishedAckQueued, Skipped };

    // A command received (and, when finished, finished) @p ageDays before m_now.
    qint64 add(qint64 id, double ageDays, Fate fate)
    {
        const Command command = Command::fromJson(QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("noop")}});
        const qint64 rowId = ledger->admit(command, kAgent, QStringLiteral("agent")).row.rowId;
        if (fate != Fate::Pending) {
            ledger->claim(rowId, ProcessIdentity::current());
            if (fate != Fate::Running) {
                CommandCompletion c;
                c.state = fate == Fate::Skipped ? CommandState::Skipped : CommandState::Failed;
                if (fate != Fate::Skipped)
                    c.ackPayload = ackPayload(id);
                (void)ledger->complete(rowId, c);  // the rows it leaves are what the tests count
                for (const OutboxAck &ack : ledger->dueAcks(false)) {
                    if (ack.commandRow == rowId)
                        ledger->recordAckAttempt(ack, fate == Fate::FinishedAckDelivered ? 200 : 0, QString(),
                                                   fate == Fate::FinishedAckDelivered);
                }
            }
        }
        const qint64 at = m_now.toMSecsSinceEpoch() - qint64(ageDays * double(kDayMs));
        SqliteQuery q(database->db());
        // Received and finished at `at` (schema 4 keeps the finish as an offset from the receipt).
        (void)q.prepare(QStringLiteral("UPDATE commands SET received_at = ?, finished_after = CASE WHEN finished_after IS NULL THEN NULL ELSE 0 END WHERE row_id = ?"));
        q.addBindValue(at);
        q.addBindValue(rowId);
        [&] {
            const Status updated = q.exec();
            QVERIFY2(updated, qPrintable(updated.error()));
        }();
        return rowId;
    }

    qint64 count(const QString &table)
    {
        SqliteQuery q(database->db());
        if (!q.exec(QStringLiteral("SELECT COUNT(*) FROM ") + table) || !q.next())
            return -1;
        return q.value(0).toLongLong();
    }

    bool exists(qint64 rowId) { return ledger->command(rowId).has_value(); }

private slots:
    void prunesFinishedRowsOlderThanTheAge()
    {
        const qint64 old = add(1, 91, Fate::FinishedAckDelivered);
        const qint64 oldSkipped = add(2, 200, Fate::Skipped);
        const qint64 recent = add(3, 89, Fate::FinishedAckDelivered);
        QCOMPARE(count(QStringLiteral("ack_attempts")), 2);

        const LedgerRetention::Pruned result = LedgerRetention(*database).prune(RetentionPolicy{}, m_now);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(result.pruned, 2);
        QVERIFY(!exists(old));
        QVERIFY(!exists(oldSkipped));
        QVERIFY(exists(recent));
        // Its acks and attempts went with it.
        QCOMPARE(count(QStringLiteral("acks")), 1);
        QCOMPARE(count(QStringLiteral("ack_attempts")), 1);
    }

    void neverPrunesOpenPromises()
    {
        const qint64 pending = add(1, 400, Fate::Pending);
        const qint64 running = add(2, 400, Fate::Running);
        const qint64 unsent = add(3, 400, Fate::FinishedAckQueued);
        const LedgerRetention::Pruned result = LedgerRetention(*database).prune(RetentionPolicy{1, 100}, m_now);
        QVERIFY(result.error.isEmpty());
        QCOMPARE(result.pruned, 0);
        QVERIFY(exists(pending));
        QVERIFY(exists(running));
        QVERIFY(exists(unsent));
        QCOMPARE(ledger->outboxSize().valueOr(-1), 1);
    }

    void rowCapPrunesTheOldestFinishedFirst()
    {
        // 150 commands received 2.4 hours apart; the 10 oldest are pending and must stay.
        QList<qint64> rows;
        for (int i = 0; i < 150; ++i)
            rows.append(add(i + 1, 60.0 - i * 0.1, i < 10 ? Fate::Pending : Fate::FinishedAckDelivered));
        RetentionPolicy policy;
        policy.maxCommands = 100;
        const LedgerRetention::Pruned result = LedgerRetention(*database).prune(policy, m_now);
        QVERIFY(result.error.isEmpty());
        QCOMPARE(result.pruned, 50);
        QCOMPARE(count(QStringLiteral("commands")), 100);
        for (int i = 0; i < 10; ++i)
            QVERIFY(exists(rows.at(i)));       // pending, however old
        for (int i = 10; i < 60; ++i)
            QVERIFY(!exists(rows.at(i)));      // the oldest finished
        for (int i = 60; i < 150; ++i)
            QVERIFY(exists(rows.at(i)));
        // Children went before parents: nothing dangles, and the connection checks keys again.
        SqliteQuery check(database->db());
        QVERIFY(check.exec(QStringLiteral("PRAGMA foreign_key_check")));
        QVERIFY(!check.next());
        SqliteQuery keys(database->db());
        QVERIFY(keys.exec(QStringLiteral("PRAGMA foreign_keys")) && keys.next());
        QCOMPARE(keys.value(0).toInt(), 1);
    }

    void pruneIsDueOncePerDayWhenThereIsWork()
    {
        LedgerRetention retention(*database);
        const RetentionPolicy policy;
        QVERIFY(!retention.isDue(policy, m_now));  // an empty ledger has nothing to prune
        add(1, 10, Fate::FinishedAckDelivered);
        add(2, 100, Fate::Pending);
        QVERIFY(!retention.isDue(policy, m_now));  // old, but pending
        add(3, 100, Fate::FinishedAckDelivered);
        QVERIFY(retention.isDue(policy, m_now));
        RetentionPolicy small;
        small.maxAgeDays = 1000;
        small.maxCommands = 2;
        QVERIFY(retention.isDue(small, m_now));     // over the row cap
        (void)retention.prune(policy, m_now);
        add(4, 100, Fate::FinishedAckDelivered);
        QVERIFY(!retention.isDue(policy, m_now.addSecs(3600)));
        QVERIFY(retention.isDue(policy, m_now.addDays(1).addSecs(1)));
        QVERIFY(retention.isDue(policy, m_now.addDays(-2)));  // a clock set back does not stop pruning
    }
};

QTEST_GUILESS_MAIN(TestLedgerRetention)
#include "tst_ledgerretention.moc"
