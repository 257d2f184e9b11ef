// SyncScheduler: its states and their transitions, the delays (jitter bounds, exponential
// backoff and its cap), coalescing, and that stop() leaves nothing running.

#include "sync/SyncScheduler.h"

#include <QNetworkInformation>
#include <QSignalSpy>
#include <QtTest>

using teamai::SyncScheduler;
using State = SyncScheduler::State;

class TestSyncScheduler : public QObject
{
    Q_OBJECT
private:
    static SyncScheduler::Timing fast()
    {
        SyncScheduler::Timing timing;
        timing.intervalMs = 200;
        timing.jitter = 0.0;
        timing.backoffBaseMs = 50;
        timing.backoffCapMs = 400;
        timing.firstDelayMs = 10;
        return timing;
    }

    /// @brief A scheduler on fast() timing, started, and the rounds it asked for.
    struct Started {
        SyncScheduler scheduler;
        QSignalSpy requested{&scheduler, &SyncScheduler::syncRequested};
        Started()
        {
            scheduler.setTiming(fast());
            scheduler.start();
        }
    };

private slots:
    void startsStoppedAndRequestsAfterTheFirstDelay()
    {
        SyncScheduler scheduler;
        scheduler.setTiming(fast());
        QCOMPARE(scheduler.state(), State::Stopped);
        QSignalSpy requested(&scheduler, &SyncScheduler::syncRequested);
        scheduler.start();
        QCOMPARE(scheduler.state(), State::Waiting);
        QVERIFY(requested.wait(2000));
        QCOMPARE(scheduler.state(), State::Syncing);
        QCOMPARE(requested.at(0).at(0).toString(), QStringLiteral("start-up"));
    }

    void byDefaultStartRequestsTheFirstRoundItself()
    {
        // The tray's start-up: the round runs on its own thread, so start() asks for it at once
        // instead of a timer's turn of the event loop later (issue 19 item 5).
        SyncScheduler scheduler;
        QCOMPARE(scheduler.timing().firstDelayMs, 0);
        QSignalSpy requested(&scheduler, &SyncScheduler::syncRequested);
        scheduler.start();
        QCOMPARE(requested.count(), 1);
        QCOMPARE(requested.at(0).at(0).toString(), QStringLiteral("start-up"));
        QCOMPARE(scheduler.state(), State::Syncing);
        QVERIFY(!scheduler.nextSyncAt().isValid());
    }

    void theNetworkIsFollowedFromTheFirstFailedRoundOn()
    {
        SyncScheduler scheduler;
        scheduler.setTiming(fast());
        scheduler.watchNetworkOnFailure();
        scheduler.start();
        scheduler.syncNow(QStringLiteral("test"));
        scheduler.syncFinished(true);
        // Rounds that work load no backend (the glib one maps GIO and GObject).
        QVERIFY(!QNetworkInformation::instance());
        QVERIFY(!scheduler.followsNetwork());
        scheduler.syncNow(QStringLiteral("test"));
        scheduler.syncFinished(false);
        QCOMPARE(scheduler.state(), State::BackingOff);
        if (QNetworkInformation::availableBackends().isEmpty())
            QSKIP("no network-information backend on this system");
        QVERIFY(QNetworkInformation::instance());
        QVERIFY(scheduler.followsNetwork());
    }

