#pragma once

#include <functional>

namespace teamai::ui {
class FirstRunDialog;
class SingleInstance;
} // namespace teamai::ui

namespace teamai::tray {

/// @brief Shows the first-run setup when this user has no configuration yet. Returns true to go
/// on — set up, or postponed with "Not now" (the tray then starts unconfigured) — and false for
/// any other answer (the app then quits). Completing the setup turns "Start at
/// login" on for this user (`~/.config/autostart/teamai-tray.desktop`): the packages install no
/// system-wide autostart, so the tray starts at login only for those who set it up.
/// @p exec runs the dialog (default: QDialog::exec; tests answer it).
bool runFirstRunIfNeeded(ui::SingleInstance &instance, const std::function<int(ui::FirstRunDialog &)> &exec = {});

} // namespace teamai::tray
