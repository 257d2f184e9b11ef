// TrayController under offscreen (no system tray there): the Commands window stands in for the
// tray; a round runs a command and shows it; an error shows as such; the remote-command toggle
// persists, is seen by `teamai` at once, follows `teamai remote-cmd`, and is locked by policy;
// ledger changes made by another process appear by themselves. The menu's status line and the
// fix it offers per state, the same in the no-tray window, and a token saved in Settings used by
// the very next sync (issue 16).

#include "Version.h"
#include "config/RemoteCommandGate.h"
#include "config/AgentSettings.h"
#include "models/CommandsModel.h"
#include "sync/SyncScheduler.h"
#include "tray/TrayController.h"
#include "windows/AboutBox.h"
#include "windows/AckHistoryWindow.h"
#include "windows/CommandsWindow.h"
#include "windows/ConnectionFields.h"
#include "windows/SettingsDialog.h"
#include "tray/StatusPanel.h"

#include "DevServerProcess.h"
#include "TeamaiRunner.h"
#include "TestCases.h"
#include "TestEnvironment.h"

#include <QAction>
#include <QDesktopServices>
#include <QLineEdit>
#include <QToolButton>
#include <QUrl>
#include <QElapsedTimer>
#include <QLabel>
#include <QJsonArray>
#include <QMenu>
#include <QSignalSpy>
#include <QtTest>

#include <algorithm>

using namespace teamai;
using namespace teamai::ui;

namespace {
QJsonObject restricted(qint64 id, const QString &cmd)
{
    return {{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("uninstall_teamai")}, {QStringLiteral("cmd"), cmd}};
}

/// Stands in for the desktop's file viewer (QDesktopServices::setUrlHandler).
class UrlCatcher : public QObject
{
    Q_OBJECT
public:
    QList<QUrl> opened;
public slots:
    void open(const QUrl &url) { opened << url; }
};

/// True when a label of @p window says @p text.
bool showsText(const QWidget *window, const QString &text)
{
    const QList<QLabel *> labels = window->findChildren<QLabel *>();
    return std::any_of(labels.begin(), labels.end(), [&text](const QLabel *label) { return label->text().contains(text); });
}

QStringList visibleTexts(const QMenu *menu)
{
    QStringList texts;
    for (QAction *action : menu->actions()) {
        if (!action->isSeparator() && action->isVisible())
            texts << action->text();
    }
    return texts;
}

/// The fix actions the menu shows now, and the no-tray window's buttons (must be the same).
QStringList fixesShown(TrayController &tray)
{
    QStringList shown;
    for (QAction *action : {tray.enterTokenAction(), tray.setupAction(), tray.retryAction(), tray.openLogAction()}) {
        if (action->isVisible())
            shown << action->text();
    }
    return shown;
}

QStringList panelButtons(TrayController &tray)
{
    QStringList shown;
    for (QToolButton *button : tray.statusPanel()->visibleButtons())
        shown << button->text();
    return shown;
}

TrayController::Options quiet()
{
    TrayController::Options options;
    options.startScheduler = false;  // rounds only when a test asks
    options.followSystem = false;
    return options;
}
} // namespace

class TestTrayController : public teamai::test::ServerTestCase
{
    Q_OBJECT
private:
    SyncRoundResult round(TrayController &tray)
    {
        QSignalSpy finished(&tray, &TrayController::roundFinished);
        tray.syncNow();
        if (!finished.wait(20000))
            return {};
        return finished.at(0).at(0).value<SyncRoundResult>();
    }

    void setUp() override
    {
        QVERIFY(AgentSettings::update([](AgentSettings &s) { s.setEnabledAgents({QStringLiteral("claude")}); }));
    }

private slots:
    void cleanup()
    {
        qunsetenv("TEAMAI_POLICY_FILE");
        ServerTestCase::cleanup();
    }

    void menuHasTheActions()
    {
        TrayController tray(quiet());
        const QStringList texts = visibleTexts(tray.menu());
        QCOMPARE(texts, (QStringList{QStringLiteral("Not synced yet"), QStringLiteral("No successful sync yet."),
                                     QStringLiteral("Sync now"), QStringLiteral("Allow remote commands"), QStringLiteral("Hook rules"),
                                     QStringLiteral("Commands…"),
                                     QStringLiteral("Ack history…"), QStringLiteral("Settings…"), QStringLiteral("Start at login"),
                                     QStringLiteral("About TeamAI Desktop Agent…"), QStringLiteral("Quit")}));
        QVERIFY(tray.allowRemoteAction()->isCheckable());
        QVERIFY(tray.loginAction()->isCheckable());
        QCOMPARE(tray.agents(), QStringList{QStringLiteral("claude")});
    }

