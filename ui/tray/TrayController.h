#pragma once

#include "syncthread/SyncWorker.h"
#include "tray/Notifier.h"
#include "tray/TrayState.h"

#include <QFileSystemWatcher>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QThread>
#include <QTimer>

#include <memory>

class QAction;
class QMenu;
class QSystemTrayIcon;

namespace teamai {
class CommandLedger;
class LedgerDatabase;
class LedgerWatcher;
class SyncScheduler;
}

namespace teamai::ui {

class AckHistoryWindow;
class CommandsWindow;
class ResumeNotifier;
class SettingsDialog;
class StatusPanel;

/// @brief The tray app: the icon and its menu, the sync thread and its scheduler, the watchers
/// that keep what is shown current, and the windows (made when first opened). It has no sync
/// logic of its own: rounds run in SyncWorker on the shared SyncEngine, the kill switch is
/// RemoteCommandGate, history is the ledger.
///
/// What keeps the display current without polling: LedgerWatcher (the ledger, written by this
/// and every other agent process) and a file watcher on the agent state folder and the policy
/// file (the kill switch and settings, changed by `teamai remote-cmd` or an administrator).
///
/// The menu starts with a status line (the state in words, the last successful and the next sync)
/// and the action for the problem at hand: "Enter a new token…" when the token was rejected,
/// "Retry now" when the backend could not be reached or failed, "Open log" for any failure.
///
/// Where the desktop has no system tray, start() says so and opens the Commands window with the
/// menu's actions instead, headed by a StatusPanel showing the same status line and actions;
/// closing it quits.
class TrayController : public QObject
{
    Q_OBJECT
public:
    struct Options {
        QString teamaiPath;          ///< `teamai` the hooks run (default: next to this program)
        bool forceNoTray = false;    ///< behave as if there were no system tray (tests)
        bool startScheduler = true;  ///< false: no automatic rounds (tests drive syncNow())
        bool followSystem = true;    ///< wake-up notifications, and reachability once a round failed
    };

    explicit TrayController(const Options &options, QObject *parent = nullptr);
    ~TrayController() override;

    /// @brief Shows the icon (or the Commands window) and starts syncing.
    void start();
    /// @brief Stops syncing at once and ends the sync thread (waits up to @p waitMs for a round
    /// in progress, after cancelling its command). False when the thread did not end in time.
    bool shutdown(int waitMs = 5000);

    TrayState state() const { return trayStateFor(m_inputs); }
    const TrayInputs &inputs() const { return m_inputs; }
    QString toolTip() const { return trayToolTip(m_inputs); }
    bool trayAvailable() const { return m_trayAvailable; }
    /// @brief The agents rounds run for: those enabled in Settings, else those whose hooks
    /// `teamai init` installed, else the default tool.
    QStringList agents() const;
    int roundsFinished() const { return m_rounds; }

    QMenu *menu() const { return m_menu.get(); }
    QAction *syncAction() const { return m_sync; }
    QAction *allowRemoteAction() const { return m_allowRemote; }
    /// @brief The submenu listing the backend's hook rules (slug, tool, event, active/withdrawn).
    QMenu *hookRulesMenu() const { return m_hookRules; }
    QAction *commandsAction() const { return m_commands; }
    QAction *historyAction() const { return m_history; }
    QAction *settingsAction() const { return m_settings; }
    QAction *loginAction() const { return m_login; }
    QAction *quitAction() const { return m_quit; }
    /// @brief The status line: two disabled rows at the top of the menu.
    QAction *statusHeadlineAction() const { return m_statusHeadline; }
    QAction *statusTimesAction() const { return m_statusTimes; }
    /// @brief The fix actions, visible only when they apply (see TrayFix).
    QAction *enterTokenAction() const { return m_enterToken; }
    QAction *setupAction() const { return m_setup; }
    QAction *retryAction() const { return m_retry; }
    QAction *openLogAction() const { return m_openLog; }
    /// @brief The no-tray window's status line (null while there is a tray).
    StatusPanel *statusPanel() const;
    SyncScheduler &scheduler() const { return *m_scheduler; }
    Notifier &notifier() { return m_notifier; }
    /// @brief The windows, once opened (null before).
    CommandsWindow *commandsWindow() const;
    AckHistoryWindow *ackHistoryWindow() const;
    SettingsDialog *settingsDialog() const;

