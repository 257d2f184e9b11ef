#include "commands/Command.h"
#include "store/CommandLedger.h"
#include "store/FinishedIds.h"
#include "store/SqliteQuery.h"
#include "store/LedgerDatabase.h"
#include "store/ProcessIdentity.h"
#include "sync/RunRecordOf.h"
#include "util/TextCap.h"

#include "LedgerFixture.h"
#include "OldLedger.h"
#include "TestCases.h"
#include "TestEnvironment.h"

#include <QJsonDocument>
#include <QProcess>
#include <QtTest>

#include <array>
#include <future>

using namespace teamai;
using teamai::test::ackIdOf;

namespace {

Command command(qint64 id, const QString &type = QStringLiteral("uninstall_teamai"))
{
    return Command::fromJson(QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("type"), type},
                                         {QStringLiteral("cmd"), QStringLiteral("teamai --version")}});
}

QJsonObject ackPayload(qint64 id, bool ok, const QString &error = {})
{
    return QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("uninstall_teamai")},
                       {QStringLiteral("status"), ok ? QStringLiteral("success") : QStringLiteral("failed")},
                       {QStringLiteral("error"), error}};
}

CommandCompletion succeeded(qint64 id)
{
    CommandCompletion c;
    c.state = CommandState::Succeeded;
    c.delivery = Delivery::Delivered;
    c.ackPayload = ackPayload(id, true);
    return c;
}

// The completion of a run that failed as @p result says.
CommandCompletion failedRun(const exec::ExecResult &result)
{
    CommandCompletion c;
    c.state = CommandState::Failed;
    c.delivery = Delivery::Delivered;
    c.run = runRecordOf(result);
    return c;
}

// The mixed ledger of fillMixedLedger(): 30 commands for two agents, two types, three states.
QString mixedAgent(qint64 id) { return id % 3 ? QStringLiteral("claude") : QStringLiteral("codex"); }
QString mixedType(qint64 id) { return id % 2 ? QStringLiteral("install_skill") : QStringLiteral("uninstall_teamai"); }
QString mixedState(qint64 id)
{
    return id % 5 == 0 ? QStringLiteral("failed") : id % 5 == 1 ? QStringLiteral("succeeded") : QStringLiteral("pending");
}

} // namespace

class TestCommandLedger : public teamai::test::LedgerTestCase
{
    Q_OBJECT
private:
    void fillMixedLedger()
    {
        for (qint64 id = 1; id <= 30; ++id) {
            const auto admitted = ledger->admit(command(id, mixedType(id)), mixedAgent(id), {});
            if (mixedState(id) == QLatin1String("pending"))
                continue;
            QVERIFY(ledger->claim(admitted.row.rowId, ProcessIdentity::current()));
            CommandCompletion done = succeeded(id);
            if (mixedState(id) == QLatin1String("failed"))
                done.state = CommandState::Failed;
            QVERIFY(ackIdOf(ledger->complete(admitted.row.rowId, done)) > 0);
        }
    }

    // Admits command @p id for claude and claims it for this process: its row (0 when the claim failed).
    qint64 claimed(qint64 id)
    {
        const qint64 rowId = ledger->admit(command(id), QStringLiteral("claude"), {}).row.rowId;
        return ledger->claim(rowId, ProcessIdentity::current()) ? rowId : 0;
    }

    // Command @p id admitted as an unsupported type, and its settlement: refused, never run.
    CommandLedger::Settlement refusedAsUnsupported(qint64 id)
    {
        const auto admitted = ledger->admit(command(id, QStringLiteral("reboot_machine")), QStringLiteral("claude"), {});
        CommandCompletion refused;
        refused.state = CommandState::Failed;
        refused.delivery = Delivery::NotDelivered;
        refused.error = QStringLiteral("Unsupported command type: reboot_machine");
        refused.ackPayload = ackPayload(id, false, refused.error);
        return {admitted.row.rowId, refused};
    }

    // Settles command @p id as @p runner would, refused as unsupported: its ack's id (0 on failure).
    qint64 ackSettledBy(qint64 id, const ProcessIdentity &runner)
    {
        const auto settled = ledger->settleAll({refusedAsUnsupported(id)}, runner);
        return settled && !settled->isEmpty() && settled->first().ack ? settled->first().ack->ackId : 0;
    }

