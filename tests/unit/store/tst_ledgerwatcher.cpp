// LedgerWatcher: a commit by another connection (another process, in real life) or a new sync
// outcome is reported within a second, bursts are throttled into one signal, and a replaced database is followed.

#include "store/CommandLedger.h"
#include "store/LastSyncFile.h"
#include "store/LedgerDatabase.h"
#include "store/LedgerWatcher.h"

#include "TestCases.h"
#include "TestEnvironment.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QtTest>

using namespace teamai;

class TestLedgerWatcher : public teamai::test::HomeTestCase
{
    Q_OBJECT
private slots:
    void commitsElsewhereAreSeenWithinASecond()
    {
        LedgerDatabase database;
        QVERIFY(database.open());
        LedgerWatcher watcher(LedgerDatabase::defaultPath());
        QSignalSpy changed(&watcher, &LedgerWatcher::changed);
        // Another process writes: `teamai` (the real binary) records a remote-cmd change in
        // settings.json, which is not the ledger; the meta write below is.
        LedgerDatabase other;
        QVERIFY(other.open());
        QElapsedTimer clock;
        clock.start();
        CommandLedger(other).setMeta(QStringLiteral("k"), QStringLiteral("v"));
        QVERIFY(changed.wait(1000));
        QVERIFY2(clock.elapsed() < 1000, qPrintable(QString::number(clock.elapsed())));
    }

    // A round that found nothing to do writes no ledger row, only its outcome to last-sync.json.
    void aSyncOutcomeRecordedElsewhereIsSeen()
    {
        LedgerDatabase database;
        QVERIFY(database.open());
        LedgerWatcher watcher(LedgerDatabase::defaultPath());
        QSignalSpy changed(&watcher, &LedgerWatcher::changed);
        for (int round = 0; round < 2; ++round) {  // the file appears, then is replaced
            QVERIFY(lastsync::save({QDateTime::currentDateTimeUtc(), true, QString(), QString()}));
            QVERIFY2(changed.wait(1000), qPrintable(QStringLiteral("round %1").arg(round)));
            changed.clear();
        }
    }

    void aBurstIsOneSignal()
    {
        LedgerDatabase database;
        QVERIFY(database.open());
        LedgerWatcher watcher(LedgerDatabase::defaultPath());
        QSignalSpy changed(&watcher, &LedgerWatcher::changed);
        CommandLedger ledger(database);
        for (int i = 0; i < 50; ++i)
            ledger.setMeta(QStringLiteral("k%1").arg(i), QStringLiteral("v"));
        QVERIFY(changed.wait(1000));
        // A second signal would come within the next throttle interval: none does.
        QVERIFY(!changed.wait(2 * LedgerWatcher::kDefaultDebounceMs));
        QCOMPARE(changed.count(), 1);
    }

    void nothingHappensWhileNothingChanges()
    {
        LedgerDatabase database;
        QVERIFY(database.open());
        LedgerWatcher watcher(LedgerDatabase::defaultPath());
        QSignalSpy changed(&watcher, &LedgerWatcher::changed);
        // Unrelated files in the same folder (settings, locks) are not ledger changes.
        QFile settings(env->stateDir() + QStringLiteral("/settings.json"));
        QVERIFY(settings.open(QIODevice::WriteOnly));
        settings.write("{}");
        settings.close();
        QVERIFY(!changed.wait(600));
    }

    void aDatabaseThatAppearsLaterIsWatched()
    {
        QDir().mkpath(env->stateDir());
        LedgerWatcher watcher(LedgerDatabase::defaultPath());
        QSignalSpy changed(&watcher, &LedgerWatcher::changed);
        LedgerDatabase database;
        QVERIFY(database.open());
        QVERIFY(changed.wait(1000));
        QTRY_VERIFY(watcher.watchedPaths().contains(LedgerDatabase::defaultPath()));
        changed.clear();
        CommandLedger(database).setMeta(QStringLiteral("k"), QStringLiteral("v"));
        QVERIFY(changed.wait(1000));
    }

    void aReplacedDatabaseIsFollowed()
    {
        const QString path = LedgerDatabase::defaultPath();
        {
            LedgerDatabase database;
            QVERIFY(database.open());
        }
        LedgerWatcher watcher(path);
        QSignalSpy changed(&watcher, &LedgerWatcher::changed);
        // Moved aside (as a damaged ledger is) and a fresh one started.
        QVERIFY(QFile::rename(path, path + QStringLiteral(".old")));
        LedgerDatabase fresh;
        QVERIFY(fresh.open());
        QVERIFY(changed.wait(1000));
        // The fresh database is watched, and the burst of its creation is over (a throttle
        // interval without a signal), so the signal below is the commit's.
        QTRY_VERIFY(watcher.watchedPaths().contains(path));
        do
            changed.clear();
        while (changed.wait(2 * LedgerWatcher::kDefaultDebounceMs));
        CommandLedger(fresh).setMeta(QStringLiteral("k"), QStringLiteral("v"));
        QVERIFY(changed.wait(1000));
    }
};

QTEST_GUILESS_MAIN(TestLedgerWatcher)
#include "tst_ledgerwatcher.moc"