    /// @brief Answers a request from another launch (SingleInstance): activate, show (window:
    /// commands, history, settings, token — Settings asking for a new token), status, quit.
    QJsonObject handleMessage(const QJsonObject &request);
    /// @brief Everything a test or a diagnostic wants to know, as JSON.
    QJsonObject status() const;

public slots:
    void syncNow();
    void showCommands();
    void showAckHistory();
    void showSettings();
    /// @brief Settings, with the token field focused and a word on why (the token was rejected).
    void enterNewToken();
    /// @brief Opens the log file (or its folder) with the desktop's viewer.
    void openLog();
    void showAbout();
    void setRemoteAllowed(bool allowed);
    /// @brief Re-reads the kill switch, settings and counts, and updates icon, tooltip and menu.
    void refresh();
    void quit();

signals:
    void stateChanged(teamai::ui::TrayState state);
    void roundFinished(const teamai::ui::SyncRoundResult &result);
    /// @brief Someone asked the app to quit; the caller ends the event loop.
    void quitRequested();
    /// @brief A message for the user that is not a notification (errors of menu actions).
    void message(const QString &text);

private:
    void buildMenu();
    void startWorker();
    void onRoundStarted();
    void onRoundFinished(const SyncRoundResult &result);
    void onLedgerChanged();
    void watchSettingsFiles();
    void refreshHookRules();
    void updateIcon();
    void updateStatusLine();
    void showNoTrayWindow();
    void notifyRound(const SyncRoundResult &result);
    CommandLedger *ledger();
    void raise(QWidget *window);

    Options m_options;
    TrayInputs m_inputs;
    TrayState m_shownState = TrayState::Idle;
    bool m_trayAvailable = false;
    bool m_started = false;
    bool m_shutDown = false;
    int m_rounds = 0;
    QString m_lastRoundMessage;
    SyncProblem m_lastRoundProblem = SyncProblem::None;
    QDateTime m_lastSuccess;           // our own rounds' last success

    std::unique_ptr<QMenu> m_menu;
    QAction *m_statusHeadline = nullptr;
    QAction *m_statusTimes = nullptr;
    QAction *m_enterToken = nullptr;
    QAction *m_setup = nullptr;
    QAction *m_retry = nullptr;
    QAction *m_openLog = nullptr;
    QAction *m_sync = nullptr;
    QAction *m_allowRemote = nullptr;
    QMenu *m_hookRules = nullptr;      // owned by m_menu
    QJsonArray m_hookRuleRows;         // what it lists, for status()
    QAction *m_commands = nullptr;
    QAction *m_history = nullptr;
    QAction *m_settings = nullptr;
    QAction *m_login = nullptr;
    QAction *m_about = nullptr;
    QAction *m_quit = nullptr;
    QSystemTrayIcon *m_tray = nullptr;

    std::unique_ptr<SyncScheduler> m_scheduler;
    QThread m_thread;
    SyncWorker *m_worker = nullptr;  // lives on m_thread
    Notifier m_notifier;
    ResumeNotifier *m_resume = nullptr;

    std::unique_ptr<LedgerDatabase> m_database;  // the GUI thread's connection, opened on first use
    std::unique_ptr<CommandLedger> m_ledger;
    std::unique_ptr<LedgerWatcher> m_ledgerWatcher;
    QFileSystemWatcher m_settingsWatcher;
    QTimer m_settingsDebounce;

    QPointer<CommandsWindow> m_commandsWindow;
    QPointer<AckHistoryWindow> m_historyWindow;
    QPointer<SettingsDialog> m_settingsDialog;
    QPointer<StatusPanel> m_statusPanel;
};

} // namespace teamai::ui