    // Closes the ledger, rewrites it as schema @p version left it and opens it again (migrating it).
    void reopenAs(int version)
    {
        const QString path = database->path();
        closeLedger();
        const Status rewritten = test::rewriteAsOldLedger(path, version);
        QVERIFY2(rewritten, qPrintable(rewritten.error()));
        openLedger();
    }

    void setNextAttempt(qint64 commandId, qint64 atMs)
    {
        SqliteQuery q(database->db());
        QVERIFY(q.prepare(QStringLiteral("UPDATE acks SET next_attempt_after = ? - created_at WHERE command_row IN "
                                         "(SELECT row_id FROM commands WHERE command_id = ?) AND delivered_after IS NULL")));
        q.addBindValue(atMs);
        q.addBindValue(commandId);
        QVERIFY(q.exec());
        QCOMPARE(q.numRowsAffected(), 1);
    }

private slots:
    void storedPrivatelyWithWal()
    {
        QCOMPARE(QFileInfo(database->path()).permissions() & (QFile::ReadGroup | QFile::ReadOther), QFile::Permissions());
        SqliteQuery q(database->db());
        QVERIFY(q.exec(QStringLiteral("PRAGMA journal_mode")) && q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("wal"));
        QVERIFY(q.exec(QStringLiteral("PRAGMA user_version")) && q.next());
        QCOMPARE(q.value(0).toInt(), LedgerDatabase::kSchemaVersion);
    }

    void version1LedgerGetsTheQueryIndexes()
    {
        // A ledger as schema 1 left it: its tables and rows, none of the later indexes.
        ledger->admit(command(5), QStringLiteral("claude"), {});
        reopenAs(1);
        openLedger();  // opened once more
        SqliteQuery q(database->db());
        QVERIFY(q.exec(QStringLiteral("PRAGMA user_version")) && q.next());
        QCOMPARE(q.value(0).toInt(), LedgerDatabase::kSchemaVersion);
        // Schema 4: the id's index and the one every filter merges (version 3 had nine).
        QVERIFY(q.exec(QStringLiteral("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name LIKE 'commands_by_%'")) && q.next());
        QCOMPARE(q.value(0).toInt(), 2);
        QCOMPARE(ledger->commandsWithId(5).valueOr({}).size(), 1);  // the rows stayed
        // An id lookup without an agent is an index seek, not a scan of the table.
        QVERIFY(q.exec(QStringLiteral("EXPLAIN QUERY PLAN SELECT * FROM commands WHERE command_id = 5")) && q.next());
        QVERIFY2(q.value(3).toString().contains(QStringLiteral("commands_by_id")), qPrintable(q.value(3).toString()));
    }

