// SyncWorker on its own thread: rounds through the shared SyncEngine, the command it runs (its id
// from the ledger, its output in the command's output files as it is printed — issue 17),
// cancelling that command from the GUI thread, and "not configured".
// Commands run a stand-in `teamai` (fake-teamai.sh) placed next to this test. Issue 16: a token
// saved through TokenSource, or by another process, is what the worker's next round sends, and a
// round's problem says what went wrong (token rejected, unreachable).

#include "syncthread/SyncWorker.h"
#include "config/TokenSource.h"
#include "output/CommandOutput.h"
#include "store/CommandLedger.h"
#include "store/LedgerDatabase.h"

#include "DevServerProcess.h"
#include "TeamaiRunner.h"
#include "TestCases.h"
#include "TestEnvironment.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QSignalSpy>
#include <QThread>
#include <QtTest>

#include <atomic>

using namespace teamai;
using namespace teamai::ui;

namespace {
QJsonObject restricted(qint64 id, const QString &cmd)
{
    return {{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("uninstall_teamai")}, {QStringLiteral("cmd"), cmd}};
}
} // namespace

class TestSyncWorker : public teamai::test::ServerTestCase
{
    Q_OBJECT
private:
    QThread *thread = nullptr;
    SyncWorker *worker = nullptr;

    void startWorker()
    {
        thread = new QThread;
        worker = new SyncWorker;
        worker->moveToThread(thread);
        thread->start();
    }
    void runRound()
    {
        QMetaObject::invokeMethod(worker, [w = worker] { w->runRound({QStringLiteral("claude")}, QStringLiteral("test")); }, Qt::QueuedConnection);
    }

    void setUp() override { startWorker(); }

private slots:
    void cleanup()
    {
        QMetaObject::invokeMethod(worker, &SyncWorker::shutdown, Qt::QueuedConnection);
        QVERIFY(thread->wait(10000));
        delete worker;
        delete thread;
        ServerTestCase::cleanup();
    }

    SyncRoundResult oneRound()
    {
        QSignalSpy finished(worker, &SyncWorker::roundFinished);
        runRound();
        // The spy fills from the worker's thread, maybe before a wait() could start (a rejected
        // token fails fast): poll it, as the other tests here do, rather than wait for a new signal.
        if (!QTest::qWaitFor([&] { return !finished.isEmpty(); }, 20000))
            return {};
        return finished.at(0).at(0).value<SyncRoundResult>();
    }

    QString lastAuthorization()
    {
        return server->requests(QStringLiteral("sync")).last().toObject().value(QStringLiteral("authorization")).toString();
    }

    void theNextRoundSendsTheTokenSavedMeanwhile()
    {
        QVERIFY(oneRound().ok);
        QCOMPARE(lastAuthorization(), QStringLiteral("Bearer dev-token"));
        server->setSettings(QJsonObject{{QStringLiteral("token"), QStringLiteral("second")}});
        const SyncRoundResult rejected = oneRound();
        QVERIFY(!rejected.ok);
        QCOMPARE(rejected.problem, SyncProblem::TokenRejected);
        // Saved in this process (the Settings dialog's way)...
        QVERIFY(TokenSource::save(server->baseUrl(), QStringLiteral("second"), TokenStore::Backend::File).ok);
        QVERIFY(oneRound().ok);
        QCOMPARE(lastAuthorization(), QStringLiteral("Bearer second"));
        // ...or by `teamai init` in a terminal: seen through the files, no reload needed.
        server->setSettings(QJsonObject{{QStringLiteral("token"), QStringLiteral("third")}});
        QCOMPARE(test::runTeamai({QStringLiteral("init"), QStringLiteral("--http"), server->baseUrl(), QStringLiteral("--token"),
                                  QStringLiteral("third"), QStringLiteral("--token-store"), QStringLiteral("file")})
                     .exitCode,
                 0);
        QVERIFY(oneRound().ok);
        QCOMPARE(lastAuthorization(), QStringLiteral("Bearer third"));
    }

    void anUnreachableBackendIsSaidSo()
    {
        server->stop();
        const SyncRoundResult round = oneRound();
        QVERIFY(!round.ok);
        QCOMPARE(round.problem, SyncProblem::Unreachable);
    }

