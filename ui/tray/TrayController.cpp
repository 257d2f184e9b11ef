#include "tray/TrayController.h"

#include "agenthooks/HookRuleGate.h"
#include "agenthooks/HookRules.h"
#include "desktop/LoginItem.h"
#include "syncthread/SyncedAgents.h"
#include "desktop/ResumeNotifier.h"
#include "config/AdminPolicy.h"
#include "config/AgentConfig.h"
#include "config/AgentSettings.h"
#include "config/RemoteCommandGate.h"
#include "log/Logging.h"
#include "models/CommandsModel.h"
#include "store/CommandLedger.h"
#include "store/LastSyncFile.h"
#include "store/LedgerDatabase.h"
#include "store/LedgerWatcher.h"
#include "sync/SyncScheduler.h"
#include "tools/ToolTable.h"
#include "tray/DesktopNotificationSink.h"
#include "tray/RoundNotifications.h"
#include "tray/StatusPanel.h"
#include "tray/TrayIconFactory.h"
#include "util/Paths.h"
#include "windows/AboutBox.h"
#include "windows/AckHistoryWindow.h"
#include "windows/CommandsWindow.h"
#include "windows/SettingsDialog.h"

#include <QAction>
#include <QApplication>
#include <QBoxLayout>
#include <QDesktopServices>
#include <QFileInfo>
#include <QJsonArray>
#include <QMenu>
#include <QSystemTrayIcon>
#include <QTableView>
#include <QUrl>