    void version2LedgerGetsTheStateTypeIndexesWithTheSameRows()
    {
        fillMixedLedger();
        const QList<std::array<QString, 3>> filters{{QStringLiteral("failed"), QStringLiteral("install_skill"), QStringLiteral("claude")},
                                                    {QStringLiteral("succeeded"), QStringLiteral("uninstall_teamai"), QString()},
                                                    {QStringLiteral("pending"), QStringLiteral("install_skill"), QStringLiteral("codex")},
                                                    {QStringLiteral("failed"), QStringLiteral("cmd"), QStringLiteral("claude")}};
        const auto idsOf = [this](const std::array<QString, 3> &f) {
            HistoryFilter filter;
            filter.state = f[0];
            filter.type = f[1];
            filter.agentType = f[2];
            QList<qint64> ids;
            for (const LedgerCommand &row : ledger->history(filter).valueOr({}))
                ids << row.commandId;
            return ids;
        };
        const auto expectedOf = [&](const std::array<QString, 3> &f) {
            QList<qint64> ids;
            for (qint64 id = 30; id >= 1; --id)  // newest first: received in id order
                if (mixedState(id) == f[0] && mixedType(id) == f[1] && (f[2].isEmpty() || mixedAgent(id) == f[2]))
                    ids << id;
            return ids;
        };
        QList<QList<qint64>> before;
        for (const auto &f : filters) {
            before << idsOf(f);
            QCOMPARE(before.last(), expectedOf(f));
        }
        QCOMPARE(before.first(), (QList<qint64>{25, 5}));
        // As schema 2 left it, then migrated (through 3) to 4 on open.
        reopenAs(2);
        SqliteQuery q(database->db());
        QVERIFY(q.exec(QStringLiteral("PRAGMA user_version")) && q.next());
        QCOMPARE(q.value(0).toInt(), LedgerDatabase::kSchemaVersion);
        for (qsizetype i = 0; i < filters.size(); ++i)
            QCOMPARE(idsOf(filters.at(i)), before.at(i));
        // And the filters are index ranges, one per (state, type, agent) group they match.
        const QString shape = QStringLiteral("EXPLAIN QUERY PLAN SELECT row_id FROM commands WHERE state = 0 AND type = "
                                             "(SELECT name_id FROM names WHERE name = 'cmd') AND agent = (SELECT name_id FROM names WHERE name = 'claude') "
                                             "ORDER BY received_at DESC, row_id DESC LIMIT 50");
        QVERIFY(q.exec(shape));
        QString plan;
        while (q.next())
            plan += q.value(3).toString() + u'\n';
        QVERIFY2(plan.contains(QStringLiteral("commands_by_group")) && !plan.contains(QStringLiteral("TEMP B-TREE")), qPrintable(plan));
    }

    void admitThenClaimOnce()
    {
        const auto first = ledger->admit(command(1), QStringLiteral("claude"), QStringLiteral("agent"));
        QCOMPARE(first.admission, CommandLedger::Admission::New);
        QCOMPARE(first.row.state, CommandState::Pending);
        QCOMPARE(first.row.delivery, Delivery::NotDelivered);
        QCOMPARE(ledger->admit(command(1), QStringLiteral("claude"), {}).admission, CommandLedger::Admission::Pending);
        // The same id for another agent is another command.
        QCOMPARE(ledger->admit(command(1), QStringLiteral("codex"), {}).admission, CommandLedger::Admission::New);

        QVERIFY(ledger->claim(first.row.rowId, ProcessIdentity::current()));
        QVERIFY2(!ledger->claim(first.row.rowId, ProcessIdentity::current()), "a claim is taken once");
        QCOMPARE(ledger->admit(command(1), QStringLiteral("claude"), {}).admission, CommandLedger::Admission::Running);

        QVERIFY(ackIdOf(ledger->complete(first.row.rowId, succeeded(1))) > 0);
        const auto again = ledger->admit(command(1), QStringLiteral("claude"), {});
        QCOMPARE(again.admission, CommandLedger::Admission::Finished);
        QCOMPARE(again.row.state, CommandState::Succeeded);
        QCOMPARE(again.row.delivery, Delivery::Delivered);
        QVERIFY(!ledger->claim(first.row.rowId, ProcessIdentity::current()));
    }

    void claimsRaceAcrossConnections()
    {
        const auto admitted = ledger->admit(command(2), QStringLiteral("claude"), {});
        // Eight threads, each with its own connection, race for the same claim.
        std::vector<std::future<bool>> racers;
        for (int i = 0; i < 8; ++i) {
            racers.push_back(std::async(std::launch::async, [rowId = admitted.row.rowId] {
                LedgerDatabase db;
                if (!db.open())
                    return false;
                CommandLedger racer(db);
                return racer.claim(rowId, ProcessIdentity::current());
            }));
        }
        int winners = 0;
        for (auto &racer : racers)
            winners += racer.get() ? 1 : 0;
        QCOMPARE(winners, 1);
    }