    void stateChangesAreEmittedOnlyOnRealChanges()
    {
        SyncScheduler scheduler;
        scheduler.setTiming(fast());
        QSignalSpy changed(&scheduler, &SyncScheduler::stateChanged);
        scheduler.stop();  // already stopped: no signal
        QCOMPARE(changed.count(), 0);
        scheduler.start();
        scheduler.start();  // already started: nothing
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).value<State>(), State::Waiting);
        QCOMPARE(changed.at(0).at(1).value<State>(), State::Stopped);
    }

    void successWaitsTheIntervalFailureBacksOff()
    {
        SyncScheduler scheduler;
        scheduler.setTiming(fast());
        scheduler.start();
        scheduler.syncNow(QStringLiteral("test"));
        QCOMPARE(scheduler.state(), State::Syncing);
        scheduler.syncFinished(true);
        QCOMPARE(scheduler.state(), State::Waiting);
        QCOMPARE(scheduler.lastDelayMs(), 200);
        QVERIFY(scheduler.nextSyncAt().isValid());

        scheduler.syncNow(QStringLiteral("test"));
        scheduler.syncFinished(false);
        QCOMPARE(scheduler.state(), State::BackingOff);
        QCOMPARE(scheduler.consecutiveFailures(), 1);
        QCOMPARE(scheduler.lastDelayMs(), 50);
    }

    void backoffDoublesUpToTheCap()
    {
        SyncScheduler scheduler;
        SyncScheduler::Timing timing;
        timing.intervalMs = 5 * 60 * 1000;
        timing.backoffBaseMs = 30 * 1000;
        timing.backoffCapMs = 30 * 60 * 1000;
        scheduler.setTiming(timing);
        QCOMPARE(scheduler.baseDelayMs(0), 5 * 60 * 1000);
        QCOMPARE(scheduler.baseDelayMs(1), 30 * 1000);
        QCOMPARE(scheduler.baseDelayMs(2), 60 * 1000);
        QCOMPARE(scheduler.baseDelayMs(3), 120 * 1000);
        QCOMPARE(scheduler.baseDelayMs(6), 960 * 1000);
        QCOMPARE(scheduler.baseDelayMs(7), 30 * 60 * 1000);
        QCOMPARE(scheduler.baseDelayMs(1000), 30 * 60 * 1000);  // no overflow
        // The cap is never below the interval: an error never makes syncs rarer than success does.
        timing.intervalMs = 60 * 60 * 1000;
        scheduler.setTiming(timing);
        QCOMPARE(scheduler.baseDelayMs(50), 60 * 60 * 1000);
    }

    void jitterStaysWithinItsBounds()
    {
        SyncScheduler scheduler;
        SyncScheduler::Timing timing = fast();
        timing.intervalMs = 100000;
        timing.jitter = 0.1;
        scheduler.setTiming(timing);
        for (const double random : {0.0, 0.5, 0.999999}) {
            scheduler.setRandomSource([random] { return random; });
            scheduler.stop();
            scheduler.start();
            scheduler.syncNow(QStringLiteral("test"));
            scheduler.syncFinished(true);
            QVERIFY(scheduler.lastDelayMs() >= 90000);
            QVERIFY(scheduler.lastDelayMs() <= 110000);
        }
        scheduler.setRandomSource([] { return 0.0; });
        scheduler.syncNow(QStringLiteral("test"));
        scheduler.syncFinished(true);
        QCOMPARE(scheduler.lastDelayMs(), 90000);
    }

    void successResetsTheFailureCount()
    {
        SyncScheduler scheduler;
        scheduler.setTiming(fast());
        scheduler.start();
        for (int i = 0; i < 3; ++i) {
            scheduler.syncNow(QStringLiteral("test"));
            scheduler.syncFinished(false);
        }
        QCOMPARE(scheduler.consecutiveFailures(), 3);
        QCOMPARE(scheduler.lastDelayMs(), 200);  // 50 · 2² = 200
        scheduler.syncNow(QStringLiteral("test"));
        scheduler.syncFinished(true);
        QCOMPARE(scheduler.consecutiveFailures(), 0);
        QCOMPARE(scheduler.state(), State::Waiting);
    }

    void syncNowDuringARoundRunsOneMoreAfterIt()
    {
        Started started;
        auto &[scheduler, requested] = started;
        scheduler.syncNow(QStringLiteral("first"));
        scheduler.syncNow(QStringLiteral("second"));
        scheduler.syncNow(QStringLiteral("third"));
        QCOMPARE(requested.count(), 1);
        scheduler.syncFinished(true);
        QCOMPARE(requested.count(), 2);  // one more, not two
        QCOMPARE(requested.at(1).at(0).toString(), QStringLiteral("third"));
        QCOMPARE(scheduler.state(), State::Syncing);
        scheduler.syncFinished(true);
        QCOMPARE(requested.count(), 2);
        QCOMPARE(scheduler.state(), State::Waiting);
    }

    void theTimerDrivesRetries()
    {
        Started started;
        auto &[scheduler, requested] = started;
        QVERIFY(requested.wait(2000));
        scheduler.syncFinished(false);
        QVERIFY(requested.wait(2000));
        QCOMPARE(requested.last().at(0).toString(), QStringLiteral("retry after error"));
        scheduler.syncFinished(true);
        QVERIFY(requested.wait(2000));
        QCOMPARE(requested.last().at(0).toString(), QStringLiteral("interval"));
    }

    void stopIsImmediateAndFinal()
    {
        Started started;
        auto &[scheduler, requested] = started;
        scheduler.syncNow(QStringLiteral("test"));
        scheduler.syncNow(QStringLiteral("queued"));
        scheduler.stop();
        QCOMPARE(scheduler.state(), State::Stopped);
        QVERIFY(!scheduler.nextSyncAt().isValid());
        scheduler.syncFinished(true);  // the round that was running ends after the stop
        scheduler.syncNow(QStringLiteral("after stop"));
        QCOMPARE(scheduler.state(), State::Stopped);
        QVERIFY(!requested.wait(400));
        QCOMPARE(requested.count(), 1);
    }

    void wakeAndIntervalChange()
    {
        SyncScheduler scheduler;
        SyncScheduler::Timing timing = fast();
        timing.intervalMs = 60 * 60 * 1000;
        scheduler.setTiming(timing);
        QSignalSpy requested(&scheduler, &SyncScheduler::syncRequested);
        scheduler.start();
        QVERIFY(requested.wait(2000));
        scheduler.syncFinished(true);
        scheduler.setIntervalMinutes(7);
        QCOMPARE(scheduler.timing().intervalMs, 7 * 60 * 1000);
        QCOMPARE(scheduler.lastDelayMs(), 7 * 60 * 1000);  // re-armed at once
        scheduler.systemResumed();
        QCOMPARE(requested.count(), 2);
        QCOMPARE(requested.last().at(0).toString(), QStringLiteral("woke from sleep"));
    }

    void stateNamesAreStable()
    {
        QCOMPARE(SyncScheduler::stateName(State::Stopped), QStringLiteral("stopped"));
        QCOMPARE(SyncScheduler::stateName(State::Waiting), QStringLiteral("waiting"));
        QCOMPARE(SyncScheduler::stateName(State::Syncing), QStringLiteral("syncing"));
        QCOMPARE(SyncScheduler::stateName(State::BackingOff), QStringLiteral("backing-off"));
    }
};

QTEST_GUILESS_MAIN(TestSyncScheduler)
#include "tst_syncscheduler.moc"
