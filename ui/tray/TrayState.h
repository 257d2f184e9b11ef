#pragma once

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

} // namespace teamai::ui