    void resultAndAckAreStoredTogether()
    {
        const qint64 rowId = claimed(3);
        QVERIFY(rowId > 0);
        exec::ExecResult result;
        result.exitCode = 3;
        result.err.text = "boom\n";
        CommandCompletion c = failedRun(result);
        c.error = QStringLiteral("cmd failed: boom");
        c.ackPayload = ackPayload(3, false, c.error);
        const qint64 ackId = ackIdOf(ledger->complete(rowId, c));
        QVERIFY(ackId > 0);
        const auto row = ledger->command(rowId);
        QVERIFY(row);
        QCOMPARE(row->state, CommandState::Failed);
        QCOMPARE(row->exitCode.value_or(-1), 3);
        QCOMPARE(row->stderrTail, QByteArray("boom\n"));
        QCOMPARE(row->ackState, QStringLiteral("queued"));
        const QList<OutboxAck> due = ledger->dueAcks(true);
        QCOMPARE(due.size(), 1);
        QCOMPARE(due.first().ackId, ackId);
        QCOMPARE(due.first().payload.value(QStringLiteral("error")).toString(), QStringLiteral("cmd failed: boom"));
    }

    void signalIsStoredWithItsShellStatus()
    {
        const qint64 rowId = claimed(4);
        QVERIFY(rowId > 0);
        exec::ExecResult result;
        result.signal = 15;
        result.cancelled = true;
        QVERIFY(ledger->complete(rowId, failedRun(result)));
        const auto row = ledger->command(rowId);
        QVERIFY(row);
        QCOMPARE(row->state, CommandState::Failed);
        QCOMPARE(row->signal.value_or(-1), 15);
        QCOMPARE(row->exitCode.value_or(-1), 143);
        QVERIFY(row->cancelled);
    }

    void completeReturnsTheAckAsStored()
    {
        const qint64 rowId = claimed(30);
        QVERIFY(rowId > 0);
        const std::optional<OutboxAck> ack = ledger->complete(rowId, succeeded(30)).valueOr(std::nullopt);
        QVERIFY(ack);
        const QList<OutboxAck> due = ledger->dueAcks(false);
        QCOMPARE(due.size(), 1);
        QCOMPARE(ack->ackId, due.first().ackId);
        QCOMPARE(ack->commandRow, rowId);
        QCOMPARE(ack->commandId, 30);
        QCOMPARE(ack->agentType, QStringLiteral("claude"));
        QCOMPARE(ack->commandState, QStringLiteral("succeeded"));
        QCOMPARE(ack->payload, due.first().payload);
        QCOMPARE(ack->attempts, 0);
        // Without an ack payload nothing is queued, and nothing is returned.
        const auto quiet = ledger->admit(command(31), QStringLiteral("claude"), {});
        QVERIFY(ledger->claim(quiet.row.rowId, ProcessIdentity::current()));
        CommandCompletion skipped;
        skipped.state = CommandState::Skipped;
        const auto stored = ledger->complete(quiet.row.rowId, skipped);
        QVERIFY2(stored, qPrintable(stored.error()));  // stored,
        QVERIFY(!*stored);                             // and no ack
        QCOMPARE(ledger->command(quiet.row.rowId)->state, CommandState::Skipped);
        QVERIFY(!ledger->requeueAck(quiet.row.rowId));
    }