    void liveOutputArrivesWhileTheCommandRuns()
    {
        server->queue(restricted(1, QStringLiteral("teamai history --limit 5")));
        QSignalSpy started(worker, &SyncWorker::commandStarted);
        QSignalSpy finished(worker, &SyncWorker::roundFinished);
        QSignalSpy commandDone(worker, &SyncWorker::commandFinished);
        runRound();
        // The spies fill from the worker thread: poll them rather than wait() for a new signal.
        QTRY_COMPARE_WITH_TIMEOUT(started.count(), 1, 5000);
        QCOMPARE(started.at(0).at(0).toString(), QStringLiteral("claude"));
        QCOMPARE(started.at(0).at(1).toLongLong(), 1);  // from the ledger: the owner token is the tool
        // The output files fill while the command runs: read with a cursor, as the window does.
        const output::OutputKey key{QStringLiteral("claude"), 1};
        output::Cursor cursor;
        QByteArray out;
        QByteArray err;
        int reads = 0;
        const auto readOn = [&] {
            const output::OutputDelta delta = output::read(key, cursor, 1 << 20);
            cursor = delta.next;
            out += delta.out;
            err += delta.err;
            reads += delta.out.isEmpty() ? 0 : 1;
            return delta.complete;
        };
        QTRY_VERIFY_WITH_TIMEOUT((readOn(), !out.isEmpty()), 5000);
        QCOMPARE(finished.count(), 0);  // the first line came while the command still ran
        QTRY_VERIFY_WITH_TIMEOUT(readOn(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10000);
        QVERIFY(reads >= 2);  // incremental, not one lump at the end
        QCOMPARE(out, QByteArray("line 1\nline 2\nline 3\nline 4\nline 5\n"));
        QCOMPARE(err, QByteArray("finished\n"));
        QCOMPARE(commandDone.count(), 1);
        QCOMPARE(commandDone.at(0).at(1).toLongLong(), 1);
        const SyncRoundResult result = finished.at(0).at(0).value<SyncRoundResult>();
        QVERIFY2(result.ok, qPrintable(result.message));
        QCOMPARE(result.ran.size(), 1);
        QVERIFY(result.ran.at(0).succeeded);
        QCOMPARE(server->acks().at(0).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("success"));
    }

    void aRunningCommandCanBeCancelled()
    {
        server->queue(restricted(2, QStringLiteral("teamai history --limit 200")));
        QSignalSpy started(worker, &SyncWorker::commandStarted);
        QSignalSpy finished(worker, &SyncWorker::roundFinished);
        QVERIFY(!worker->cancelRunning());  // nothing runs yet
        runRound();
        QTRY_VERIFY_WITH_TIMEOUT(started.count() > 0, 5000);
        QElapsedTimer clock;
        clock.start();
        QVERIFY(worker->cancelRunning());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10000);
        QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
        const SyncRoundResult result = finished.at(0).at(0).value<SyncRoundResult>();
        QCOMPARE(result.ran.size(), 1);
        QVERIFY(!result.ran.at(0).succeeded);
        LedgerDatabase database;
        QVERIFY(database.open());
        const QList<LedgerCommand> rows = CommandLedger(database).history({}).valueOr({});
        QCOMPARE(rows.size(), 1);
        QVERIFY(rows.at(0).cancelled);
        QCOMPARE(stateName(rows.at(0).state), QStringLiteral("failed"));
        QCOMPARE(server->acks().at(0).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
    }

    void shutdownAndReloadWaitForTheRoundInProgress()
    {
        // Both arrive while the round waits for the network or the command: they must not pull
        // the engine out from under it (they are delivered inside its local event loop).
        server->queue(restricted(3, QStringLiteral("teamai history --limit 4")));
        server->setFault(QJsonObject{{QStringLiteral("route"), QStringLiteral("ack")}, {QStringLiteral("delayMs"), 500}});
        QSignalSpy started(worker, &SyncWorker::commandStarted);
        QSignalSpy finished(worker, &SyncWorker::roundFinished);
        runRound();
        QTRY_VERIFY_WITH_TIMEOUT(started.count() > 0, 5000);
        QMetaObject::invokeMethod(worker, &SyncWorker::reload, Qt::QueuedConnection);
        runRound();  // a second request meanwhile: runs after this one
        QMetaObject::invokeMethod(worker, &SyncWorker::shutdown, Qt::QueuedConnection);
        QVERIFY(thread->wait(15000));
        QCOMPARE(finished.count(), 1);  // the held round was dropped by the shutdown
        const SyncRoundResult result = finished.at(0).at(0).value<SyncRoundResult>();
        QVERIFY2(result.ok, qPrintable(result.message));
        QCOMPARE(server->acks().size(), 1);
        thread->start();  // cleanup() shuts down a running thread
    }

    void theWorkerThreadRunsNoLocalLoopDuringARound()
    {
        // The round waits for the network on a thread of its own: a call queued to the worker
        // meanwhile is delivered by its thread's own event loop (level 1), not inside a round's
        // local loop, and while the round still runs.
        server->setFault(QJsonObject{{QStringLiteral("route"), QStringLiteral("sync")}, {QStringLiteral("delayMs"), 1500}});
        QSignalSpy started(worker, &SyncWorker::roundStarted);
        QSignalSpy finished(worker, &SyncWorker::roundFinished);
        runRound();
        QTRY_COMPARE_WITH_TIMEOUT(started.count(), 1, 5000);
        std::atomic<int> loopLevel = -1;
        QMetaObject::invokeMethod(worker, [&loopLevel] { loopLevel = QThread::currentThread()->loopLevel(); }, Qt::QueuedConnection);
        QTRY_VERIFY_WITH_TIMEOUT(loopLevel.load() >= 0, 1000);
        QCOMPARE(loopLevel.load(), 1);
        QCOMPARE(finished.count(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10000);
    }

    void notConfiguredIsReported()
    {
        QFile::remove(env->stateDir() + QStringLiteral("/config.json"));
        QSignalSpy finished(worker, &SyncWorker::roundFinished);
        runRound();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 5000);
        const SyncRoundResult result = finished.at(0).at(0).value<SyncRoundResult>();
        QVERIFY(result.notConfigured);
        QVERIFY(!result.ok);
        QVERIFY(result.message.contains(QStringLiteral("not configured")));
    }
};

QTEST_MAIN(TestSyncWorker)
#include "tst_syncworker.moc"