namespace teamai::ui {
namespace {
constexpr int kSettingsDebounceMs = 200;
constexpr int kNotificationMs = 8000;

QString fixName(TrayFix fix)
{
    switch (fix) {
    case TrayFix::None: return QStringLiteral("none");
    case TrayFix::EnterToken: return QStringLiteral("enter_token");
    case TrayFix::Retry: return QStringLiteral("retry");
    case TrayFix::Settings: return QStringLiteral("settings");
    }
    return {};
}

} // namespace

TrayController::TrayController(const Options &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_scheduler(std::make_unique<SyncScheduler>())
{
    m_thread.setObjectName(QStringLiteral("teamai-sync"));
    m_settingsDebounce.setSingleShot(true);
    m_settingsDebounce.setInterval(kSettingsDebounceMs);
    connect(&m_settingsDebounce, &QTimer::timeout, this, &TrayController::refresh);
    connect(&m_settingsWatcher, &QFileSystemWatcher::directoryChanged, this, [this] {
        watchSettingsFiles();  // a policy file that appeared
        m_settingsDebounce.start();
    });
    connect(&m_settingsWatcher, &QFileSystemWatcher::fileChanged, this, [this] {
        watchSettingsFiles();  // a replaced policy file is a new inode
        m_settingsDebounce.start();
    });
    buildMenu();
}

TrayController::~TrayController()
{
    shutdown();
    if (m_commandsWindow)
        m_commandsWindow->disconnect(this);
    delete m_commandsWindow;
    delete m_historyWindow;
    delete m_settingsDialog;
}

CommandsWindow *TrayController::commandsWindow() const
{
    return m_commandsWindow;
}

AckHistoryWindow *TrayController::ackHistoryWindow() const
{
    return m_historyWindow;
}

SettingsDialog *TrayController::settingsDialog() const
{
    return m_settingsDialog;
}

StatusPanel *TrayController::statusPanel() const
{
    return m_statusPanel;
}

QStringList TrayController::agents() const
{
    return syncedAgents();
}

void TrayController::buildMenu()
{
    m_menu = std::make_unique<QMenu>();
    // The status line: what is going on and, when something is wrong, what to do about it.
    m_statusHeadline = m_menu->addAction(QString());
    m_statusHeadline->setEnabled(false);
    QFont headlineFont = m_statusHeadline->font();
    headlineFont.setBold(true);  // a disabled row reads grey: bold keeps it the first thing seen
    m_statusHeadline->setFont(headlineFont);
    m_statusTimes = m_menu->addAction(QString());
    m_statusTimes->setEnabled(false);
    m_enterToken = m_menu->addAction(tr("Enter a new token…"), this, &TrayController::enterNewToken);
    m_setup = m_menu->addAction(tr("Set up the backend…"), this, &TrayController::showSettings);
    m_retry = m_menu->addAction(tr("Retry now"), this, &TrayController::syncNow);
    m_openLog = m_menu->addAction(tr("Open log"), this, &TrayController::openLog);
    m_menu->addSeparator();
    m_sync = m_menu->addAction(tr("Sync now"), this, &TrayController::syncNow);
    m_menu->addSeparator();
    m_allowRemote = m_menu->addAction(tr("Allow remote commands"));
    m_allowRemote->setCheckable(true);
    connect(m_allowRemote, &QAction::triggered, this, &TrayController::setRemoteAllowed);
    m_hookRules = m_menu->addMenu(tr("Hook rules"));
    m_menu->addSeparator();
    m_commands = m_menu->addAction(tr("Commands…"), this, &TrayController::showCommands);
    m_history = m_menu->addAction(tr("Ack history…"), this, &TrayController::showAckHistory);
    m_settings = m_menu->addAction(tr("Settings…"), this, &TrayController::showSettings);
    m_menu->addSeparator();
    m_login = m_menu->addAction(tr("Start at login"));
    m_login->setCheckable(true);
    m_login->setChecked(LoginItem::isEnabled());
    connect(m_login, &QAction::triggered, this, [this](bool enabled) {
        QString error;
        if (!LoginItem::setEnabled(enabled, &error)) {
            m_login->setChecked(LoginItem::isEnabled());
            emit message(error);
        }
    });
    m_menu->addSeparator();
    m_about = m_menu->addAction(tr("About TeamAI Desktop Agent…"), this, &TrayController::showAbout);
    m_quit = m_menu->addAction(tr("Quit"), this, &TrayController::quit);
    updateStatusLine();
}

CommandLedger *TrayController::ledger()
{
    if (m_ledger)
        return m_ledger.get();
    auto database = std::make_unique<LedgerDatabase>();
    if (const Status opened = database->open(); !opened) {
        qCWarning(lcStore).noquote() << "tray: the ledger is unavailable:" << opened.error();
        return nullptr;
    }
    m_database = std::move(database);
    m_ledger = std::make_unique<CommandLedger>(*m_database);
    return m_ledger.get();
}

void TrayController::start()
{
    if (m_started)
        return;
    m_started = true;
    (void)paths::ensurePrivateDir(paths::agentStateDir());  // each file in it reports its own failure
    // The first round first: it runs on the sync thread while the tray host is looked for (a
    // D-Bus call), the watchers and the icon are set up here (docs/performance.md, start-up).
    startWorker();
    if (m_options.startScheduler)
        m_scheduler->start();
    m_trayAvailable = !m_options.forceNoTray && QSystemTrayIcon::isSystemTrayAvailable();
    m_ledgerWatcher = std::make_unique<LedgerWatcher>(LedgerDatabase::defaultPath());
    connect(m_ledgerWatcher.get(), &LedgerWatcher::changed, this, &TrayController::onLedgerChanged);
    watchSettingsFiles();
    refresh();

    if (m_trayAvailable) {
        m_tray = new QSystemTrayIcon(TrayIconFactory::icon(state()), this);
        m_tray->setContextMenu(m_menu.get());
        m_tray->setToolTip(toolTip());
        connect(m_tray, &QSystemTrayIcon::activated, this, [this](QSystemTrayIcon::ActivationReason reason) {
            if (reason == QSystemTrayIcon::Trigger || reason == QSystemTrayIcon::DoubleClick)
                showCommands();
        });
        connect(this, &TrayController::message, this, [this](const QString &text) {
            m_tray->showMessage(QStringLiteral("TeamAI Agent"), text, QSystemTrayIcon::Warning, kNotificationMs);
        });
        m_tray->show();
        qCInfo(lcSync) << "tray: icon shown";
    } else {
        showNoTrayWindow();
    }

    m_notifier.setSink(createDesktopNotificationSink(m_tray, this));  // also without a tray host
    if (m_options.followSystem) {
        m_scheduler->watchNetworkOnFailure();
        m_resume = new ResumeNotifier(this);
        connect(m_resume, &ResumeNotifier::resumed, m_scheduler.get(), &SyncScheduler::systemResumed);
    }
}

void TrayController::showNoTrayWindow()
{
    qCWarning(lcSync) << "tray: no system tray on this desktop; showing the Commands window instead";
    showCommands();
    if (!m_commandsWindow)
        return;  // no ledger: showCommands() said so
    m_commandsWindow->showAppControls(
        {m_sync, m_allowRemote, m_history, m_settings, m_quit},
        tr("This desktop has no system tray, so TeamAI Agent runs in this window: it keeps syncing while "
           "the window is open, and closing it quits."));
    // The menu's status line and fix actions head the window, above the notice.
    if (auto *box = qobject_cast<QBoxLayout *>(m_commandsWindow->layout())) {
        m_statusPanel = new StatusPanel({m_enterToken, m_setup, m_retry, m_openLog}, m_commandsWindow);
        box->insertWidget(0, m_statusPanel);
        m_statusPanel->show();  // added to a window already on screen
    } else {
        qCWarning(lcSync) << "tray: the Commands window has no box layout; its status line is not shown";
    }
    updateStatusLine();
    m_commandsWindow->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_commandsWindow, &QObject::destroyed, this, &TrayController::quit);
}

void TrayController::startWorker()
{
    m_worker = new SyncWorker;
    m_worker->moveToThread(&m_thread);
    connect(m_worker, &SyncWorker::roundStarted, this, &TrayController::onRoundStarted);
    connect(m_worker, &SyncWorker::roundFinished, this, &TrayController::onRoundFinished);
    // Output is not passed along: the Commands window reads every run's output files.
    connect(m_worker, &SyncWorker::commandStarted, this, [this] {
        refresh();
        if (m_commandsWindow)
            m_commandsWindow->runStarted();
    });
    connect(m_worker, &SyncWorker::commandFinished, this, [this] {
        refresh();
        if (m_commandsWindow)
            m_commandsWindow->reload();
    });
    connect(m_scheduler.get(), &SyncScheduler::syncRequested, this, [this](const QString &reason) {
        const QStringList list = agents();
        QMetaObject::invokeMethod(m_worker, [worker = m_worker, list, reason] { worker->runRound(list, reason); }, Qt::QueuedConnection);
    });
    connect(m_scheduler.get(), &SyncScheduler::stateChanged, this, [this] {
        m_inputs.syncing = m_scheduler->state() == SyncScheduler::State::Syncing;
        updateIcon();
    });
    connect(m_menu.get(), &QMenu::aboutToShow, this, &TrayController::updateStatusLine);
    m_thread.start();
}

bool TrayController::shutdown(int waitMs)
{
    if (m_shutDown)
        return true;
    m_shutDown = true;
    m_scheduler->stop();
    if (!m_thread.isRunning()) {
        delete m_worker;
        m_worker = nullptr;
        return true;
    }
    // A command in progress is stopped through the executor (SIGTERM, grace, SIGKILL); the round
    // then records it as cancelled and the thread can end.
    m_worker->cancelRunning();
    QMetaObject::invokeMethod(m_worker, &SyncWorker::shutdown, Qt::QueuedConnection);
    if (!m_thread.wait(QDeadlineTimer(waitMs))) {
        qCWarning(lcSync) << "tray: the sync thread did not stop within" << waitMs << "ms";
        return false;
    }
    delete m_worker;
    m_worker = nullptr;
    return true;
}

void TrayController::watchSettingsFiles()
{
    // Settings and config are replaced atomically (rename into the folder): watch the folder.
    const QStringList wanted = {paths::agentStateDir(), AdminPolicy::path(), QFileInfo(AdminPolicy::path()).absolutePath()};
    // Only what is not watched yet is added (a policy file that was replaced or appeared):
    // re-adding a watched path could drop an event queued for it.
    const QStringList watched = m_settingsWatcher.files() + m_settingsWatcher.directories();
    for (const QString &path : wanted) {
        if (!watched.contains(path) && QFileInfo::exists(path))
            m_settingsWatcher.addPath(path);
    }
}

void TrayController::refresh()
{
    const RemoteCommandGate::Decision gate = RemoteCommandGate::evaluate();
    const AgentConfig::Loaded config = AgentConfig::load();
    m_inputs.remoteAllowed = gate.allowed;
    m_inputs.remoteLocked = gate.locked;
    m_inputs.remoteDetail = gate.detail;
    m_inputs.endpoint = config.config.endpoint();
    if (CommandLedger *l = ledger()) {
        m_inputs.pending = l->countInState(CommandState::Pending).valueOr(0);
        m_inputs.running = l->countInState(CommandState::Running).valueOr(0);
    }
    // Any process's last round: a hook's, `teamai sync`'s or ours.
    const std::optional<SyncRecord> last = lastsync::load();
    m_inputs.lastSyncTime = last ? last->time : QDateTime();
    m_inputs.lastSyncOk = last && last->ok;
    m_inputs.lastSyncMessage = last ? last->message : QString();
    // Our own round's verdict wins: it covers every agent, the record only the last one.
    m_inputs.lastSyncFailed = m_rounds > 0 ? !m_lastRoundMessage.isEmpty() : (last && !last->ok);
    if (m_rounds > 0 && !m_lastRoundMessage.isEmpty())
        m_inputs.lastSyncMessage = m_lastRoundMessage;
    // Another process's record says only "failed": what it was is known for our own rounds.
    m_inputs.problem = !m_inputs.lastSyncFailed ? SyncProblem::None
        : m_rounds > 0                          ? m_lastRoundProblem
                                                : SyncProblem::Failed;
    m_inputs.lastSuccessTime = m_lastSuccess;
    if (last && last->ok && (!m_lastSuccess.isValid() || last->time > m_lastSuccess))
        m_inputs.lastSuccessTime = last->time;
    m_inputs.commandRunning = m_inputs.running > 0;  // ours are in the ledger too

    const QSignalBlocker block(m_allowRemote);
    m_allowRemote->setChecked(gate.allowed);
    const bool envDecides = gate.reason == RemoteCommandGate::Decision::Reason::Env;
    m_allowRemote->setEnabled(!gate.locked && !envDecides);
    m_allowRemote->setText(gate.locked ? tr("Allow remote commands (locked by policy)")
                           : envDecides ? tr("Allow remote commands (off: TEAMAI_DISABLE_REMOTE_CMD)")
                                        : tr("Allow remote commands"));
    m_allowRemote->setToolTip(gate.detail);
    refreshHookRules();
    updateIcon();
}

void TrayController::refreshHookRules()
{
    // Read-only: the list of what the backend installed, and whether the kill switch withdrew it.
    const Result<QList<agenthooks::HookRuleRecord>> read = agenthooks::hookrules::installedForAllTools();
    const QList<agenthooks::HookRuleRecord> rules = read.valueOr({});
    const QString error = read.error();
    m_hookRules->clear();
    m_hookRuleRows = QJsonArray();
    m_hookRules->setTitle(rules.isEmpty() ? tr("Hook rules: none") : tr("Hook rules (%1)").arg(rules.size()));
    if (!error.isEmpty())
        m_hookRules->addAction(tr("Cannot read agent-hooks.json: %1").arg(error))->setEnabled(false);
    for (const agenthooks::HookRuleRecord &rule : rules) {
        const QString state = agenthooks::hookrules::stateName(rule);
        m_hookRules->addAction(QStringLiteral("%1 — %2, %3 (%4)").arg(rule.slug, rule.tool, rule.agentEvent, state))->setEnabled(false);
        m_hookRuleRows.append(QJsonObject{{QStringLiteral("slug"), rule.slug}, {QStringLiteral("tool"), rule.tool},
                                          {QStringLiteral("event"), rule.agentEvent}, {QStringLiteral("state"), state}});
    }
    m_hookRules->setEnabled(!rules.isEmpty() || !error.isEmpty());
}

void TrayController::updateStatusLine()
{
    const SyncScheduler::State planned = m_scheduler->state();
    m_inputs.nextSyncTime = planned == SyncScheduler::State::Waiting || planned == SyncScheduler::State::BackingOff
        ? m_scheduler->nextSyncAt() : QDateTime();
    m_statusHeadline->setText(trayStatusHeadline(m_inputs));
    m_statusHeadline->setIcon(TrayIconFactory::icon(state()));
    m_statusTimes->setText(trayStatusTimes(m_inputs));
    const TrayFix fix = trayFixFor(m_inputs);
    m_enterToken->setVisible(fix == TrayFix::EnterToken);
    m_setup->setVisible(fix == TrayFix::Settings);
    m_retry->setVisible(fix == TrayFix::Retry);
    m_openLog->setVisible(m_inputs.lastSyncFailed);
    if (m_statusPanel)
        m_statusPanel->showStatus(m_inputs);
}

void TrayController::updateIcon()
{
    updateStatusLine();
    const TrayState now = state();
    if (m_tray) {
        if (now != m_shownState || m_tray->icon().isNull())
            m_tray->setIcon(TrayIconFactory::icon(now));
        m_tray->setToolTip(toolTip());
    }
    if (now != m_shownState) {
        qCInfo(lcSync).noquote() << "tray:" << trayStateName(m_shownState) << "→" << trayStateName(now);
        m_shownState = now;
        emit stateChanged(now);
    }
}

void TrayController::onRoundStarted()
{
    m_inputs.syncing = true;
    updateIcon();
}

void TrayController::onRoundFinished(const SyncRoundResult &result)
{
    ++m_rounds;
    m_lastRoundMessage = result.ok ? QString() : (result.message.isEmpty() ? QStringLiteral("sync failed") : result.message);
    m_lastRoundProblem = result.ok ? SyncProblem::None : result.problem;
    if (result.ok)
        m_lastSuccess = result.finishedAt;
    m_scheduler->syncFinished(result.ok);
    m_inputs.syncing = m_scheduler->state() == SyncScheduler::State::Syncing;
    refresh();
    notifyRound(result);
    if (m_commandsWindow)
        m_commandsWindow->reload();
    emit roundFinished(result);
}

void TrayController::notifyRound(const SyncRoundResult &result)
{
    m_notifier.setEnabledKinds(enabledNotificationKinds());  // the user's choice in Settings, read now
    m_notifier.post(RoundNotifications::eventsFor(result));
}

void TrayController::onLedgerChanged()
{
    refresh();
    if (m_commandsWindow && m_commandsWindow->isVisible())
        m_commandsWindow->reload();
    if (m_historyWindow && m_historyWindow->isVisible())
        m_historyWindow->refresh();
}

void TrayController::syncNow()
{
    if (m_scheduler->state() == SyncScheduler::State::Stopped && !m_shutDown) {
        // Manual rounds work even when automatic ones are off (tests, or before start()).
        const QStringList list = agents();
        QMetaObject::invokeMethod(m_worker, [worker = m_worker, list] { worker->runRound(list, QStringLiteral("menu")); }, Qt::QueuedConnection);
        return;
    }
    m_scheduler->syncNow(QStringLiteral("menu"));
}

void TrayController::setRemoteAllowed(bool allowed)
{
    // The same core function as `teamai remote-cmd`: the switch, then the hook rules at once.
    const Result<agenthooks::hookrules::GateFollowed> followed =
        agenthooks::hookrules::setRemoteCommandsEnabled(allowed, QStringLiteral("tray"));
    if (!followed)
        emit message(tr("Remote commands not changed: %1").arg(followed.error()));
    else if (!followed->ok())
        emit message((allowed ? tr("Hook rules not all restored: %1") : tr("Hook rules not all withdrawn: %1"))
                         .arg(followed->errors.join(QStringLiteral("; "))));
    refresh();
}

void TrayController::raise(QWidget *window)
{
    window->show();
    window->setWindowState((window->windowState() & ~Qt::WindowMinimized) | Qt::WindowActive);
    window->raise();
    window->activateWindow();
}

void TrayController::showCommands()
{
    CommandLedger *l = ledger();
    if (!l) {
        emit message(tr("The command ledger cannot be opened; see the log."));
        return;
    }
    if (!m_commandsWindow) {
        m_commandsWindow = new CommandsWindow(*l);
        connect(m_commandsWindow, &CommandsWindow::cancelRequested, this, [this] {
            if (m_worker)
                m_worker->cancelRunning();
        });
        // A pending command says when the next sync will run it.
        connect(m_scheduler.get(), &SyncScheduler::stateChanged, m_commandsWindow,
                [this] { m_commandsWindow->setNextSync(m_scheduler->nextSyncAt()); });
    } else {
        m_commandsWindow->reload();
    }
    m_commandsWindow->setNextSync(m_scheduler->nextSyncAt());
    raise(m_commandsWindow);
}

void TrayController::showAckHistory()
{
    if (!ledger()) {
        emit message(tr("The command ledger cannot be opened; see the log."));
        return;
    }
    if (!m_historyWindow)
        m_historyWindow = new AckHistoryWindow(*m_database);
    else
        m_historyWindow->refresh();
    raise(m_historyWindow);
}

void TrayController::showAbout()
{
    showAboutBox();
}

void TrayController::showSettings()
{
    if (!m_settingsDialog) {
        m_settingsDialog = new SettingsDialog(m_options.teamaiPath);
        m_settingsDialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(m_settingsDialog, &SettingsDialog::applied, this, [this](bool endpointChanged, int interval, const QStringList &) {
            if (endpointChanged && m_worker) {
                // The next round builds a new engine on the new endpoint; the ledger stays.
                QMetaObject::invokeMethod(m_worker, &SyncWorker::reload, Qt::QueuedConnection);
            }
            m_scheduler->setIntervalMinutes(interval);
            refresh();
            syncNow();
        });
    }
    raise(m_settingsDialog);
}

void TrayController::enterNewToken()
{
    showSettings();
    m_settingsDialog->askForNewToken(m_inputs.lastSyncMessage);
}

void TrayController::openLog()
{
    const QString folder = paths::logDir();
    const QString file = folder + QStringLiteral("/teamai.log");
    (void)paths::ensurePrivateDir(folder);  // opening it says what is wrong
    QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo::exists(file) ? file : folder));
}