    // Results decided without running anything are stored in one transaction: the claim's
    // `pending` condition, the runner and the result in one statement each, their acks, and one
    // finished-ids write. A row another process claimed first stays its own, without an ack from us.
    void settledResultsAreStoredTogetherAndLeaveClaimedRowsAlone()
    {
        QList<CommandLedger::Settlement> settlements;
        qint64 taken = 0;
        for (qint64 id : {40, 41, 42}) {
            settlements.append(refusedAsUnsupported(id));
            if (id == 41)
                taken = settlements.last().rowId;
        }
        const ProcessIdentity other{ProcessIdentity::current().pid + 1, QStringLiteral("1")};
        QVERIFY(ledger->claim(taken, other));  // another process got there first

        const Result<QList<CommandLedger::Settled>> settled = ledger->settleAll(settlements, ProcessIdentity::current());
        QVERIFY2(settled, qPrintable(settled.error()));
        QCOMPARE(settled->size(), 3);
        QVERIFY(settled->at(0).stored && settled->at(0).ack);
        QVERIFY(!settled->at(1).stored && !settled->at(1).ack);
        QVERIFY(settled->at(2).stored && settled->at(2).ack);
        QCOMPARE(settled->at(2).ack->payload.value(QStringLiteral("error")).toString(), QStringLiteral("Unsupported command type: reboot_machine"));

        for (const qint64 id : {40, 42}) {
            const LedgerCommand row = ledger->commandsWithId(id).valueOr({}).value(0);
            QCOMPARE(row.state, CommandState::Failed);
            QCOMPARE(row.delivery, Delivery::NotDelivered);
            QCOMPARE(row.runnerPid, ProcessIdentity::current().pid);  // as a claim records it
            QVERIFY(row.startedAt.isValid() && row.finishedAt.isValid());
            QCOMPARE(row.ackState, QStringLiteral("queued"));
        }
        const LedgerCommand claimed = *ledger->command(taken);
        QCOMPARE(claimed.state, CommandState::Running);
        QCOMPARE(claimed.runnerPid, other.pid);
        QCOMPARE(claimed.ackState, QString());

        QList<qint64> recorded;
        for (const finishedids::Entry &entry : finishedids::readAll(finishedids::pathFor(database->path())))
            recorded.append(entry.id);
        QCOMPARE(recorded, (QList<qint64>{40, 42}));

        // Their attempts go in one transaction too.
        const QList<OutboxAck> due = ledger->dueAcks(false);
        QCOMPARE(due.size(), 2);
        ledger->recordAckAttempts({{due.at(0), 200, {}, true}, {due.at(1), 503, QStringLiteral("Service Unavailable"), false}});
        QCOMPARE(ledger->outboxSize().valueOr(-1), 1);
        QCOMPARE(ledger->dueAcks(false).value(0).commandId, 42);
        QCOMPARE(ledger->dueAcks(false).value(0).attempts, 1);
    }

    void outboxKeepsOrderAndBacksOff()
    {
        QList<qint64> ackIds;
        for (qint64 id : {10, 11, 12}) {
            const qint64 rowId = claimed(id);
            QVERIFY(rowId > 0);
            ackIds.append(ackIdOf(ledger->complete(rowId, succeeded(id))));
        }
        QList<OutboxAck> due = ledger->dueAcks(true);
        QCOMPARE(due.size(), 3);
        QCOMPARE(due.at(0).commandId, 10);  // oldest first
        QCOMPARE(due.at(2).commandId, 12);

        ledger->recordAckAttempt(due.at(0), 503, QStringLiteral("Service Unavailable"), false);
        QVERIFY(ledger->dueAcks(true).isEmpty());  // the oldest waits for its backoff, and the rest behind it
        QCOMPARE(ledger->dueAcks(false).size(), 3);  // an explicit sync retries everything
        QCOMPARE(ledger->outboxSize().valueOr(-1), 3);

        ledger->recordAckAttempt(ledger->dueAcks(false).at(0), 200, {}, true);
        QCOMPARE(ledger->outboxSize().valueOr(-1), 2);
        SqliteQuery q(database->db());
        QVERIFY(q.exec(QStringLiteral("SELECT COUNT(*), SUM(delivered) FROM ack_attempts WHERE command_id = 10")) && q.next());
        QCOMPARE(q.value(0).toInt(), 2);  // every attempt is recorded, failed or not
        QCOMPARE(q.value(1).toInt(), 1);
    }