    void aboutShowsTheOneVersion()
    {
        const QString text = aboutText();
        QVERIFY(text.contains(QStringLiteral("Version ") + QString::fromLatin1(kVersion)));
        QVERIFY(text.contains(QStringLiteral("Apache License 2.0")));
    }

    void agentsFollowSettingsThenInstalledHooks()
    {
        QVERIFY(AgentSettings::update([](AgentSettings &s) { s.setEnabledAgents({}); }));
        TrayController tray(quiet());
        QCOMPARE(tray.agents(), QStringList{QStringLiteral("workbuddy")});  // nothing set up: the default tool
        QDir().mkpath(env->home() + QStringLiteral("/.codex"));
        QCOMPARE(test::runTeamai({QStringLiteral("init"), QStringLiteral("--http"), server->baseUrl(), QStringLiteral("--agents"),
                                  QStringLiteral("codex")})
                     .exitCode,
                 0);
        QCOMPARE(tray.agents(), QStringList{QStringLiteral("codex")});
        QVERIFY(AgentSettings::update([](AgentSettings &s) { s.setEnabledAgents({QStringLiteral("cursor"), QStringLiteral("bogus")}); }));
        QCOMPARE(tray.agents(), QStringList{QStringLiteral("cursor")});
    }

    void withoutATrayTheCommandsWindowOpens()
    {
        TrayController tray(quiet());
        tray.start();
        QVERIFY(!tray.trayAvailable());
        QVERIFY(tray.commandsWindow());
        QVERIFY(tray.commandsWindow()->isVisible());
        QVERIFY(showsText(tray.commandsWindow(), QStringLiteral("no system tray")));
        QCOMPARE(tray.status().value(QStringLiteral("tray_available")).toBool(), false);
        QCOMPARE(tray.state(), TrayState::Idle);
    }

    void aRoundRunsACommandAndShowsIt()
    {
        server->queue(restricted(1, QStringLiteral("teamai --version")));
        TrayController tray(quiet());
        tray.start();
        QSignalSpy shown(&tray.notifier(), &Notifier::show);
        const SyncRoundResult result = round(tray);
        QVERIFY2(result.ok, qPrintable(result.message));
        QCOMPARE(result.ran.size(), 1);
        QVERIFY(result.ran.at(0).succeeded);
        QCOMPARE(shown.count(), 1);
        QCOMPARE(shown.at(0).at(0).toString(), QStringLiteral("Command ran"));
        QVERIFY(shown.at(0).at(1).toString().contains(QStringLiteral("Command 1 (uninstall_teamai) for claude succeeded")));
        const CommandsModel *model = tray.commandsWindow()->model();
        QCOMPARE(model->rowCount(), 1);
        QCOMPARE(model->commandAt(0).commandId, 1);
        QCOMPARE(stateName(model->commandAt(0).state), QStringLiteral("succeeded"));
        const QJsonArray listed = tray.status().value(QStringLiteral("commands_shown")).toArray();
        QCOMPARE(listed.at(0).toObject().value(QStringLiteral("state")).toString(), QStringLiteral("succeeded"));
        QVERIFY(tray.toolTip().contains(QStringLiteral("— ok")));
        QCOMPARE(tray.state(), TrayState::Idle);
        QCOMPARE(server->acks().size(), 1);
    }

    void aRejectedTokenIsAnError()
    {
        server->setFault(QJsonObject{{QStringLiteral("route"), QStringLiteral("sync")}, {QStringLiteral("status"), 401},
                                     {QStringLiteral("body"), QJsonObject{{QStringLiteral("error"), QStringLiteral("invalid token")}}}});
        TrayController tray(quiet());
        tray.start();
        const SyncRoundResult result = round(tray);
        QVERIFY(!result.ok);
        QCOMPARE(tray.state(), TrayState::Error);
        QVERIFY2(tray.toolTip().contains(QStringLiteral("failed: invalid token")), qPrintable(tray.toolTip()));
        server->clearFaults();
        QVERIFY(round(tray).ok);
        QCOMPARE(tray.state(), TrayState::Idle);
    }