void TrayController::quit()
{
    shutdown();
    if (m_tray)
        m_tray->hide();
    emit quitRequested();
}

QJsonObject TrayController::status() const
{
    QJsonArray shown;
    if (m_commandsWindow) {
        const CommandsModel *model = m_commandsWindow->model();
        for (int row = 0; row < model->rowCount() && row < 50; ++row) {
            const LedgerCommand &c = model->commandAt(row);
            shown.append(QJsonObject{{QStringLiteral("command_id"), c.commandId},
                                     {QStringLiteral("agent_type"), c.agentType},
                                     {QStringLiteral("type"), c.type},
                                     {QStringLiteral("state"), stateName(c.state)}});
        }
    }
    return QJsonObject{
        {QStringLiteral("ok"), true},
        {QStringLiteral("state"), trayStateName(state())},
        {QStringLiteral("state_text"), trayStateText(state())},
        {QStringLiteral("tray_available"), m_trayAvailable},
        {QStringLiteral("scheduler"), SyncScheduler::stateName(m_scheduler->state())},
        {QStringLiteral("rounds"), m_rounds},
        {QStringLiteral("last_round_error"), m_lastRoundMessage},
        {QStringLiteral("pending"), m_inputs.pending},
        {QStringLiteral("running"), m_inputs.running},
        {QStringLiteral("remote_allowed"), m_inputs.remoteAllowed},
        {QStringLiteral("remote_locked"), m_inputs.remoteLocked},
        {QStringLiteral("hook_rules"), m_hookRuleRows},
        {QStringLiteral("endpoint"), m_inputs.endpoint},
        {QStringLiteral("tooltip"), toolTip()},
        {QStringLiteral("status_line"), m_statusHeadline->text()},
        {QStringLiteral("status_times"), m_statusTimes->text()},
        {QStringLiteral("fix"), fixName(trayFixFor(m_inputs))},
        {QStringLiteral("status_panel"), bool(m_statusPanel && m_statusPanel->isVisible())},
        {QStringLiteral("commands_window"), bool(m_commandsWindow && m_commandsWindow->isVisible())},
        {QStringLiteral("history_window"), bool(m_historyWindow && m_historyWindow->isVisible())},
        {QStringLiteral("commands_shown"), shown},
    };
}

QJsonObject TrayController::handleMessage(const QJsonObject &request)
{
    const QString cmd = request.value(QStringLiteral("cmd")).toString();
    if (cmd == QLatin1String("status"))
        return status();
    if (cmd == QLatin1String("quit")) {
        QMetaObject::invokeMethod(this, &TrayController::quit, Qt::QueuedConnection);
        return {{QStringLiteral("ok"), true}};
    }
    if (cmd == QLatin1String("sync")) {
        syncNow();
        return {{QStringLiteral("ok"), true}};
    }
    if (cmd == QLatin1String("show")) {
        const QString window = request.value(QStringLiteral("window")).toString();
        if (window == QLatin1String("history"))
            showAckHistory();
        else if (window == QLatin1String("settings"))
            showSettings();
        else if (window == QLatin1String("token"))
            enterNewToken();
        else
            showCommands();
        return {{QStringLiteral("ok"), true}};
    }
    if (cmd == QLatin1String("activate") || cmd.isEmpty()) {
        showCommands();
        return {{QStringLiteral("ok"), true}};
    }
    return {{QStringLiteral("ok"), false}, {QStringLiteral("error"), QStringLiteral("unknown request `%1`").arg(cmd)}};
}

} // namespace teamai::ui