    // Issue #13 item 6: per-ack jitter let a newer ack fall due before an older one, so the acks
    // of an outage went out as [121, 122, 120, 124, 123]. The queue now waits for its oldest.
    void outboxNeverSendsNewerBeforeOlder()
    {
        for (qint64 id = 120; id < 125; ++id) {
            const qint64 rowId = claimed(id);
            QVERIFY(rowId > 0);
            QVERIFY(ledger->complete(rowId, succeeded(id)));
        }
        for (const OutboxAck &ack : ledger->dueAcks(false))
            ledger->recordAckAttempt(ack, 0, QStringLiteral("Connection refused"), false);
        // As jitter can leave it: everything but the oldest is due.
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        setNextAttempt(120, now + 30'000);
        for (qint64 id = 121; id < 125; ++id)
            setNextAttempt(id, now - 1000 * (id - 120));
        QVERIFY(ledger->dueAcks(true).isEmpty());

        setNextAttempt(120, now - 1);
        QList<qint64> order;
        for (const OutboxAck &ack : ledger->dueAcks(true))
            order.append(ack.commandId);
        QCOMPARE(order, (QList<qint64>{120, 121, 122, 123, 124}));
    }

    // Issue #13 item 6: a clock set back one day left a queued ack waiting 86,395 s.
    void outboxAckIsDueAfterTheClockWentBack()
    {
        const qint64 rowId = claimed(130);
        QVERIFY(rowId > 0);
        QVERIFY(ledger->complete(rowId, succeeded(130)));
        ledger->recordAckAttempt(ledger->dueAcks(false).first(), 503, QStringLiteral("Service Unavailable"), false);
        QVERIFY(ledger->dueAcks(true).isEmpty());  // a real backoff is respected

        // Stored before the clock went back a day: further ahead than any backoff we set.
        setNextAttempt(130, QDateTime::currentMSecsSinceEpoch() + 86'400'000);
        const QList<OutboxAck> due = ledger->dueAcks(true);
        QCOMPARE(due.size(), 1);
        QCOMPARE(due.first().commandId, 130);
    }

    void finishedCommandIsAckedAgainNotTwiceQueued()
    {
        const qint64 rowId = claimed(20);
        QVERIFY(rowId > 0);
        const qint64 first = ackIdOf(ledger->complete(rowId, succeeded(20)));
        QCOMPARE(ackIdOf(ledger->requeueAck(rowId)), first);  // still waiting: same one
        ledger->recordAckAttempt(ledger->dueAcks(false).first(), 200, {}, true);
        const qint64 second = ackIdOf(ledger->requeueAck(rowId));
        QVERIFY(second > first);
        QCOMPARE(ledger->dueAcks(false).first().payload, ackPayload(20, true));
    }

    // Issue 16 item 8: who sends an owed ack, read in one statement. An ack delivered since it
    // was listed is "delivered", never "nobody" (which made a second process send it again).
    void ackHolderSaysWhoSendsAnAck()
    {
        QProcess live;
        live.start(QStringLiteral("/bin/sleep"), {QStringLiteral("30")});
        QVERIFY(live.waitForStarted());
        const ProcessIdentity other = ProcessIdentity::of(live.processId());
        const qint64 theirs = ackSettledBy(50, other);
        const qint64 ours = ackSettledBy(51, ProcessIdentity::current());
        const qint64 reusedPid = ackSettledBy(52, ProcessIdentity{other.pid, QStringLiteral("1")});
        QCOMPARE(ledger->ackHolder(theirs), CommandLedger::AckHolder::AnotherProcess);
        QCOMPARE(ledger->ackHolder(ours), CommandLedger::AckHolder::Nobody);
        QCOMPARE(ledger->ackHolder(reusedPid), CommandLedger::AckHolder::Nobody);

        ledger->recordAckAttempt(*ledger->undeliveredAck(theirs), 200, {}, true);
        QCOMPARE(ledger->ackHolder(theirs), CommandLedger::AckHolder::Delivered);
        QCOMPARE(ledger->ackHolder(theirs + 1000), CommandLedger::AckHolder::Delivered);  // no such ack

        const qint64 leftBehind = ackSettledBy(53, other);
        live.kill();
        QVERIFY(live.waitForFinished());
        QCOMPARE(ledger->ackHolder(leftBehind), CommandLedger::AckHolder::Nobody);  // its runner died
    }

    void deadRunnersBecomeInterrupted()
    {
        // A process that has certainly exited: run one and wait for it.
        QProcess gone;
        gone.start(QStringLiteral("/bin/true"));
        QVERIFY(gone.waitForFinished());
        const ProcessIdentity dead = ProcessIdentity::of(gone.processId());
        const auto orphan = ledger->admit(command(30), QStringLiteral("claude"), {});
        QVERIFY(ledger->claim(orphan.row.rowId, ProcessIdentity{qint64(gone.processId()), QStringLiteral("1")}));
        const auto alive = ledger->admit(command(31), QStringLiteral("claude"), {});
        QVERIFY(ledger->claim(alive.row.rowId, ProcessIdentity::current()));
        Q_UNUSED(dead);

        const int recovered = ledger->recoverInterrupted([](const LedgerCommand &row) {
            return ackPayload(row.commandId, false, row.error);
        });
        QCOMPARE(recovered, 1);
        const auto row = ledger->command(orphan.row.rowId);
        QCOMPARE(row->state, CommandState::Interrupted);
        QCOMPARE(row->delivery, Delivery::Unknown);
        QCOMPARE(row->error, QStringLiteral("interrupted: the agent stopped while the command ran; outcome unknown"));
        QCOMPARE(ledger->command(alive.row.rowId)->state, CommandState::Running);
        const QList<OutboxAck> due = ledger->dueAcks(false);
        QCOMPARE(due.size(), 1);
        QCOMPARE(due.first().payload.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QCOMPARE(ledger->admit(command(30), QStringLiteral("claude"), {}).admission, CommandLedger::Admission::Finished);
    }

    void historyFilters()
    {
        for (qint64 id = 40; id < 46; ++id)
            ledger->admit(command(id, id % 2 ? QStringLiteral("install_skill") : QStringLiteral("uninstall_teamai")), QStringLiteral("claude"), {});
        HistoryFilter filter;
        filter.limit = 3;
        QList<LedgerCommand> rows = ledger->history(filter).valueOr({});
        QCOMPARE(rows.size(), 3);
        QCOMPARE(rows.first().commandId, 45);  // newest first
        filter.limit = 50;
        filter.type = QStringLiteral("install_skill");
        QCOMPARE(ledger->history(filter).valueOr({}).size(), 3);
        filter.type.clear();
        filter.state = QStringLiteral("running");
        QCOMPARE(ledger->history(filter).valueOr({}).size(), 0);
        filter.state.clear();
        filter.since = QDateTime::currentDateTimeUtc().addSecs(60);
        QCOMPARE(ledger->history(filter).valueOr({}).size(), 0);
        QCOMPARE(ledger->pendingCommands(QStringLiteral("claude")).first().commandId, 40);  // oldest first
        QCOMPARE(ledger->countInState(CommandState::Pending).valueOr(-1), 6);
    }
    void oversizedCommandIsStoredAsAStub()
    {
        QJsonObject raw{{QStringLiteral("id"), 7}, {QStringLiteral("type"), QStringLiteral("uninstall_teamai")},
                        {QStringLiteral("cmd"), QString(3 * 1024 * 1024, u'x')}};
        const auto admitted = ledger->admit(Command::fromJson(raw), QStringLiteral("claude"), QStringLiteral("agent"));
        QCOMPARE(admitted.admission, CommandLedger::Admission::New);
        QVERIFY(admitted.oversizedBytes > 3 * 1024 * 1024);
        QVERIFY(admitted.row.rawJson.size() < 256);
        const Command stub = Command::fromJson(QJsonDocument::fromJson(admitted.row.rawJson.toUtf8()).object());
        QCOMPARE(stub.id.value_or(0), 7);
        QCOMPARE(stub.type, QStringLiteral("uninstall_teamai"));
        QVERIFY(CommandLedger::isOversizedStub(stub));
        // Sent again: still known as oversized, whatever is sent now.
        const auto again = ledger->admit(Command::fromJson(raw), QStringLiteral("claude"), QStringLiteral("agent"));
        QCOMPARE(again.admission, CommandLedger::Admission::Pending);
        QVERIFY(again.oversizedBytes > 0);
        // A command just under the cap is kept whole.
        raw.insert(QStringLiteral("id"), 8);
        raw.insert(QStringLiteral("cmd"), QString(60 * 1024, u'y'));
        const auto small = ledger->admit(Command::fromJson(raw), QStringLiteral("claude"), QStringLiteral("agent"));
        QCOMPARE(small.oversizedBytes, 0);
        QVERIFY(small.row.rawJson.contains(QString(60 * 1024, u'y')));
    }

    void storedAndEchoedTextIsCapped()
    {
        QJsonObject raw{{QStringLiteral("id"), 9}, {QStringLiteral("type"), QString(5000, u't')}};
        const auto admitted = ledger->admit(Command::fromJson(raw), QStringLiteral("claude"), QStringLiteral("agent"));
        QVERIFY(admitted.row.type.toUtf8().size() <= textcap::kMaxTypeBytes);
        QVERIFY(ledger->claim(admitted.row.rowId, ProcessIdentity::current()));
        const QString huge = QString(2 * 1024 * 1024, QChar(0x00e9));  // 2 bytes each in UTF-8
        CommandCompletion c;
        c.state = CommandState::Failed;
        c.error = huge;
        c.detail = huge;
        c.ackPayload = ackPayload(9, false, huge);
        QVERIFY(ackIdOf(ledger->complete(admitted.row.rowId, c)) > 0);
        const auto row = ledger->command(admitted.row.rowId);
        QVERIFY(row);
        QVERIFY(row->error.toUtf8().size() <= textcap::kMaxErrorBytes);
        QVERIFY(row->detail.toUtf8().size() <= textcap::kMaxErrorBytes);
        QVERIFY(row->error.startsWith(QString(100, QChar(0x00e9))));
        const QList<OutboxAck> due = ledger->dueAcks(false);
        QCOMPARE(due.size(), 1);
        QVERIFY(due.first().payload.value(QStringLiteral("error")).toString().toUtf8().size() <= textcap::kMaxErrorBytes);
        ledger->recordAckAttempt(due.first(), 0, huge, false);
        const QString path = database->path();
        QVERIFY(QFileInfo(path).size() + QFileInfo(path + QStringLiteral("-wal")).size() < 1024 * 1024);
    }

    void admitAllStoresInOrderAndStopsAtTheDeadline()
    {
        QList<Command> commands;
        for (int id = 1; id <= 3000; ++id)
            commands.append(command(id, QStringLiteral("noop")));
        const auto none = ledger->admitAll(commands, QStringLiteral("claude"), QStringLiteral("agent"), QDeadlineTimer(0)).admitted;
        QVERIFY(none.isEmpty());
        QCOMPARE(ledger->countInState(CommandState::Pending).valueOr(-1), 0);

        const auto all = ledger->admitAll(commands, QStringLiteral("claude"), QStringLiteral("agent")).admitted;
        QCOMPARE(all.size(), 3000);
        QCOMPARE(all.first().admission, CommandLedger::Admission::New);
        QCOMPARE(all.last().row.commandId, 3000);
        QCOMPARE(ledger->countInState(CommandState::Pending).valueOr(-1), 3000);
        const auto again = ledger->admitAll(commands.mid(0, 10), QStringLiteral("claude"), QStringLiteral("agent")).admitted;
        QCOMPARE(again.first().admission, CommandLedger::Admission::Pending);
        QCOMPARE(again.first().row.rowId, all.first().row.rowId);

        // Paging through the pending rows keeps storage order.
        qint64 after = 0;
        qint64 expected = 1;
        for (;;) {
            const QList<LedgerCommand> page = ledger->pendingCommands(QStringLiteral("claude"), 700, after);
            if (page.isEmpty())
                break;
            for (const LedgerCommand &row : page)
                QCOMPARE(row.commandId, expected++);
            after = page.last().rowId;
        }
        QCOMPARE(expected, 3001);
    }

    void capHelpersKeepCharactersWhole()
    {
        QCOMPARE(textcap::capUtf8(QStringLiteral("short"), 1024), QStringLiteral("short"));
        const QString emoji = QString::fromUtf8("\xF0\x9F\x98\x80").repeated(1000);  // 4 bytes each
        const QString capped = textcap::capUtf8(emoji, 1024);
        QVERIFY(capped.toUtf8().size() <= 1024);
        QVERIFY(capped.startsWith(QString::fromUtf8("\xF0\x9F\x98\x80")));
        QVERIFY(!capped.toUtf8().contains("\xEF\xBF\xBD"));  // no broken surrogate
        QCOMPARE(textcap::capToken(QString(64, u'a')), QString(64, u'a'));
        QCOMPARE(textcap::capToken(QString(65, u'a')).size(), 64);
    }
};

QTEST_GUILESS_MAIN(TestCommandLedger)
#include "tst_commandledger.moc"