    // The status line and the fix per state, in the menu and in the no-tray window alike.
    void statusLineAndFixPerState()
    {
        TrayController tray(quiet());
        tray.start();
        QVERIFY(tray.statusPanel());
        QVERIFY(tray.statusPanel()->isVisible());
        QCOMPARE(tray.statusHeadlineAction()->text(), QStringLiteral("Not synced yet"));
        QVERIFY(!tray.statusHeadlineAction()->isEnabled());  // a line to read, not a command
        QCOMPARE(fixesShown(tray), QStringList());
        QCOMPARE(tray.statusPanel()->headline()->text(), QStringLiteral("Not synced yet"));

        QVERIFY(round(tray).ok);
        QCOMPARE(tray.statusHeadlineAction()->text(), QStringLiteral("Up to date"));
        QVERIFY2(tray.statusTimesAction()->text().startsWith(QStringLiteral("Last successful sync: ")),
                 qPrintable(tray.statusTimesAction()->text()));
        QCOMPARE(fixesShown(tray), QStringList());
        QCOMPARE(panelButtons(tray), QStringList());
        const QString lastOk = tray.statusTimesAction()->text();

        server->setFault(QJsonObject{{QStringLiteral("route"), QStringLiteral("sync")}, {QStringLiteral("status"), 401},
                                     {QStringLiteral("body"), QJsonObject{{QStringLiteral("error"), QStringLiteral("invalid token")}}}});
        QVERIFY(!round(tray).ok);
        QCOMPARE(tray.state(), TrayState::Error);
        QCOMPARE(tray.statusHeadlineAction()->text(), QStringLiteral("The backend rejected the token"));
        QCOMPARE(fixesShown(tray), (QStringList{QStringLiteral("Enter a new token…"), QStringLiteral("Open log")}));
        QCOMPARE(panelButtons(tray), fixesShown(tray));
        QCOMPARE(tray.statusPanel()->headline()->text(), tray.statusHeadlineAction()->text());
        QCOMPARE(tray.statusTimesAction()->text(), lastOk);  // the last success stays in view
        QCOMPARE(tray.status().value(QStringLiteral("fix")).toString(), QStringLiteral("enter_token"));
        // For people to look at (TEAMAI_TRAY_ARTIFACTS=<folder>): the no-tray window in this state.
        if (const QString folder = qEnvironmentVariable("TEAMAI_TRAY_ARTIFACTS"); !folder.isEmpty())
            QVERIFY(tray.commandsWindow()->grab().save(folder + QStringLiteral("/no-tray-token-rejected.png")));

        server->stop();
        QVERIFY(!round(tray).ok);
        QCOMPARE(tray.statusHeadlineAction()->text(), QStringLiteral("Cannot reach the backend"));
        QCOMPARE(fixesShown(tray), (QStringList{QStringLiteral("Retry now"), QStringLiteral("Open log")}));
        QCOMPARE(panelButtons(tray), fixesShown(tray));
        QCOMPARE(tray.statusPanel()->times()->text(), lastOk);
    }

    void fixActionsDoWhatTheySay()
    {
        UrlCatcher catcher;
        QDesktopServices::setUrlHandler(QStringLiteral("file"), &catcher, "open");
        server->setFault(QJsonObject{{QStringLiteral("route"), QStringLiteral("sync")}, {QStringLiteral("status"), 401}});
        TrayController tray(quiet());
        tray.start();
        QVERIFY(!round(tray).ok);
        tray.openLogAction()->trigger();
        QDesktopServices::unsetUrlHandler(QStringLiteral("file"));
        QCOMPARE(catcher.opened.size(), 1);
        QVERIFY2(catcher.opened.at(0).toLocalFile().contains(QStringLiteral("/logs")), qPrintable(catcher.opened.at(0).toString()));

        tray.enterTokenAction()->trigger();
        QVERIFY(tray.settingsDialog());
        QVERIFY(tray.settingsDialog()->isVisible());
        QVERIFY(showsText(tray.settingsDialog(), QStringLiteral("rejected the saved token")));

        // Retry now runs a round at once.
        server->clearFaults();
        QSignalSpy finished(&tray, &TrayController::roundFinished);
        tray.retryAction()->trigger();
        QVERIFY(finished.wait(20000));
        QVERIFY(finished.at(0).at(0).value<SyncRoundResult>().ok);
        QVERIFY(!tray.retryAction()->isVisible());
        QVERIFY(!tray.enterTokenAction()->isVisible());
    }

