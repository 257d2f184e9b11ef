// The tray's state: which one wins when several apply, the stable names, and the tooltip.

#include "tray/TrayState.h"

#include <QtTest>

using namespace teamai::ui;

class TestTrayState : public QObject
{
    Q_OBJECT
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
};

QTEST_GUILESS_MAIN(TestTrayState)
#include "tst_traystate.moc"
