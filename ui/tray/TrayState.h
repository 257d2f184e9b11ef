#pragma once

#include "syncthread/SyncProblem.h"

#include <QDateTime>
#include <QString>

namespace teamai::ui {

/// @brief What the tray icon shows, most urgent first when several apply.
enum class TrayState {
    CommandRunning,  ///< a pushed command is running (here or in another agent process)
    Syncing,         ///< a round is in progress
    Error,           ///< the last round failed: backend unreachable, token rejected, bad answer
    RemoteLocked,    ///< remote commands disabled and locked by the administrator's policy
    RemoteDisabled,  ///< remote commands disabled (by the user or the environment)
    Idle,            ///< all well, waiting for the next round
};

/// @brief Everything the icon and tooltip depend on.
struct TrayInputs {
    bool commandRunning = false;
    bool syncing = false;
    bool lastSyncFailed = false;
    bool remoteAllowed = true;
    bool remoteLocked = false;
    QString endpoint;
    QDateTime lastSyncTime;      ///< invalid: never
    bool lastSyncOk = false;
    QString lastSyncMessage;
    int pending = 0;
    int running = 0;
    QString remoteDetail;        ///< RemoteCommandGate's one-line explanation
    SyncProblem problem = SyncProblem::None;  ///< why the last round failed (lastSyncFailed)
    QDateTime lastSuccessTime;   ///< the last round that worked (invalid: none seen)
    QDateTime nextSyncTime;      ///< when the scheduler runs the next round (invalid: not planned)
};

/// @brief The action the menu and the no-tray window offer for the problem at hand.
enum class TrayFix {
    None,
    EnterToken,  ///< the token was rejected: "Enter a new token…" opens Settings at the token
    Retry,       ///< the backend could not be reached (or failed): "Retry now"
    Settings,    ///< not set up: "Open Settings…"
};

/// @brief The state the icon shows for @p inputs (priority: running, syncing, error, locked,
/// disabled, idle: an error matters more than a switch the user flipped on purpose).
TrayState trayStateFor(const TrayInputs &inputs);

/// @brief Stable lower-case name: "running", "syncing", "error", "locked", "disabled", "idle"
/// (also the icon file suffix, `tray-<name>.svg`).
QString trayStateName(TrayState state);

/// @brief One line for people, e.g. "Remote commands disabled (locked by policy)".
QString trayStateText(TrayState state);

/// @brief The tooltip: state, endpoint, last sync time and result, pending count.
QString trayToolTip(const TrayInputs &inputs);

/// @brief The status line's first row: the state in words, naming the problem when there is one
/// ("Cannot reach the backend", "The backend rejected the token", "Up to date", "Not synced yet").
QString trayStatusHeadline(const TrayInputs &inputs);

/// @brief The status line's second row: the last successful sync and the next one, times in the
/// local time zone (a date too when not today, relative to @p now).
QString trayStatusTimes(const TrayInputs &inputs, const QDateTime &now = QDateTime::currentDateTime());

/// @brief What to offer for @p inputs' problem (None when the last round worked).
TrayFix trayFixFor(const TrayInputs &inputs);

} // namespace teamai::ui