    // A token saved in Settings is what the very next sync sends (no restart, no 75 s of the old one).
    void aNewTokenSavedInSettingsIsSentByTheNextSync()
    {
        TrayController tray(quiet());
        tray.start();
        QVERIFY(round(tray).ok);
        // The token is revoked on the backend: the tray says so and offers to enter a new one.
        server->setSettings(QJsonObject{{QStringLiteral("token"), QStringLiteral("rotated-token")}});
        QVERIFY(!round(tray).ok);
        QCOMPARE(tray.status().value(QStringLiteral("fix")).toString(), QStringLiteral("enter_token"));
        tray.enterTokenAction()->trigger();
        SettingsDialog *dialog = tray.settingsDialog();
        QVERIFY(dialog);
        dialog->connection()->token()->setText(QStringLiteral("rotated-token"));
        QSignalSpy finished(&tray, &TrayController::roundFinished);
        QSignalSpy applied(dialog, &SettingsDialog::applied);
        dialog->save();
        QVERIFY(applied.wait(20000));
        QVERIFY(finished.wait(20000));  // saving syncs at once
        QVERIFY2(finished.at(0).at(0).value<SyncRoundResult>().ok, qPrintable(finished.at(0).at(0).value<SyncRoundResult>().message));
        const QJsonArray syncs = server->requests(QStringLiteral("sync"));
        QCOMPARE(syncs.last().toObject().value(QStringLiteral("authorization")).toString(), QStringLiteral("Bearer rotated-token"));
        QCOMPARE(tray.state(), TrayState::Idle);
        QCOMPARE(tray.statusHeadlineAction()->text(), QStringLiteral("Up to date"));
        // The dialog said where the token went: no credential store here, so a plain file, with why.
        QVERIFY(dialog->tokenSaved()->isVisible());
        QVERIFY(dialog->tokenSavedIsWarning());
        QVERIFY2(dialog->tokenSaved()->text().contains(QStringLiteral("gnome-keyring")), qPrintable(dialog->tokenSaved()->text()));
    }

    void theToggleIsPersistedAndSeenByHooksAtOnce()
    {
        TrayController tray(quiet());
        tray.start();
        QVERIFY(tray.allowRemoteAction()->isChecked());
        tray.allowRemoteAction()->trigger();
        QVERIFY(!tray.allowRemoteAction()->isChecked());
        const RemoteCommandGate::Decision gate = RemoteCommandGate::evaluate();
        QVERIFY(!gate.allowed);
        QCOMPARE(gate.changedBy, QStringLiteral("tray"));
        QCOMPARE(tray.state(), TrayState::RemoteDisabled);
        // The next `teamai` (what a hook runs) refuses a pushed command.
        server->queue(restricted(2, QStringLiteral("teamai --version")));
        test::runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")});
        QCOMPARE(server->acks().at(0).toObject().value(QStringLiteral("error")).toString(), QStringLiteral("remote cmd disabled by client"));
        tray.allowRemoteAction()->trigger();
        QVERIFY(RemoteCommandGate::evaluate().allowed);
        QCOMPARE(tray.state(), TrayState::Idle);
    }

    // The toggle withdraws the backend's hook rules from the agent's settings at once (the same
    // core function as `teamai remote-cmd`), and the menu lists them with their state.
    void theToggleWithdrawsAndRestoresHookRules()
    {
        TrayController tray(quiet());
        tray.start();
        server->queue(QJsonObject{{QStringLiteral("id"), 7}, {QStringLiteral("type"), QStringLiteral("install_hook_rule")},
                                  {QStringLiteral("slug"), QStringLiteral("fmt")}, {QStringLiteral("event"), QStringLiteral("Stop")},
                                  {QStringLiteral("cmd"), QStringLiteral("notify done")}});
        round(tray);
        const QString settingsPath = QStringLiteral(".claude/settings.json");
        QVERIFY(env->readFile(settingsPath).contains("[teamai:agent-hook:fmt]"));
        QTRY_COMPARE_WITH_TIMEOUT(tray.hookRulesMenu()->title(), QStringLiteral("Hook rules (1)"), 2000);
        QCOMPARE(tray.hookRulesMenu()->actions().at(0)->text(), QStringLiteral("fmt — claude, Stop (active)"));

        tray.allowRemoteAction()->trigger();
        QVERIFY(!env->readFile(settingsPath).contains("[teamai:agent-hook:fmt]"));
        QCOMPARE(tray.hookRulesMenu()->actions().at(0)->text(), QStringLiteral("fmt — claude, Stop (withdrawn)"));
        QCOMPARE(tray.status().value(QStringLiteral("hook_rules")).toArray().at(0).toObject().value(QStringLiteral("state")).toString(),
                 QStringLiteral("withdrawn"));

        tray.allowRemoteAction()->trigger();
        // Restored exactly once: one hook entry carries our tag (its group also names it, as the
        // reference client's description does).
        QCOMPARE(env->readFile(settingsPath).count("\"_teamai\": \"[teamai:agent-hook:fmt]\""), 1);
        QCOMPARE(tray.hookRulesMenu()->actions().at(0)->text(), QStringLiteral("fmt — claude, Stop (active)"));
    }

