// The tray's state: which one wins when several apply, the stable names, the tooltip, and the
// menu's status line with the fix it offers per state (issue 16 item 2).

#include "tray/TrayState.h"

#include <QLocale>
#include <QtTest>

using namespace teamai::ui;

class TestTrayState : public QObject
{
    Q_OBJECT
    // Midday, so "now" plus or minus a few minutes stays on the same day: with the clock's own
    // time the next sync crossed midnight in a run at 23:59 and was rightly shown with its date.
    static QDateTime midday() { return QDateTime(QDate(2026, 3, 14), QTime(12, 0)); }

private slots:
    void priorities()
    {
        TrayInputs in;
        QCOMPARE(trayStateFor(in), TrayState::Idle);
        in.remoteAllowed = false;
        QCOMPARE(trayStateFor(in), TrayState::RemoteDisabled);
        in.remoteLocked = true;
        QCOMPARE(trayStateFor(in), TrayState::RemoteLocked);
        in.lastSyncFailed = true;
        QCOMPARE(trayStateFor(in), TrayState::Error);
        in.syncing = true;
        QCOMPARE(trayStateFor(in), TrayState::Syncing);
        in.commandRunning = true;
        QCOMPARE(trayStateFor(in), TrayState::CommandRunning);
    }

    void names()
    {
        QCOMPARE(trayStateName(TrayState::Idle), QStringLiteral("idle"));
        QCOMPARE(trayStateName(TrayState::Syncing), QStringLiteral("syncing"));
        QCOMPARE(trayStateName(TrayState::Error), QStringLiteral("error"));
        QCOMPARE(trayStateName(TrayState::RemoteDisabled), QStringLiteral("disabled"));
        QCOMPARE(trayStateName(TrayState::RemoteLocked), QStringLiteral("locked"));
        QCOMPARE(trayStateName(TrayState::CommandRunning), QStringLiteral("running"));
    }

    void toolTipHasEndpointLastSyncAndPending()
    {
        TrayInputs in;
        QVERIFY(trayToolTip(in).contains(QStringLiteral("Backend: not configured")));
        QVERIFY(trayToolTip(in).contains(QStringLiteral("Last sync: never")));
        in.endpoint = QStringLiteral("https://teamai.example.com");
        in.lastSyncTime = QDateTime::currentDateTimeUtc();
        in.lastSyncOk = false;
        in.lastSyncMessage = QStringLiteral("invalid token");
        in.lastSyncFailed = true;
        in.pending = 3;
        in.running = 1;
        in.remoteAllowed = false;
        in.remoteLocked = true;
        const QString tip = trayToolTip(in);
        QVERIFY(tip.startsWith(QStringLiteral("TeamAI Agent — Sync failed")));
        QVERIFY(tip.contains(QStringLiteral("Backend: https://teamai.example.com")));
        QVERIFY(tip.contains(QStringLiteral("— failed: invalid token")));
        QVERIFY(tip.contains(QStringLiteral("Pending commands: 3, running: 1")));
        QVERIFY(tip.contains(QStringLiteral("Remote commands: disabled (locked by policy)")));
    }

    void statusLineWhenNeverSynced()
    {
        TrayInputs in;
        QCOMPARE(trayStatusHeadline(in), QStringLiteral("Not synced yet"));
        QCOMPARE(trayStatusTimes(in), QStringLiteral("No successful sync yet."));
        const QDateTime now = midday();
        in.nextSyncTime = now.addSecs(60);
        QCOMPARE(trayStatusTimes(in, now),
                 QStringLiteral("No successful sync yet. Next sync: %1.").arg(QLocale().toString(in.nextSyncTime.time(), QLocale::ShortFormat)));
        QCOMPARE(trayFixFor(in), TrayFix::None);
    }

    void statusLineWhenOk()
    {
        const QDateTime now = midday();
        TrayInputs in;
        in.lastSyncTime = now.addSecs(-30);
        in.lastSyncOk = true;
        in.lastSuccessTime = now.addSecs(-30);
        in.nextSyncTime = now.addSecs(270);
        QCOMPARE(trayStatusHeadline(in), QStringLiteral("Up to date"));
        const QString last = QLocale().toString(in.lastSuccessTime.time(), QLocale::ShortFormat);
        const QString next = QLocale().toString(in.nextSyncTime.time(), QLocale::ShortFormat);
        QCOMPARE(trayStatusTimes(in, now), QStringLiteral("Last successful sync: %1. Next sync: %2.").arg(last, next));
        QCOMPARE(trayFixFor(in), TrayFix::None);
        // Not today: the date is shown too.
        in.lastSuccessTime = now.addDays(-3);
        QVERIFY(trayStatusTimes(in, now).contains(QLocale().toString(in.lastSuccessTime, QLocale::ShortFormat)));
    }

    void aNextSyncAfterMidnightShowsItsDate()
    {
        const QDateTime now(QDate(2026, 3, 14), QTime(23, 59, 30));
        TrayInputs in;
        in.nextSyncTime = now.addSecs(60);
        QCOMPARE(trayStatusTimes(in, now),
                 QStringLiteral("No successful sync yet. Next sync: %1.").arg(QLocale().toString(in.nextSyncTime, QLocale::ShortFormat)));
        // Once midnight has passed it is today's again: the time alone.
        QCOMPARE(trayStatusTimes(in, now.addSecs(30)),
                 QStringLiteral("No successful sync yet. Next sync: %1.").arg(QLocale().toString(in.nextSyncTime.time(), QLocale::ShortFormat)));
    }

    void statusLineWhenUnreachable()
    {
        const QDateTime now = midday();
        TrayInputs in;
        in.lastSyncFailed = true;
        in.problem = SyncProblem::Unreachable;
        in.lastSuccessTime = now.addSecs(-600);
        QCOMPARE(trayStateFor(in), TrayState::Error);
        QCOMPARE(trayStatusHeadline(in), QStringLiteral("Cannot reach the backend"));
        QVERIFY(trayStatusTimes(in, now).startsWith(QStringLiteral("Last successful sync: ")));
        QCOMPARE(trayFixFor(in), TrayFix::Retry);
    }

    void statusLineWhenTheTokenIsRejected()
    {
        TrayInputs in;
        in.lastSyncFailed = true;
        in.problem = SyncProblem::TokenRejected;
        QCOMPARE(trayStatusHeadline(in), QStringLiteral("The backend rejected the token"));
        QCOMPARE(trayFixFor(in), TrayFix::EnterToken);
        // While a retry runs the headline says so; the fix stays on offer.
        in.syncing = true;
        QCOMPARE(trayStatusHeadline(in), QStringLiteral("Syncing…"));
        QCOMPARE(trayFixFor(in), TrayFix::EnterToken);
    }

    void statusLineForOtherFailures()
    {
        TrayInputs in;
        in.lastSyncFailed = true;
        in.problem = SyncProblem::NotConfigured;
        QVERIFY(trayStatusHeadline(in).startsWith(QStringLiteral("Not set up yet")));
        QCOMPARE(trayFixFor(in), TrayFix::Settings);
        in.problem = SyncProblem::Failed;
        in.lastSyncMessage = QStringLiteral("HTTP 500: boom");
        QCOMPARE(trayStatusHeadline(in), QStringLiteral("Sync failed: HTTP 500: boom"));
        QCOMPARE(trayFixFor(in), TrayFix::Retry);
    }
};

QTEST_GUILESS_MAIN(TestTrayState)
#include "tst_traystate.moc"
