#pragma once

#include <QString>
#include <QStringList>

namespace teamai::ui {

/// @brief "Start at login": Linux and other XDG desktops use
/// `$XDG_CONFIG_HOME/autostart/teamai-tray.desktop`; Windows the per-user `Run` registry key;
/// macOS a LaunchAgent in `~/Library/LaunchAgents`. Nothing is stored anywhere else, so what the
/// menu shows is what the desktop will do.
///
/// XDG: the packages install a system-wide entry (`/etc/xdg/autostart/teamai-tray.desktop`, or
/// wherever `$XDG_CONFIG_DIRS` points). A user entry of the same name overrides it, as the
/// autostart spec says: turning the item off then writes one with `Hidden=true`, turning it on
/// removes that override again.
class LoginItem
{
public:
    static bool isEnabled();
    /// @brief Enables (for @p executable, default: this program) or disables. False with
    /// @p error set when the entry cannot be written or removed.
    static bool setEnabled(bool enabled, QString *error, const QString &executable = {});
    /// @brief Where the entry lives on this platform (for messages and tests).
    static QString location();
    /// @brief XDG: the system-wide entries that exist (empty elsewhere).
    static QStringList systemEntries();
};

} // namespace teamai::ui