    void aSwitchFlippedElsewhereShowsWithinASecond()
    {
        TrayController tray(quiet());
        tray.start();
        QVERIFY(tray.allowRemoteAction()->isChecked());
        QVERIFY(test::runTeamai({QStringLiteral("remote-cmd"), QStringLiteral("disable")}).exitCode == 0);
        QElapsedTimer clock;
        clock.start();
        QTRY_VERIFY_WITH_TIMEOUT(!tray.allowRemoteAction()->isChecked(), 1500);
        QCOMPARE(tray.state(), TrayState::RemoteDisabled);
    }

    void aLockedPolicyCannotBeFlipped()
    {
        const QString policy = env->writeFile(QStringLiteral("policy.json"),
                                              "{\"remoteCommands\": {\"enabled\": false, \"locked\": true}}");
        qputenv("TEAMAI_POLICY_FILE", policy.toUtf8());
        TrayController tray(quiet());
        tray.start();
        QVERIFY(!tray.allowRemoteAction()->isEnabled());
        QVERIFY(!tray.allowRemoteAction()->isChecked());
        QVERIFY(tray.allowRemoteAction()->text().contains(QStringLiteral("locked by policy")));
        QCOMPARE(tray.state(), TrayState::RemoteLocked);
        QVERIFY(tray.toolTip().contains(QStringLiteral("locked by policy")));
        tray.setRemoteAllowed(true);  // as if the menu could still be clicked
        QVERIFY(!RemoteCommandGate::evaluate().allowed);
        // Unlocking the policy shows without a restart.
        env->writeFile(QStringLiteral("policy.json"), "{\"remoteCommands\": {\"enabled\": true, \"locked\": false}}");
        QTRY_VERIFY_WITH_TIMEOUT(tray.allowRemoteAction()->isEnabled(), 2000);
        QCOMPARE(tray.state(), TrayState::Idle);
    }

    void changesByOtherProcessesAppearWithinASecond()
    {
        TrayController tray(quiet());
        tray.start();
        QCOMPARE(tray.commandsWindow()->model()->rowCount(), 0);
        server->queue(restricted(3, QStringLiteral("teamai --version")));
        QCOMPARE(test::runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")}).exitCode, 0);
        QElapsedTimer clock;
        clock.start();
        QTRY_COMPARE_WITH_TIMEOUT(tray.commandsWindow()->model()->rowCount(), 1, 1000);
        QCOMPARE(tray.commandsWindow()->model()->commandAt(0).commandId, 3);
    }

    void messagesFromASecondLaunch()
    {
        TrayController tray(quiet());
        tray.start();
        QVERIFY(tray.handleMessage({{QStringLiteral("cmd"), QStringLiteral("show")}, {QStringLiteral("window"), QStringLiteral("history")}})
                    .value(QStringLiteral("ok")).toBool());
        QVERIFY(tray.ackHistoryWindow() && tray.ackHistoryWindow()->isVisible());
        const QJsonObject status = tray.handleMessage({{QStringLiteral("cmd"), QStringLiteral("status")}});
        QCOMPARE(status.value(QStringLiteral("state")).toString(), QStringLiteral("idle"));
        QCOMPARE(status.value(QStringLiteral("history_window")).toBool(), true);
        QCOMPARE(status.value(QStringLiteral("endpoint")).toString(), server->baseUrl());
        QVERIFY(!tray.handleMessage({{QStringLiteral("cmd"), QStringLiteral("dance")}}).value(QStringLiteral("ok")).toBool());
        QSignalSpy quit(&tray, &TrayController::quitRequested);
        tray.handleMessage({{QStringLiteral("cmd"), QStringLiteral("quit")}});
        QVERIFY(quit.wait(5000));
        QCOMPARE(tray.scheduler().state(), SyncScheduler::State::Stopped);
    }

    void theSchedulerSyncsByItself()
    {
        TrayController::Options options;
        options.followSystem = false;
        TrayController tray(options);
        QSignalSpy finished(&tray, &TrayController::roundFinished);
        tray.start();  // start() asks for the first round itself
        QVERIFY(finished.wait(10000));
        QCOMPARE(tray.scheduler().state(), SyncScheduler::State::Waiting);
        QVERIFY(tray.scheduler().nextSyncAt() > QDateTime::currentDateTimeUtc().addSecs(4 * 60));
        QVERIFY(tray.shutdown());
        QCOMPARE(tray.scheduler().state(), SyncScheduler::State::Stopped);
    }
};

QTEST_MAIN(TestTrayController)
#include "tst_traycontroller.moc"
