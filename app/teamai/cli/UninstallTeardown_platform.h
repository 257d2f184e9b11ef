#pragma once

#include "cli/UninstallTeardown.h"

// The tray's autostart entry, which the uninstall removes: UninstallTeardown_win.cpp (the Run
// registry value), UninstallTeardown_posix.cpp (a file) with its place in _linux.cpp and _mac.cpp.
// Kept in step with ui/desktop/LoginItem (the tray writes the entry; the CLI has no Widgets).
namespace teamai::cli::teardown {

bool autostartPresent();
bool removeAutostart();

} // namespace teamai::cli::teardown
